import Testing
import Geometry
@testable import KioskUI

/// The receipt in the session: built from the box office's answer (the order id as the code,
/// the seats it names in the venue's order, their total), Done resets for the next visitor, and
/// so does the receipt's timeout when configured — at exactly `since + receiptTimeout`.
@Suite struct KioskSessionReceiptTests {
    /// Two seats bought by touch; the receipt on screen.
    static func bought(_ d: KioskDriver) -> (Int, Int) {
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b)); d.tap(.buy); d.tap(.reviewConfirm)
        // The box office lists the seats in its own order (by id); the receipt goes by the venue's.
        d.session.receive(.purchased(orderID: "ord_77", seats: [b, a].map { d.venue.seatIDs[$0] }))
        return (a, b)
    }

    @Test func theReceiptNamesTheOrderTheSeatsAndTheTotal() throws {
        let d = KioskDriver()
        let (a, b) = Self.bought(d)
        guard case .receipt(let receipt, let since) = d.session.screen else { Issue.record("\(d.session.screen)"); return }
        #expect(since == d.session.now)
        #expect(receipt.orderCode == "ord_77")
        let prices = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900]
        let expected = [a, b].map { s in
            let category = d.venue.categories[Int(d.venue.seats[s].category)]
            return Receipt.Seat(section: d.venue.tribunes[Int(d.venue.seats[s].tribune)].label, row: d.venue.rowLabels[Int(d.venue.seats[s].row)],
                                seat: d.venue.seatNumbers[s], category: category.name, price: prices[category.id])
        }
        #expect(receipt.seats == expected)
        #expect(receipt.total == [a, b].reduce(0) { $0 + prices[d.venue.categories[Int(d.venue.seats[$1].category)].id]! })
        #expect(receipt.currency == "EUR")
        let code = try receipt.symbol.get()
        #expect(code.version == 1)   // 6 bytes fit version 1 at M (14)
    }

    @Test func doneResetsForTheNextVisitor() {
        let d = KioskDriver()
        let (a, _) = Self.bought(d)
        d.run(to: d.now + 5)
        #expect(d.session.phase == .confirmation)
        d.tap(.dialogOK)
        d.run(to: d.now + 1.1)
        #expect(d.session.phase == .browsing && d.session.selectedSeats.isEmpty)
        #expect(d.session.interaction.isAtHome && d.session.interaction.chart.availability.status(a) == .sold)
    }

    @Test func theReceiptGoesByItselfAfterItsTimeout() {
        let d = KioskDriver { $0.receiptTimeout = 45 }
        _ = Self.bought(d)
        let shown = d.session.now
        #expect(d.session.nextDeadline == shown + 45)
        d.run(to: shown + 44.9)
        #expect(d.session.phase == .confirmation)
        d.run(to: shown + 45)
        #expect(d.session.phase == .browsing && d.session.selectedSeats.isEmpty)
        d.run(to: d.now + 1.1)
        #expect(d.session.interaction.isAtHome)
    }

    @Test func withoutATimeoutOnlyDoneEndsTheReceipt() {
        let d = KioskDriver { $0.receiptTimeout = nil }
        _ = Self.bought(d)
        d.run(to: d.now + 3600)
        #expect(d.session.phase == .confirmation)
        d.tap(.dialogOK)
        #expect(d.session.phase == .browsing)
    }
}
