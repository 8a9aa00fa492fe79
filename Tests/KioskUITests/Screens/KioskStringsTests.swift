import Testing
@testable import KioskUI

/// The chrome's strings: one table, formatted with their values, and the pseudo-locale the
/// layout tests use (every string at least 40 % longer, placeholders intact).
@Suite struct KioskStringsTests {
    @Test func pseudoLocaleIsFortyPercentLongerAndKeepsPlaceholders() {
        let english = KioskStrings.english, pseudo = KioskStrings.pseudo
        // Every string of the table is in `fields` (so `mapped` reaches it).
        let strings = Mirror(reflecting: english).children.filter { $0.value is String }
        #expect(strings.count == KioskStrings.fields.count)
        for f in KioskStrings.fields {
            let e = english[keyPath: f], p = pseudo[keyPath: f]
            // Characters outside placeholders, counted by hand from the braces.
            func literal(_ s: String) -> Int {
                var n = 0, inside = false
                for ch in s { if ch == "{" { inside = true } else if ch == "}" { inside = false } else if !inside { n += 1 } }
                return n
            }
            #expect(Double(literal(p)) >= 1.4 * Double(literal(e)), "'\(p)' is not 40 % longer than '\(e)'")
            #expect(p.hasPrefix("[") && p.hasSuffix("]"))
            for token in ["{count}", "{total}", "{time}", "{name}", "{price}", "{seat}", "{seconds}", "{code}", "{weekday}"] {
                #expect(e.contains(token) == p.contains(token), "\(token) in '\(p)'")
            }
        }
        #expect(pseudo.weekdays.count == 7 && pseudo.months.count == 12 && pseudo.months[0] != english.months[0])
        #expect(KioskStrings.pseudoLocalized("Ok") == "[Öķ]")
        #expect(KioskStrings.pseudoLocalized("Buy Tickets") == "[Ɓûý Ţîçķéţš Ɓû]")
    }

    @Test func formatting() throws {
        let s = KioskStrings.english
        #expect(s.ticketsAndTotal(1, total: 2900, currency: "EUR") == "1 ticket · €29.00")
        #expect(s.ticketsAndTotal(3, total: 19500, currency: "CHF") == "3 tickets · 195.00 CHF")
        #expect(s.bought(2) == "You've bought 2 tickets.")
        let date = try #require(EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 5))
        #expect(s.dateAndTime(date) == "Sat 14 Mar 2026 · 20:05")
        #expect(KioskStrings.fill("{a} and {a} or {b}", ("a", "x"), ("b", "{a}")) == "x and x or {a}")
    }
}
