import KioskUI

extension KioskConfiguration {
    /// Accessibility mode as a visitor finds it on arrival (`[accessibility]` in the file): a
    /// venue's dedicated accessible kiosk may start with speech on; the idle reset returns to
    /// these, not to off. And the physical key that turns eyes-free mode on: a headset jack.
    public struct Accessibility: Sendable, Equatable {
        /// What a new visitor starts with (all off by default).
        public var options = AccessibilityOptions.off
        /// Where the headset jack's switch (evdev `EV_SW`/`SW_HEADPHONE_INSERT`) is read.
        public var headsetSwitch = HeadsetSwitch.automatic
    }

    /// The input device that reports a headset being plugged in.
    public enum HeadsetSwitch: Sendable, Equatable {
        /// Every input device udev marks as a switch (`ID_INPUT_SWITCH`) that has
        /// `SW_HEADPHONE_INSERT`; none found is not an error (most panels have no jack).
        case automatic
        /// This event node (`/dev/input/eventN`); it must exist and report `SW_HEADPHONE_INSERT`.
        case device(String)
        /// No headset key.
        case off
    }

    static var accessibilitySettings: [Setting] { [
        accessibilitySwitch("accessibility.speech", "--speech", \.speech),
        accessibilitySwitch("accessibility.large_text", "--large-text", \.largeText),
        accessibilitySwitch("accessibility.low_reach", "--low-reach", \.lowReach),
        accessibilitySwitch("accessibility.step_through", "--step-through", \.stepThrough),
        Setting(key: "accessibility.headset_switch", flag: "--headset-switch", kind: .text) { c, v in
            guard case .string(let s) = v else {
                return "expected \"auto\", \"off\" or an event node such as \"/dev/input/event3\", found \(v.found)"
            }
            switch s {
            case "auto": c.accessibility.headsetSwitch = .automatic
            case "off": c.accessibility.headsetSwitch = .off
            case _ where s.hasPrefix("/dev/input/event") && s.count > 16 && !s.contains("\0"):
                c.accessibility.headsetSwitch = .device(s)
            default:
                return "expected \"auto\", \"off\" or an event node such as \"/dev/input/event3\", found \(v.found)"
            }
            return nil
        },
    ] }

    private static func accessibilitySwitch(_ key: String, _ flag: String,
                                            _ option: WritableKeyPath<AccessibilityOptions, Bool>) -> Setting {
        Setting(key: key, flag: flag, kind: .boolean) { c, v in
            guard case .boolean(let b) = v else { return "expected true or false, found \(v.found)" }
            c.accessibility.options[keyPath: option] = b; return nil
        }
    }
}
