import Testing
import KioskUI
@testable import Kiosk

/// `[accessibility]`: the options a visitor starts with (off unless configured), set from the
/// file or the flags and reaching the visitor's session; the headset switch's three forms; bad
/// values refused by key.
@Suite struct KioskConfigurationAccessibilityTests {
    static func session(_ c: KioskConfiguration) -> KioskSession.Configuration { KioskConfigurationReceiptTests.session(c) }

    @Test func offAndAutomaticUnlessConfigured() throws {
        let c = try KioskConfiguration.parse(toml: "", source: "tribune.toml")
        #expect(c.accessibility.options == .off && c.accessibility.headsetSwitch == .automatic)
        #expect(Self.session(c).accessibility == .off)
    }

    @Test func theFileSetsEachOption() throws {
        let toml = "[accessibility]\nspeech = true\nstep_through = true\nlarge_text = true\nlow_reach = true\nheadset_switch = \"off\"\n"
        let c = try KioskConfiguration.parse(toml: toml, source: "tribune.toml")
        let all = AccessibilityOptions(largeText: true, lowReach: true, stepThrough: true, speech: true)
        #expect(c.accessibility.options == all && Self.session(c).accessibility == all)
        #expect(c.accessibility.headsetSwitch == .off)
        let one = try KioskConfiguration.parse(toml: "[accessibility]\nspeech = true\n", source: "tribune.toml")
        #expect(Self.session(one).accessibility == AccessibilityOptions(speech: true))
    }

    @Test func theFlagsWin() throws {
        var c = try KioskConfiguration.parse(toml: "[accessibility]\nspeech = false\n", source: "tribune.toml")
        try c.set("accessibility.speech", fromFlag: "true")
        try c.set("accessibility.headset_switch", fromFlag: "/dev/input/event7")
        #expect(c.accessibility.options.speech && c.accessibility.headsetSwitch == .device("/dev/input/event7"))
        #expect(KioskConfiguration.flag(forKey: "accessibility.speech") == "--speech")
        #expect(KioskConfiguration.flag(forKey: "accessibility.headset_switch") == "--headset-switch")
    }

    @Test(arguments: [
        ("[accessibility]\nspeech = \"yes\"", "accessibility.speech", "expected true or false, found \"yes\""),
        ("[accessibility]\nheadset_switch = \"/dev/sda\"", "accessibility.headset_switch",
         "expected \"auto\", \"off\" or an event node such as \"/dev/input/event3\", found \"/dev/sda\""),
        ("[accessibility]\nheadset_switch = true", "accessibility.headset_switch",
         "expected \"auto\", \"off\" or an event node such as \"/dev/input/event3\", found true"),
        ("[accessibility]\nspeak = true", "accessibility.speak",
         "unknown key (known in [accessibility]: accessibility.speech, accessibility.large_text, accessibility.low_reach, accessibility.step_through, accessibility.headset_switch)"),
    ])
    func aBadValueNamesItsKey(toml: String, key: String, reason: String) {
        #expect(throws: ConfigurationError(source: "tribune.toml", key: key, reason: reason)) {
            try KioskConfiguration.parse(toml: toml, source: "tribune.toml")
        }
    }
}
