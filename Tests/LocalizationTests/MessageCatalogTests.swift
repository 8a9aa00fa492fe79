import CIntl
import Foundation
import Glibc
import Localization
import Testing
import TestFixtures

/// MessageCatalog against catalogs msgfmt compiles here: lookups, contexts, Arabic's six plural
/// forms by the Plural-Forms formula written out below, the thread and process locales left as
/// they were, and the typed errors for a locale or catalog that is not there.
@Suite struct MessageCatalogTests {
    /// Arabic's Plural-Forms (the CLDR rule gettext's ar catalogs use).
    static let arabicPluralForms = "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"

    /// The same rule in Swift, independently of libintl's evaluator.
    static func arabicForm(_ n: Int) -> Int {
        if n == 0 { return 0 }
        if n == 1 { return 1 }
        if n == 2 { return 2 }
        if (3...10).contains(n % 100) { return 3 }
        if n % 100 >= 11 { return 4 }
        return 5
    }

    /// A root with `name`'s catalog compiled from `body` (entries after the header).
    static func root(name: String, pluralForms: String, _ body: String) throws -> String {
        let root = try MessageCatalogs.temporaryDirectory("catalog-test")
        let po = root + "/\(name).po"
        let header = """
            msgid ""
            msgstr ""
            "Project-Id-Version: tribune-test\\n"
            "PO-Revision-Date: 2026-11-29 05:00+0000\\n"
            "Last-Translator: Tribune tests <tests@example.invalid>\\n"
            "Language-Team: tests <tests@example.invalid>\\n"
            "Language: \(name)\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: \(pluralForms)\\n"


            """
        try (header + body).write(toFile: po, atomically: true, encoding: .utf8)
        try MessageCatalogs.compile(po: po, name: name, into: root)
        return root
    }

    @Test func arabicHasSixPluralForms() throws {
        let forms = (0..<6).map { "msgstr[\($0)] \"form \($0): {count}\"" }.joined(separator: "\n")
        let root = try Self.root(name: "ar", pluralForms: Self.arabicPluralForms, """
            msgid "1 seat"
            msgid_plural "{count} seats"
            \(forms)

            msgid "Buy Tickets"
            msgstr "شراء التذاكر"
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = try MessageCatalog(directory: root, language: .arabic)
        for n in [0, 1, 2, 3, 11, 100] {
            #expect(catalog.plural("1 seat", "{count} seats", count: n) == "form \(Self.arabicForm(n)): {count}", "n = \(n)")
        }
        #expect([0, 1, 2, 3, 11, 100].map(Self.arabicForm) == [0, 1, 2, 3, 4, 5])
        #expect(catalog.text("Buy Tickets") == "شراء التذاكر")
        // Not in the catalog: the msgid itself, in both kinds of lookup.
        #expect(catalog.text("Not translated") == "Not translated")
        #expect(catalog.plural("1 ticket", "{count} tickets", count: 5) == "{count} tickets")
    }

    @Test func contextsAndLocalesLeftAsTheyWere() throws {
        let root = try Self.root(name: "de", pluralForms: "nplurals=2; plural=(n != 1);", """
            msgctxt "legend"
            msgid "Held"
            msgstr "Reserviert"

            msgid "Held"
            msgstr "Gehalten"
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let globalBefore = uselocale(nil)
        let catalog = try MessageCatalog(directory: root, language: .german)
        #expect(catalog.text("Held", context: "legend") == "Reserviert")
        #expect(catalog.text("Held") == "Gehalten")
        #expect(catalog.text("Sold", context: "legend") == "Sold")
        // The thread's locale is restored and the process's untouched (still "C").
        #expect(uselocale(nil) == globalBefore)
        #expect(String(cString: setlocale(LC_MESSAGES, nil)) == "C")
        #expect(String(cString: dgettext(MessageCatalog.domain, "Held")) == "Held")
    }

    @Test func twoRootsSideBySide() throws {
        let a = try Self.root(name: "de", pluralForms: "nplurals=2; plural=(n != 1);", "msgid \"Ok\"\nmsgstr \"Okay\"\n")
        let b = try Self.root(name: "en", pluralForms: "nplurals=2; plural=(n != 1);", "msgid \"Ok\"\nmsgstr \"[Ok]\"\n")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        let german = try MessageCatalog(directory: a, language: .german)
        let pseudo = try MessageCatalog(directory: b, language: .pseudo)
        #expect(german.text("Ok") == "Okay")
        #expect(pseudo.text("Ok") == "[Ok]")
        #expect(german.text("Ok") == "Okay")
    }

    @Test func englishNeedsNoCatalog() throws {
        let english = try MessageCatalog(directory: "/nonexistent", language: .english)
        #expect(english.text("Buy Tickets") == "Buy Tickets")
        #expect(english.plural("1 ticket", "{count} tickets", count: 1) == "1 ticket")
        #expect(english.plural("1 ticket", "{count} tickets", count: 0) == "{count} tickets")
    }

    @Test func missingLocaleAndCatalogAreNamed() throws {
        let root = try MessageCatalogs.temporaryDirectory("catalog-missing")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let klingon = KioskLanguage(tag: "tlh", localeName: "tlh_XX.UTF-8", catalogName: nil, isRightToLeft: false,
                                    nativeName: "tlhIngan Hol", formatLocaleIdentifier: "en_US")
        #expect {
            _ = try MessageCatalog(directory: root, language: klingon)
        } throws: { error in
            guard let e = error as? MessageCatalogError, case .localeMissing(let locale, _) = e.kind else { return false }
            return locale == "tlh_XX.UTF-8" && e.description.contains("scripts/install-deps.sh")
        }
        #expect(throws: MessageCatalogError(.catalogMissing(path: root + "/de/LC_MESSAGES/tribune.mo"), language: "de")) {
            _ = try MessageCatalog(directory: root, language: .german)
        }
    }

    @Test func shippedLanguages() {
        #expect(KioskLanguage.shipped.map(\.tag) == ["en", "de", "es", "ar", "zh"])
        #expect(KioskLanguage.shipped.map(\.nativeName) == ["English", "Deutsch", "Español", "العربية", "中文"])
        #expect(KioskLanguage.shipped.filter(\.isRightToLeft) == [.arabic])
        #expect(KioskLanguage.shipped(tag: "zh")?.localeName == "zh_CN.UTF-8")
        #expect(KioskLanguage.shipped(tag: "fr") == nil)
    }
}
