import Foundation
import KioskUI

extension KioskConfiguration {
    /// The languages a kiosk offers (`[language]` in the file): the default every new visitor
    /// starts in, the ones the language button cycles through, and where their compiled
    /// message catalogs are (`make catalogs` / `make install`).
    public struct Language: Sendable, Equatable {
        /// `language.default`: a shipped tag that is offered.
        public var defaultTag = "en"
        /// `language.offered`: shipped tags, in the language button's order.
        public var offered = KioskLanguages.shippedTags
        /// `language.catalogs`: the directory of `<name>/LC_MESSAGES/tribune.mo`; nil: the
        /// installed ones next to the binary (`installedCatalogs`), else English alone.
        public var catalogs: String?
        /// The offered languages' strings, read by `load(file:)` (English alone until then).
        public internal(set) var loaded = KioskLanguages.englishOnly
    }

    static var languageSettings: [Setting] { [
        Setting(key: "language.default", flag: "--language", kind: .text) { c, v in
            guard case .string(let s) = v, KioskLanguages.shippedTags.contains(s) else {
                return "expected one of \(KioskLanguages.shippedTags.joined(separator: ", ")), found \(v.found)"
            }
            c.language.defaultTag = s; return nil
        },
        Setting(key: "language.offered", flag: "--languages", kind: .strings) { c, v in
            let known = KioskLanguages.shippedTags
            guard case .strings(let tags) = v, !tags.isEmpty else {
                return "expected an array of language tags (\(known.joined(separator: ", "))), found \(v.found)"
            }
            if let unknown = tags.first(where: { !known.contains($0) }) {
                return "\"\(unknown)\" is not a shipped language (\(known.joined(separator: ", ")))"
            }
            if let twice = tags.first(where: { t in tags.filter { $0 == t }.count > 1 }) { return "\"\(twice)\" is offered twice" }
            c.language.offered = tags
            c.speech.languages = tags   // the voices the doctor checks
            return nil
        },
        Setting(key: "language.catalogs", flag: "--catalogs", kind: .text) { c, v in
            guard case .string(let s) = v, !s.isEmpty, !s.contains("\0") else {
                return "expected the directory of the compiled catalogs (make catalogs: out/locale), found \(v.found)"
            }
            c.language.catalogs = s; return nil
        },
    ] }

    /// Reads the offered languages' catalogs into `language.loaded`. Errors name the key: a
    /// default not offered (`language.default`), a catalog directory, a language's .mo or its
    /// locale missing (`language.catalogs`). Without `catalogs` and without installed
    /// catalogs, a kiosk left at the default `offered` speaks English alone; one that names its
    /// languages must have their catalogs.
    mutating func loadLanguages(source: String) throws(ConfigurationError) {
        guard language.offered.contains(language.defaultTag) else {
            throw ConfigurationError(source: source, key: "language.default",
                                     reason: "\"\(language.defaultTag)\" is not offered (language.offered: \(language.offered.joined(separator: ", ")))")
        }
        guard let directory = language.catalogs ?? Self.installedCatalogs() else {
            if language.offered == KioskLanguages.shippedTags || language.offered == ["en"] {
                language.loaded = .englishOnly
                return
            }
            throw ConfigurationError(source: source, key: "language.catalogs",
                                     reason: "not set and no catalogs installed next to the binary (share/tribune/locale): set it to `make catalogs`' out/locale")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ConfigurationError(source: source, key: "language.catalogs", reason: "\(directory): no such directory (make catalogs writes out/locale)")
        }
        do {
            language.loaded = try KioskLanguages(catalogs: directory, offered: language.offered, defaultTag: language.defaultTag,
                                                 offeredSetting: "language.offered", defaultSetting: "language.default",
                                                 catalogsSetting: "language.catalogs")
        } catch {
            throw ConfigurationError(source: source, key: error.setting, reason: error.reason)
        }
    }

    /// `<prefix>/share/tribune/locale` for a binary in `<prefix>/bin` (as `make install` lays
    /// them out), when it is there.
    public static func installedCatalogs() -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/tribune/locale").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue ? directory : nil
    }
}
