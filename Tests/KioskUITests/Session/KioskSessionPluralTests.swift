import Foundation
import Localization
import Seating
import Testing
import TestFixtures
@testable import KioskUI

/// The visitor's counted messages take the catalog's plural form for the count: Arabic's six
/// (zero, one, two, few, many, other) and German's two, at two of the session's call sites
/// (the ticket limit's toast, a party that fits nowhere). The expected forms are read from
/// the .po files here, the form's index from the language's plural rule written in the test.
@Suite struct KioskSessionPluralTests {
    /// The msgstr[...] forms of the plural entry whose msgid_plural is `plural`, in `po`.
    static func forms(of plural: String, in po: String) throws -> [String] {
        let text = try String(contentsOfFile: MessageCatalogs.poDirectory + "/" + po, encoding: .utf8)
        func unquoted(_ s: Substring) -> String {
            String(s.drop { $0 != "\"" }.dropFirst().dropLast()).replacing("\\\"", with: "\"").replacing("\\\\", with: "\\")
        }
        for entry in text.components(separatedBy: "\n\n") {
            let lines = entry.split(separator: "\n")
            guard lines.contains(where: { $0.hasPrefix("msgid_plural ") && unquoted($0) == plural }) else { continue }
            return lines.filter { $0.hasPrefix("msgstr[") }.map(unquoted)
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: po, "plural": plural])
    }

    /// CLDR's Arabic categories: zero, one, two, few (n % 100 in 3...10), many (11...99), other.
    static func arabicForm(_ n: Int) -> Int {
        switch n {
        case 0: 0
        case 1: 1
        case 2: 2
        default: (3...10).contains(n % 100) ? 3 : (11...99).contains(n % 100) ? 4 : 5
        }
    }

    /// What the session says for the two call sites with `n`.
    static func messages(_ d: KioskDriver, _ n: Int) -> (limit: String, noBlock: String) {
        (d.session.message(for: SelectionRefusal.limitReached(max: n), seat: 0),
         d.session.message(for: PlacementRefusal(.noBlock(count: n, kind: .standard, tribune: nil)), partySize: n))
    }

    static let limitTemplate = "At most {count} tickets per purchase"
    static let noBlockTemplate = "No {count} seats side by side are free"

    @Test func arabicTakesEachOfItsSixForms() throws {
        let d = try KioskSessionLanguageTests.driver(defaultLanguage: .arabic)
        let limit = try Self.forms(of: Self.limitTemplate, in: "ar.po")
        let noBlock = try Self.forms(of: Self.noBlockTemplate, in: "ar.po")
        try #require(limit.count == 6 && noBlock.count == 6)
        var seen: Set<String> = []
        for n in [0, 1, 2, 3, 11, 100] {
            let said = Self.messages(d, n)
            let form = Self.arabicForm(n)
            #expect(said.limit == limit[form].replacing("{count}", with: "\(n)"), "n = \(n)")
            #expect(said.noBlock == noBlock[form].replacing("{count}", with: "\(n)"), "n = \(n)")
            seen.insert(said.noBlock)
        }
        // The six counts are six different sentences (the dual and the few/many forms differ).
        #expect(seen.count == 6)
    }

    @Test func germanSingularAndPlural() throws {
        let d = try KioskSessionLanguageTests.driver(defaultLanguage: .german)
        let limit = try Self.forms(of: Self.limitTemplate, in: "de.po")
        let noBlock = try Self.forms(of: Self.noBlockTemplate, in: "de.po")
        try #require(limit.count == 2 && noBlock.count == 2)
        for (n, form) in [(1, 0), (2, 1)] {
            let said = Self.messages(d, n)
            #expect(said.limit == limit[form].replacing("{count}", with: "\(n)"))
            #expect(said.noBlock == noBlock[form].replacing("{count}", with: "\(n)"))
        }
        #expect(Self.messages(d, 1).noBlock != Self.messages(d, 2).noBlock)
    }
}
