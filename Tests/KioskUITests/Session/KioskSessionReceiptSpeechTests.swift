import Testing
import Geometry
import Localization
@testable import KioskUI

/// Speech on the receipt (issue 27): a visitor who cannot see it swipes through its items and
/// hears the order code, then each seat bought — where it is (section, row, seat), its
/// category and its price — in their language, then the total and Done. The seats' words are
/// written out here per language (the venue's names as the session's venue gives them, the
/// prices by the language's own convention), not taken from the session's catalog.
struct KioskSessionReceiptSpeechTests {
    /// What a visitor hears for one seat in `language`: row and seat in the language's words,
    /// the price as that language writes euros.
    static func spokenSeat(section: String, row: String, seat: String, category: String, euros: Int,
                           language: KioskLanguage) -> String {
        let cents = "\(euros / 100)" + (language == .german ? "," : ".") + String(format: "%02d", euros % 100)
        let words = language == .german
            ? "\(section), Reihe \(row), Platz \(seat), \(category), \(cents) €"
            : "\(section), Row \(row), Seat \(seat), \(category), €\(cents)"
        // The chrome's " · " (inside a section's name too) is said as a pause; no-break spaces
        // (the German price's, "Platz 8"'s on screen) are said as spaces.
        return words.replacing(" · ", with: ", ")
    }

    @Test(arguments: [KioskLanguage.english, .german], [2, 6])
    func swipesReadEachSeatOfTheReceipt(language: KioskLanguage, tickets: Int) throws {
        let panel = try #require(ReceiptSeatLinesTests.panels.first { $0.size == Size(width: 1920, height: 1080) })
        let (d, sold) = try ReceiptSeatLinesTests.receipt(panel, tickets: tickets, large: false, language: language)
        guard case .receipt(let receipt, _) = d.session.screen else { Issue.record("no receipt"); return }
        d.session.setAccessibility(AccessibilityOptions(speech: true))
        d.run(to: d.now + 0.5)
        _ = KioskSessionSpeechTests.said(d)
        // The venue as the session names it in the visitor's language.
        let venue = d.session.interaction.chart.venue
        let prices = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900]
        let seats = sold.sorted().map { s in
            let category = venue.categories[Int(venue.seats[s].category)]
            return Self.spokenSeat(section: venue.tribunes[Int(venue.seats[s].tribune)].label, row: venue.rowLabels[Int(venue.seats[s].row)],
                                   seat: venue.seatNumbers[s], category: category.name, euros: prices[category.id] ?? -1, language: language)
        }
        // The order code first, then every seat in the venue's order, then the total.
        var heard: [String] = []
        for _ in 0..<(2 + tickets) {
            KioskSessionSpeechTests.swipe(.right, d)
            heard += KioskSessionSpeechTests.said(d)
        }
        try #require(heard.count == 2 + tickets, "heard \(heard)")
        let code = receipt.orderCode.map(String.init).joined(separator: " ")
        #expect(heard[0].hasSuffix(code), "first item \(heard[0])")
        #expect(Array(heard[1...tickets]) == seats, "the seats heard in \(language.tag)")
        let total = sold.reduce(0) { $0 + (prices[venue.categories[Int(venue.seats[$1].category)].id] ?? 0) }
        let totalWords = Self.spokenSeat(section: "", row: "", seat: "", category: "", euros: total, language: language)
            .split(separator: ", ").last.map(String.init) ?? ""
        #expect(heard[tickets + 1].hasSuffix(totalWords), "the total \(heard[tickets + 1]), expected it to end with \(totalWords)")
        // Each seat's item lies on its entry on the receipt.
        let layout = d.session.receiptLayout(receipt)
        let items = d.session.focusItems
        for k in 0..<tickets { #expect(items[1 + k].frame == layout.seatLines[k]) }
    }
}
