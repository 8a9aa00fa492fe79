import DRMDisplay
import KioskUI

/// One setting's value as read from TOML or from a flag's text, before validation.
enum SettingValue {
    case string(String), integer(Int), number(Double), boolean(Bool), numbers([Double]), strings([String]), other(String)

    /// How the value is named in an error ("found 45", "found \"abc\"", "found a table").
    var found: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .integer(let i): "\(i)"
        case .number(let d): "\(d)"
        case .boolean(let b): "\(b)"
        case .numbers(let a): "an array of \(a.count) number\(a.count == 1 ? "" : "s")"
        case .strings(let a): "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .other(let what): what
        }
    }
    var double: Double? {
        switch self { case .integer(let i): Double(i); case .number(let d): d; default: nil }
    }
}

/// A settable key: its TOML path, its `tribune run` flag and how a value is checked and stored.
struct Setting {
    enum Kind { case text, number, integer, boolean, numbers, strings }
    let key: String
    let flag: String
    let kind: Kind
    /// Stores the value, or returns why it is wrong.
    let apply: (inout KioskConfiguration, SettingValue) -> String?
}

extension KioskConfiguration {
    /// Every key, in the order of the example file.
    public static var settingKeys: [String] { settings.map(\.key) }

    /// The flag of `tribune run` that sets `key` (e.g. `--rotation` for `display.rotation`).
    public static func flag(forKey key: String) -> String? { settings.first { $0.key == key }?.flag }

    static var settings: [Setting] { [
        text("venue", "--venue", \.venue, path: true),
        text("event_name", "--event-name", \.eventName),
        Setting(key: "event_date", flag: "--event-date", kind: .text) { c, v in
            guard case .string(let s) = v, let date = EventDate(iso: s) else {
                return "expected a date and time as \"2026-03-14T20:45\", found \(v.found)"
            }
            c.eventDate = date; return nil
        },
        Setting(key: "log_level", flag: "--log-level", kind: .text) { c, v in
            guard case .string(let s) = v, logLevels.contains(s) else {
                return "expected one of \(logLevels.joined(separator: ", ")), found \(v.found)"
            }
            c.logLevel = s; return nil
        },
        Setting(key: "control_socket", flag: "--control-socket", kind: .text) { c, v in
            guard case .string(let s) = v else { return "expected a path (\"\" for none), found \(v.found)" }
            guard s.isEmpty || s.hasPrefix("/") else { return "expected an absolute path (\"\" for none), found \(v.found)" }
            guard s.utf8.count < 108 else { return "longer than a Unix socket path may be (107 bytes)" }
            c.controlSocket = s; return nil
        },
        Setting(key: "control_socket_mode", flag: "--control-socket-mode", kind: .text) { c, v in
            guard case .string(let s) = v, let mode = UInt32(s, radix: 8), ControlSocketAccess.isAllowed(mode) else {
                return "expected \"0600\" (owner only) or \"0660\" (and the group), found \(v.found)"
            }
            c.controlSocketAccess.mode = mode; return nil
        },
        Setting(key: "control_socket_group", flag: "--control-socket-group", kind: .text) { c, v in
            guard case .string(let s) = v, !s.isEmpty, !s.contains("\0") else { return "expected a group name, found \(v.found)" }
            c.controlSocketAccess.group = s; return nil
        },
        Setting(key: "box_office.url", flag: "--box-office-url", kind: .text) { c, v in
            guard case .string(let s) = v, s.hasPrefix("http://") || s.hasPrefix("https://"), s.count > 8 else {
                return "expected an http:// or https:// URL, found \(v.found)"
            }
            c.boxOffice.url = s; return nil
        },
        text("box_office.token_file", "--token-file", \.boxOffice.tokenFile, path: true),
        text("box_office.ca_file", "--ca-file", \.boxOffice.caFile, path: true),
        text("box_office.event_id", "--event-id", \.boxOffice.eventID),
        Setting(key: "box_office.journal_dir", flag: "--journal-dir", kind: .text) { c, v in
            guard case .string(let s) = v, s.hasPrefix("/") else { return "expected an absolute path, found \(v.found)" }
            c.boxOffice.journalDirectory = s; return nil
        },
        number("box_office.poll_interval", "--poll-interval", \.boxOffice.pollInterval, minimum: 0.5),
        number("box_office.request_timeout", "--request-timeout", \.boxOffice.requestTimeout, minimum: 0.1),
        number("box_office.out_of_service_after", "--out-of-service-after", \.boxOffice.outOfServiceAfter, minimum: 0),
        number("box_office.heartbeat_interval", "--heartbeat-interval", \.boxOffice.heartbeatInterval, minimum: 0, note: " (0: no heartbeats)"),
        text("display.card", "--card", \.display.card, path: true),
        text("display.connector", "--connector", \.display.connector),
        Setting(key: "display.mode", flag: "--mode", kind: .text) { c, v in
            guard case .string(let s) = v, DRMModeRequest(s) != nil else {
                return "expected WxH or WxH@Hz (e.g. 1920x1080@60), found \(v.found)"
            }
            c.display.mode = s; return nil
        },
        Setting(key: "display.rotation", flag: "--rotation", kind: .integer) { c, v in
            guard case .integer(let r) = v, [0, 90, 180, 270].contains(r) else {
                return "expected 0, 90, 180 or 270, found \(v.found)"
            }
            c.display.rotation = r; return nil
        },
        text("display.tty", "--tty", \.display.tty, path: true),
        optionalNumber("display.mount_bottom_mm", "--mount-bottom-mm", \.display.mountBottomMM),
        Setting(key: "touch.enabled", flag: "--no-touch", kind: .boolean) { c, v in
            guard case .boolean(let b) = v else { return "expected true or false, found \(v.found)" }
            c.touch.enabled = b; return nil
        },
        Setting(key: "touch.seat", flag: "--seat", kind: .text) { c, v in
            guard case .string(let s) = v, !s.isEmpty else { return "expected a seat name such as \"seat0\", found \(v.found)" }
            c.touch.seat = s; return nil
        },
        text("touch.device", "--touch-device", \.touch.device),
        Setting(key: "touch.calibration", flag: "--calibration", kind: .numbers) { c, v in
            guard case .numbers(let m) = v, m.count == 6, m.allSatisfy(\.isFinite) else {
                return "expected 6 numbers a b c d e f (as LIBINPUT_CALIBRATION_MATRIX), found \(v.found)"
            }
            c.touch.calibration = m; return nil
        },
        optionalNumber("touch.width_mm", "--width-mm", \.touch.widthMM),
        optionalNumber("touch.height_mm", "--height-mm", \.touch.heightMM),
        number("idle.timeout", "--idle-timeout", \.idle.timeout, minimum: 1),
        number("idle.prompt", "--idle-prompt", \.idle.prompt, minimum: 1),
        number("idle.blank_after", "--blank-after", \.idle.blankAfter, minimum: 0, note: " (0: never)"),
        number("idle.wake_guard", "--wake-guard", \.idle.wakeGuard, minimum: 0),
        number("idle.receipt", "--receipt-timeout", \.idle.receipt, minimum: 0, note: " (0: until Done)"),
        Setting(key: "seating.party_size_first", flag: "--no-party-size-first", kind: .boolean) { c, v in
            guard case .boolean(let b) = v else { return "expected true or false, found \(v.found)" }
            c.seating.partySizeFirst = b; return nil
        },
    ] + accessibilitySettings + speechSettings + languageSettings }

    static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    private static func text(_ key: String, _ flag: String, _ path: WritableKeyPath<KioskConfiguration, String?>,
                             path isPath: Bool = false) -> Setting {
        Setting(key: key, flag: flag, kind: .text) { c, v in
            guard case .string(let s) = v, !s.isEmpty else {
                return "expected \(isPath ? "a path" : "a non-empty string"), found \(v.found)"
            }
            if isPath && !s.hasPrefix("/") && !s.hasPrefix(".") && s.contains("\0") { return "not a path" }
            c[keyPath: path] = s; return nil
        }
    }

    private static func number(_ key: String, _ flag: String, _ path: WritableKeyPath<KioskConfiguration, Double>,
                               minimum: Double, note: String = "") -> Setting {
        Setting(key: key, flag: flag, kind: .number) { c, v in
            guard let d = v.double, d.isFinite, d >= minimum else {
                return "expected a number of seconds ≥ \(minimum.plainText)\(note), found \(v.found)"
            }
            c[keyPath: path] = d; return nil
        }
    }

    private static func optionalNumber(_ key: String, _ flag: String, _ path: WritableKeyPath<KioskConfiguration, Double?>) -> Setting {
        Setting(key: key, flag: flag, kind: .number) { c, v in
            guard let d = v.double, d.isFinite, d > 0 else { return "expected a positive number of millimetres, found \(v.found)" }
            c[keyPath: path] = d; return nil
        }
    }

    // MARK: Applying

    /// Sets `key` from a flag's text (the flag wins over the file).
    public mutating func set(_ key: String, fromFlag text: String) throws(ConfigurationError) {
        guard let setting = Self.settings.first(where: { $0.key == key }) else {
            throw ConfigurationError(source: "flags", key: key, reason: "unknown key")
        }
        let value: SettingValue
        switch setting.kind {
        case .text: value = .string(text)
        case .integer, .number:
            if let i = Int(text) { value = .integer(i) } else if let d = Double(text) { value = .number(d) } else { value = .string(text) }
        case .boolean:
            value = text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : .string(text)
        case .numbers:
            let parts = text.split { $0 == " " || $0 == "," }
            let numbers = parts.compactMap { Double($0) }
            value = numbers.count == parts.count ? .numbers(numbers) : .string(text)
        case .strings:
            value = .strings(text.split { $0 == " " || $0 == "," }.map(String.init))
        }
        if let reason = setting.apply(&self, value) {
            throw ConfigurationError(source: setting.flag, key: key, reason: reason)
        }
    }

    /// Checks what involves several keys; `source` names the file or "flags".
    public func validate(source: String) throws(ConfigurationError) {
        if boxOffice.url != nil {
            if boxOffice.tokenFile == nil {
                throw ConfigurationError(source: source, key: "box_office.token_file", reason: "required when box_office.url is set")
            }
            if boxOffice.eventID == nil {
                throw ConfigurationError(source: source, key: "box_office.event_id", reason: "required when box_office.url is set")
            }
            if boxOffice.caFile != nil, boxOffice.url?.hasPrefix("https://") != true {
                throw ConfigurationError(source: source, key: "box_office.ca_file",
                                         reason: "only used with an https:// box_office.url (the URL is plain http://)")
            }
        } else {
            if boxOffice.tokenFile != nil || boxOffice.eventID != nil || boxOffice.caFile != nil {
                throw ConfigurationError(source: source, key: "box_office.url",
                                         reason: "missing (token_file/event_id/ca_file are set, but no URL to use them with)")
            }
            if venue == nil {
                throw ConfigurationError(source: source, key: "venue",
                                         reason: "no venue file: set venue = \"/path/stadium.venue.json\" or pass --venue (required without a box office)")
            }
        }
    }
}

extension Double {
    /// 0.5 → "0.5", 1.0 → "1".
    var plainText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
