import Foundation
import Localization
import Testing
import TestFixtures
@testable import KioskUI

/// Prices in the visitor's language: the cart's lines, the bar's total and the receipt's total
/// as spoken are all Foundation's currency format for the language's locale (German "65,00 €",
/// Arabic with Arabic-Indic digits), computed here by a NumberFormatter of the test's own.
@Suite struct KioskSessionMoneyTests {
    /// The fixture's prices (KioskDriver), by category id.
    static let prices = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900]

    /// `minor` cents of euros as `locale` writes money.
    static func expected(_ minor: Int, locale: String) -> String {
        let f = NumberFormatter()
        f.locale = Locale(identifier: locale)
        f.numberStyle = .currency
        f.currencyCode = "EUR"
        return f.string(from: (Decimal(minor) / 100) as NSDecimalNumber) ?? ""
    }

    @Test(arguments: [(KioskLanguage.german, "de_DE"), (KioskLanguage.arabic, "ar_EG")])
    func cartLinesAndTotalInTheLocale(language: KioskLanguage, locale: String) throws {
        let d = try KioskSessionLanguageTests.driver(defaultLanguage: language)
        d.run(to: 2)
        let venue = d.venue
        // Two seats of different categories where the venue has them.
        let first = 0
        let second = venue.seats.indices.first { venue.seats[$0].category != venue.seats[first].category } ?? 1
        d.session.takeSeats([first, second])
        let price = { (s: Int) in Self.prices[venue.categories[Int(venue.seats[s].category)].id] ?? 0 }
        let total = price(first) + price(second)
        #expect(d.session.total == total)

        let lines = d.session.seatListLines()
        try #require(lines.count == 2)
        for (line, seat) in zip(lines, [first, second].sorted()) {
            let money = Self.expected(price(seat), locale: locale)
            #expect(line.detail.hasSuffix(money), "\(line.detail) vs \(money)")
        }
        // The bar's total, drawn.
        let money = Self.expected(total, locale: locale)
        let drawn = KioskSessionLanguageTests.drawn(d)
        #expect(drawn.contains { $0.contains(money) }, "\(money) not in \(drawn)")
        #expect(!drawn.contains { $0.contains("€\(total / 100).") }, "English money drawn: \(drawn)")
    }
}
