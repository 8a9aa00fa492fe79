import Foundation
import Testing
import TestFixtures
@testable import KioskUI

/// po/tribune.pot is KioskStrings' English (regenerate: `TRIBUNE_UPDATE_POT=1 swift test
/// --filter KioskStringsCatalogTests`, then `msgmerge -U po/<lang>.po po/tribune.pot`), and
/// every shipped .po translates every message of it: no fuzzy, no untranslated, none missing.
@Suite struct KioskStringsCatalogTests {
    static var potPath: String { MessageCatalogs.poDirectory + "/tribune.pot" }

    /// The pot as xgettext would write it for KioskStrings' entries.
    static func potText() -> String {
        func quoted(_ s: String) -> String {
            "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
        }
        var out = """
            # Tribune's messages: the English strings of KioskStrings (Sources/KioskUI/Screens/KioskStrings.swift).
            # Generated, do not edit: TRIBUNE_UPDATE_POT=1 swift test --filter KioskStringsCatalogTests
            # Braces name values the kiosk fills in ({count}, {total}, {section}): keep them, move them as the language needs.
            msgid ""
            msgstr ""
            "Project-Id-Version: tribune\\n"
            "Report-Msgid-Bugs-To: \\n"
            "PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
            "Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
            "Language-Team: LANGUAGE <LL@li.org>\\n"
            "Language: \\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

            """
        for entry in KioskStrings.catalogEntries {
            out += "\n#. KioskStrings." + entry.fields.joined(separator: ", KioskStrings.") + "\n"
            out += "msgid " + quoted(entry.msgid) + "\n"
            if let plural = entry.plural {
                out += "msgid_plural " + quoted(plural) + "\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
            } else {
                out += "msgstr \"\"\n"
            }
        }
        return out
    }

    @Test func potIsKioskStringsEnglish() throws {
        let expected = Self.potText()
        if ProcessInfo.processInfo.environment["TRIBUNE_UPDATE_POT"] == "1" {
            try expected.write(toFile: Self.potPath, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.potPath, encoding: .utf8)
        #expect(committed == expected, "po/tribune.pot differs from KioskStrings: TRIBUNE_UPDATE_POT=1 swift test --filter KioskStringsCatalogTests")
        // msgfmt reads it (syntax, duplicate msgids).
        let check = try MessageCatalogs.run("msgfmt", ["--check-format", "-o", "/dev/null", Self.potPath])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test func pluralTableNamesTheTableStrings() {
        let english = KioskStrings.english
        for (plural, singular) in KioskStrings.pluralSingulars {
            #expect(english.hasField(withText: plural), "pluralSingulars: '\(plural)' is no string of KioskStrings any more")
            #expect(plural.contains("{count}"), "'\(plural)'")
            _ = singular
        }
        // Every template with {count} is a plural entry.
        for field in KioskStrings.fields where english[keyPath: field].contains("{count}") {
            #expect(KioskStrings.pluralSingulars[english[keyPath: field]] != nil
                        || KioskStrings.pluralSingulars.values.contains(english[keyPath: field]),
                    "\(KioskStrings.fieldName(field)) has {count} but no plural entry in pluralSingulars")
        }
    }

    @Test func everyCatalogTranslatesEveryMessage() throws {
        let entries = KioskStrings.catalogEntries.count
        let poFiles = try MessageCatalogs.poFiles()
        #expect(Set(poFiles.map(\.name)).isSuperset(of: ["de", "es", "ar", "zh_CN"]))
        for po in poFiles {
            // Every msgid of the pot is in the .po (and none it does not know).
            let compare = try MessageCatalogs.run("msgcmp", [po.path, Self.potPath])
            #expect(compare.status == 0, "\(po.name).po against tribune.pot: \(compare.output)")
            let stats = try MessageCatalogs.run("msgfmt", ["-c", "--statistics", "-o", "/dev/null", po.path])
            #expect(stats.status == 0, "\(po.name).po: \(stats.output)")
            // "N translated messages." and nothing else: no fuzzy, no untranslated.
            let counts = stats.output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            #expect(counts == "\(entries) translated messages.", "\(po.name).po: \(counts)")
        }
    }
}
