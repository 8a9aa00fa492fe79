import Foundation
import Kiosk
import KioskUI
import Testing
import TestFixtures

/// `[language]`: default, offered and catalogs, each bad value refused by its key, and a
/// configuration whose catalogs are the shipped ones (compiled here by msgfmt) giving the
/// kiosk's session every offered language, starting in the default.
@Suite struct KioskConfigurationLanguageTests {
    /// A file with `language` as its `[language]` section and a venue (required standalone).
    static func load(_ language: String, overrides: [(key: String, value: String)] = []) throws(ConfigurationError) -> KioskConfiguration {
        let path = NSTemporaryDirectory() + "tribune-language-\(UUID().uuidString).toml"
        try? ("venue = \"/srv/venue.json\"\n[language]\n" + language).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try KioskConfiguration.load(file: path, overrides: overrides)
    }

    static func error(_ language: String) -> ConfigurationError? {
        do throws(ConfigurationError) { _ = try load(language); return nil } catch { return error }
    }

    @Test func theShippedCatalogsOfferEveryLanguageStartingInTheDefault() throws {
        let root = try MessageCatalogs.shippedRoot()
        let c = try Self.load("default = \"ar\"\noffered = [\"en\", \"ar\", \"zh\"]\ncatalogs = \"\(root)\"\n")
        #expect(c.language.loaded.offered.map(\.tag) == ["en", "ar", "zh"])
        #expect(c.language.loaded.defaultLanguage.tag == "ar")
        #expect(c.speech.languages == ["en", "ar", "zh"])
        // Arabic's strings are the catalog's, not English.
        let arabic = c.language.loaded.strings(for: c.language.loaded.defaultLanguage)
        #expect(arabic.buyTickets != KioskStrings.english.buyTickets && !arabic.buyTickets.isEmpty)
        // Flags win over the file: `tribune run --language de --languages en,de`.
        let flagged = try Self.load("catalogs = \"\(root)\"\n", overrides: [("language.default", "de"), ("language.offered", "en,de")])
        #expect(flagged.language.loaded.offered.map(\.tag) == ["en", "de"] && flagged.language.loaded.defaultLanguage.tag == "de")
    }

    @Test func withoutCatalogsTheDefaultKioskSpeaksEnglishAlone() throws {
        let c = try Self.load("")
        #expect(c.language.loaded == .englishOnly)
    }

    @Test func eachBadValueIsRefusedByItsKey() throws {
        let root = try MessageCatalogs.shippedRoot()
        let missing = NSTemporaryDirectory() + "tribune-no-catalogs-\(UUID().uuidString)"
        let empty = try MessageCatalogs.temporaryDirectory("empty-catalogs")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let cases: [(String, String, String)] = [
            ("default = \"fr\"", "language.default", "expected one of en, de, es, ar, zh, found \"fr\""),
            ("offered = [\"en\", \"kl\"]", "language.offered", "\"kl\" is not a shipped language (en, de, es, ar, zh)"),
            ("offered = [\"en\", \"de\", \"en\"]", "language.offered", "\"en\" is offered twice"),
            ("offered = []", "language.offered", "expected an array of language tags (en, de, es, ar, zh), found an array of 0 numbers"),
            ("offered = [1, 2]", "language.offered", "expected an array of language tags (en, de, es, ar, zh), found an array of 2 numbers"),
            ("default = \"de\"\noffered = [\"en\", \"ar\"]", "language.default", "\"de\" is not offered (language.offered: en, ar)"),
            ("catalogs = \"\(missing)\"", "language.catalogs", "\(missing): no such directory (make catalogs writes out/locale)"),
            ("offered = [\"en\", \"de\"]", "language.catalogs",
             "not set and no catalogs installed next to the binary (share/tribune/locale): set it to `make catalogs`' out/locale"),
        ]
        for (section, key, reason) in cases {
            let e = Self.error(section)
            #expect(e?.key == key && e?.reason == reason, "\(section): \(String(describing: e))")
        }
        // A directory without German's catalog: the .mo's path is named.
        let e = Self.error("offered = [\"en\", \"de\"]\ncatalogs = \"\(empty)\"")
        #expect(e?.key == "language.catalogs")
        #expect(e?.reason.contains(empty + "/de/LC_MESSAGES/tribune.mo") == true, "\(String(describing: e))")
        _ = root
    }
}
