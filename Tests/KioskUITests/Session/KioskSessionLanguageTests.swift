import Foundation
import Geometry
import Localization
import Spawn
import Testing
import TestFixtures
@testable import KioskUI

/// Switching languages in a session: the shipped catalogs (compiled here), the chrome's drawn
/// text following at once, the direction with Arabic, and a new visitor back in the default.
@Suite struct KioskSessionLanguageTests {
    /// `msgid` translated by the gettext command (not our MessageCatalog) from the compiled root.
    static func gettext(_ msgid: String, locale: String, root: String) throws -> String {
        try ChildProcess.run("/usr/bin/env", ["LANGUAGE=", "LC_ALL=" + locale, "TEXTDOMAINDIR=" + root, "gettext", "-d", "tribune", msgid],
                             error: .inherit).outputText
    }

    static func driver(size: Size = Size(width: 1920, height: 1080), defaultLanguage: KioskLanguage = .english) throws -> KioskDriver {
        let languages = try KioskLanguages(catalogs: try MessageCatalogs.shippedRoot(), offered: KioskLanguage.shipped,
                                           defaultLanguage: defaultLanguage)
        return KioskDriver(size: size) { $0.useLanguages(languages) }
    }

    /// The strings drawn in the next frame.
    static func drawn(_ d: KioskDriver) -> [String] {
        ChromeLayoutTests.frames(d).entries.map(\.string)
    }

    @Test func setLanguageRedrawsTheChromeAtOnce() throws {
        let root = try MessageCatalogs.shippedRoot()
        let d = try Self.driver()
        d.run(to: 2)
        #expect(Self.drawn(d).contains("Buy Tickets"))
        for language in [KioskLanguage.german, .arabic, .chinese] {
            let buy = try Self.gettext("Buy Tickets", locale: language.localeName, root: root)
            #expect(buy != "Buy Tickets" && !buy.isEmpty)
            d.session.setLanguage(language)
            #expect(d.session.language == language)
            #expect(d.session.isRightToLeft == language.isRightToLeft)
            #expect(d.session.layout.rightToLeft == language.isRightToLeft)
            #expect(d.session.needsDisplay)
            let texts = Self.drawn(d)
            #expect(texts.contains(buy), "\(language): \(texts)")
            #expect(!texts.contains("Buy Tickets"))
        }
    }

    @Test func pluralFormsFollowTheCount() throws {
        let root = try MessageCatalogs.shippedRoot()
        let d = try Self.driver(defaultLanguage: .arabic)
        let strings = d.session.content.strings
        for n in [1, 2, 3, 11, 100] {
            // gettext's ngettext form for n, by the command line, with the count filled in.
            let form = try ChildProcess.run("/usr/bin/env", ["LANGUAGE=", "LC_ALL=ar_EG.UTF-8", "TEXTDOMAINDIR=" + root, "ngettext", "-d", "tribune",
                                                             "You've bought 1 ticket.", "You've bought {count} tickets.", "\(n)"],
                                            error: .inherit).outputText
            #expect(strings.counted(\.boughtTickets, n) == form.replacing("{count}", with: "\(n)"), "n = \(n)")
        }
    }

    @Test func aNewVisitorStartsInTheDefaultLanguage() throws {
        let d = try Self.driver(defaultLanguage: .spanish)
        #expect(d.session.language == .spanish)
        d.session.setLanguage(.arabic)
        #expect(d.session.isRightToLeft)
        // A visitor's touch, then none: the prompt, then the attract screen, and the reset with it.
        d.tap(Point(x: 960, y: 540))
        d.run(to: 200)
        #expect(d.session.language == .spanish)
        #expect(!d.session.isRightToLeft)
        // A language not offered changes nothing.
        let klingon = KioskLanguage(tag: "tlh", localeName: "C", catalogName: nil, isRightToLeft: false, nativeName: "tlhIngan",
                                    formatLocaleIdentifier: "en_US")
        d.session.setLanguage(klingon)
        #expect(d.session.language == .spanish)
    }
}
