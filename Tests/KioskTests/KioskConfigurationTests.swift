import Foundation
import Testing
@testable import Kiosk
import KioskUI
import TestFixtures

@Suite struct KioskConfigurationTests {
    static let good = """
        venue = "/var/lib/tribune/stadium.venue.json"
        event_name = "Cup Final"
        log_level = "debug"
        control_socket = "/run/tribune/ctl.sock"

        [box_office]
        url = "http://127.0.0.1:8080"
        token_file = "/etc/tribune/token"
        event_id = "cup-final"
        journal_dir = "/var/lib/tribune"
        poll_interval = 2.5
        request_timeout = 4
        out_of_service_after = 20

        [display]
        card = "/dev/dri/card1"
        connector = "HDMI-A-1"
        mode = "1920x1080@60"
        rotation = 90
        tty = "/dev/tty1"

        [touch]
        enabled = true
        seat = "seat1"
        device = "ILITEK"
        calibration = [0, 1, 0, -1, 0, 1]
        width_mm = 527
        height_mm = 296.5

        [idle]
        timeout = 120
        prompt = 15
        blank_after = 0
        wake_guard = 0.25
        """

    @Test func aCompleteFileSetsEveryValue() throws {
        let c = try KioskConfiguration.parse(toml: Self.good, source: "tribune.toml")
        #expect(c.venue == "/var/lib/tribune/stadium.venue.json")
        #expect(c.eventName == "Cup Final")
        #expect(c.logLevel == "debug")
        #expect(c.controlSocket == "/run/tribune/ctl.sock")
        #expect(c.boxOffice.url == "http://127.0.0.1:8080")
        #expect(c.boxOffice.tokenFile == "/etc/tribune/token")
        #expect(c.boxOffice.eventID == "cup-final")
        #expect(c.boxOffice.pollInterval == 2.5)
        #expect(c.boxOffice.requestTimeout == 4)          // an integer where a number is expected is fine
        #expect(c.boxOffice.outOfServiceAfter == 20)
        #expect(c.display == KioskConfiguration.Display(card: "/dev/dri/card1", connector: "HDMI-A-1", mode: "1920x1080@60",
                                                        rotation: 90, tty: "/dev/tty1"))
        #expect(c.touch.seat == "seat1" && c.touch.device == "ILITEK" && c.touch.enabled)
        #expect(c.touch.calibration == [0, 1, 0, -1, 0, 1])
        #expect(c.touch.widthMM == 527 && c.touch.heightMM == 296.5)
        #expect(c.idle == KioskConfiguration.Idle(timeout: 120, prompt: 15, blankAfter: 0, wakeGuard: 0.25))
        #expect(c.boxOfficeConfigured)
        try c.validate(source: "tribune.toml")
    }

    @Test func anEmptyFileGivesTheDocumentedDefaults() throws {
        let c = try KioskConfiguration.parse(toml: "", source: "tribune.toml")
        #expect(c == KioskConfiguration())
        #expect(c.display.rotation == 0 && c.touch.seat == "seat0" && c.idle.timeout == 90 && c.idle.prompt == 20)
        #expect(c.controlSocket == "/run/tribune/control.sock" && !c.boxOfficeConfigured)
    }

    @Test func theExampleFileInTheRepositoryIsValid() throws {
        let repo = PackagePaths.root
        let text = try String(contentsOf: repo.appendingPathComponent("config/tribune.toml.example"), encoding: .utf8)
        let c = try KioskConfiguration.parse(toml: text, source: "tribune.toml.example")
        #expect(c.venue != nil)
        try c.validate(source: "tribune.toml.example")
    }

    @Test func theRotationErrorReadsAsDocumented() {
        #expect(throws: ConfigurationError(source: "tribune.toml", key: "display.rotation", reason: "expected 0, 90, 180 or 270, found 45")) {
            try KioskConfiguration.parse(toml: "[display]\nrotation = 45\n", source: "tribune.toml")
        }
        let e = ConfigurationError(source: "tribune.toml", key: "display.rotation", reason: "expected 0, 90, 180 or 270, found 45")
        #expect(e.description == "tribune.toml: display.rotation: expected 0, 90, 180 or 270, found 45")
    }

    /// A wrong-typed value (an inline table fits no setting) for every key: the error names that key.
    @Test(arguments: KioskConfiguration.settingKeys)
    func aWrongValueNamesItsKey(key: String) {
        let parts = key.split(separator: ".")
        let toml = parts.count == 2 ? "[\(parts[0])]\n\(parts[1]) = { x = 1 }\n" : "\(key) = { x = 1 }\n"
        do throws(ConfigurationError) {
            _ = try KioskConfiguration.parse(toml: toml, source: "tribune.toml")
            Issue.record("\(key) accepted a table")
        } catch {
            #expect(error.key == key)
            #expect(error.source == "tribune.toml")
            #expect(error.reason.hasPrefix("expected"))
            #expect(error.reason.hasSuffix("found a table"))
        }
    }

    @Test(arguments: [
        ("log_level = \"loud\"", "log_level", "expected one of trace, debug, info, notice, warning, error, critical, found \"loud\""),
        ("control_socket = \"relative.sock\"", "control_socket", "expected an absolute path (\"\" for none), found \"relative.sock\""),
        ("[box_office]\nurl = \"ftp://x\"", "box_office.url", "expected an http:// or https:// URL, found \"ftp://x\""),
        ("[box_office]\npoll_interval = 0", "box_office.poll_interval", "expected a number of seconds ≥ 0.5, found 0"),
        ("[display]\nmode = \"1920by1080\"", "display.mode", "expected WxH or WxH@Hz (e.g. 1920x1080@60), found \"1920by1080\""),
        ("[display]\nrotation = \"90\"", "display.rotation", "expected 0, 90, 180 or 270, found \"90\""),
        ("[touch]\ncalibration = [1, 0, 0, 0, 1]", "touch.calibration",
         "expected 6 numbers a b c d e f (as LIBINPUT_CALIBRATION_MATRIX), found an array of 5 numbers"),
        ("[touch]\nwidth_mm = -3", "touch.width_mm", "expected a positive number of millimetres, found -3"),
        ("[touch]\nenabled = \"yes\"", "touch.enabled", "expected true or false, found \"yes\""),
        ("[idle]\nblank_after = -1", "idle.blank_after", "expected a number of seconds ≥ 0 (0: never), found -1"),
        ("[idle]\ntimeout = 0.5", "idle.timeout", "expected a number of seconds ≥ 1, found 0.5"),
    ])
    func aBadValueSaysWhatWasExpected(toml: String, key: String, reason: String) {
        #expect(throws: ConfigurationError(source: "tribune.toml", key: key, reason: reason)) {
            try KioskConfiguration.parse(toml: toml, source: "tribune.toml")
        }
    }

    @Test func unknownKeysAndSectionsAreRefusedByName() {
        do throws(ConfigurationError) {
            _ = try KioskConfiguration.parse(toml: "[display]\nrotaton = 90\n", source: "tribune.toml")
            Issue.record("accepted a misspelt key")
        } catch {
            #expect(error.key == "display.rotaton")
            #expect(error.reason.hasPrefix("unknown key (known in [display]: "))
            #expect(error.reason.contains("display.rotation"))
        }
        do throws(ConfigurationError) {
            _ = try KioskConfiguration.parse(toml: "[screen]\nrotation = 90\n", source: "tribune.toml")
            Issue.record("accepted an unknown section")
        } catch {
            #expect(error.key == "screen")
            #expect(error.reason == "unknown section (known: box_office, display, touch, idle, seating, speech, accessibility, language)")
        }
    }

    @Test func aSyntaxErrorGivesTheLine() {
        do throws(ConfigurationError) {
            _ = try KioskConfiguration.parse(toml: "venue = \"a\"\n[display\nrotation = 0\n", source: "tribune.toml")
            Issue.record("accepted broken TOML")
        } catch {
            #expect(error.key == "")
            #expect(error.reason.hasPrefix("line 2, column"))
            #expect(error.description.hasPrefix("tribune.toml: line 2"))
        }
    }

    @Test func keysThatBelongTogetherAreChecked() throws {
        var c = try KioskConfiguration.parse(toml: "[box_office]\nurl = \"http://localhost:1\"\nevent_id = \"e\"\n", source: "t.toml")
        #expect(throws: ConfigurationError(source: "t.toml", key: "box_office.token_file", reason: "required when box_office.url is set")) {
            try c.validate(source: "t.toml")
        }
        c.boxOffice.tokenFile = "/etc/tribune/token"
        try c.validate(source: "t.toml")   // no venue needed: the layout comes from the box office
        let standalone = KioskConfiguration()
        do throws(ConfigurationError) { try standalone.validate(source: "flags"); Issue.record("no venue accepted") } catch {
            #expect(error.key == "venue")
        }
    }

    @Test func flagsWinOverTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tribune.toml").path
        try "venue = \"/a.venue.json\"\n[display]\nrotation = 90\n[idle]\ntimeout = 60\n".write(toFile: file, atomically: true, encoding: .utf8)

        let c = try KioskConfiguration.load(file: file, overrides: [
            ("display.rotation", "180"), ("venue", "/b.venue.json"), ("touch.enabled", "false"), ("touch.calibration", "0 1 0 -1 0 1"),
        ])
        #expect(c.display.rotation == 180)
        #expect(c.venue == "/b.venue.json")
        #expect(c.idle.timeout == 60)                 // from the file, no flag
        #expect(!c.touch.enabled)
        #expect(c.touch.calibration == [0, 1, 0, -1, 0, 1])

        #expect(throws: ConfigurationError(source: "--rotation", key: "display.rotation", reason: "expected 0, 90, 180 or 270, found 45")) {
            try KioskConfiguration.load(file: file, overrides: [("display.rotation", "45")])
        }
        #expect(throws: ConfigurationError(source: "tribune.toml", key: "display.rotation", reason: "expected 0, 90, 180 or 270, found 45")) {
            try "venue = \"/a\"\n[display]\nrotation = 45\n".write(toFile: file, atomically: true, encoding: .utf8)
            return try KioskConfiguration.load(file: file, overrides: [])
        }
    }

    @Test func theDefaultFileMayBeMissingButANamedOneMayNot() throws {
        let missing = "/nonexistent/\(UUID().uuidString)/tribune.toml"
        let c = try KioskConfiguration.load(file: missing, optional: true, overrides: [("venue", "/v.json")])
        #expect(c.venue == "/v.json")
        do throws(ConfigurationError) { _ = try KioskConfiguration.load(file: missing, optional: false, overrides: [("venue", "/v.json")]); Issue.record("missing file accepted") } catch {
            #expect(error.source == missing)
            #expect(error.reason.hasPrefix("cannot read"))
        }
    }

    /// The event's start for the header: ISO local time, and an impossible date is an error naming the key.
    @Test func eventDate() throws {
        let c = try KioskConfiguration.parse(toml: "event_date = \"2026-03-14T20:45\"\n", source: "tribune.toml")
        #expect(c.eventDate == EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45))
        do throws(ConfigurationError) {
            _ = try KioskConfiguration.parse(toml: "event_date = \"2026-02-30T20:45\"\n", source: "tribune.toml")
            Issue.record("30 February accepted")
        } catch {
            #expect(error.key == "event_date" && error.reason.hasPrefix("expected a date and time"))
        }
    }

    @Test func everyKeyHasItsFlag() {
        for key in KioskConfiguration.settingKeys {
            let flag = KioskConfiguration.flag(forKey: key)
            #expect(flag?.hasPrefix("--") == true, "\(key)")
        }
        #expect(KioskConfiguration.flag(forKey: "display.rotation") == "--rotation")
        #expect(Set(KioskConfiguration.settingKeys.compactMap(KioskConfiguration.flag(forKey:))).count == KioskConfiguration.settingKeys.count)
    }
}
