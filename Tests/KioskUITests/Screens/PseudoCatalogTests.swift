import Foundation
import Geometry
import Localization
import Testing
import TestFixtures
@testable import KioskUI

/// The pseudo-locale through gettext: a .po made from po/tribune.pot's entries with every
/// msgstr marked (KioskStrings.pseudoLocalized, placeholders kept), compiled by msgfmt and read
/// by MessageCatalog like any language. Every screen is drawn with it and every chrome text
/// must be marked, apart from the venue's and event's data and numbers: an English literal that
/// bypasses the catalogs shows up unmarked.
@Suite struct PseudoCatalogTests {
    /// The pseudo .po's text for the catalog's entries.
    static func pseudoPO() -> String { KioskStrings.pseudoCatalogSource() }

    private static let compiled: Result<KioskLanguages, any Error> = Result {
        let root = try MessageCatalogs.processDirectory("pseudo")
        let po = root + "/qps.po"
        try pseudoPO().write(toFile: po, atomically: true, encoding: .utf8)
        try MessageCatalogs.compile(po: po, name: "en", into: root)
        return try KioskLanguages(catalogs: root, offered: [.pseudo], defaultLanguage: .pseudo)
    }

    /// Texts that are the venue's or the event's data, or numbers, codes and money.
    static func isData(_ s: String, _ d: KioskDriver) -> Bool {
        let venue = d.venue
        // The languages' own names (the language button) are data too, never translated.
        let names = Set(venue.tribunes.map(\.label) + venue.categories.map(\.name) + [d.session.configuration.eventName]
            + KioskLanguage.shipped.map(\.nativeName) + [KioskLanguage.pseudo.nativeName])
        if names.contains(s) { return true }
        if s == d.session.content.eventDate { return true }
        // Digits, currency signs, separators and upper-case codes ("ORD-1", "BO-503", "€65.00").
        return s.allSatisfy { $0.isNumber || $0.isUppercase || " ·:.,€$£+-−–/".contains($0) }
    }

    /// The unmarked texts drawn on every screen of ChromeLayoutTests at `size`, by screen.
    static func unmarked(size: Size, inject: String? = nil) throws -> [String: [String]] {
        let languages = try compiled.get()
        var found: [String: [String]] = [:]
        for screen in ChromeLayoutTests.screens {
            let d = KioskDriver(size: size) { c in
                c.eventDate = EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45)
                c.boxOfficeConfigured = !screen.standalone
                c.useLanguages(languages)
                if let inject { c.strings.buyTickets = inject }
            }
            // true: the box office's own reason for a failed purchase is data, marked as the layout tests mark it.
            screen.reach(d, true)
            let texts = ChromeLayoutTests.frames(d).entries.map(\.string)
            let bad = texts.filter { !($0.contains("[") && $0.contains("]")) && !isData($0, d) }
            if !bad.isEmpty { found[screen.name] = bad }
        }
        return found
    }

    @Test func everyDrawnChromeTextComesFromTheCatalog() throws {
        let big = try Self.unmarked(size: Size(width: 1920, height: 1080))
        #expect(big == [:], "\(big)")
        let small = try Self.unmarked(size: Size(width: 800, height: 480))
        #expect(small == [:], "\(small)")
    }

    /// The test can fail: an English literal put into the strings (not from the catalog) is found.
    @Test func anEnglishLiteralIsCaught() throws {
        let found = try Self.unmarked(size: Size(width: 1920, height: 1080), inject: "Buy Tickets")
        #expect(found["tribune-held"]?.contains("Buy Tickets") == true, "\(found)")
    }
}
