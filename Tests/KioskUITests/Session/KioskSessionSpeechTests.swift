import Testing
import Geometry
import Gestures
import Seating
@testable import KioskUI

/// Speech on (`AccessibilityOptions.speech`): what the session says for a scripted visitor who
/// only swipes, explores and double-taps, against transcripts written out here.
struct KioskSessionSpeechTests {
    static let hint = "Swipe right for the next item, double-tap to choose."

    /// 1920x1080 at 4 px/mm, party size first, at most 4 tickets, speech on after the trace-in.
    static func driver() -> KioskDriver {
        let d = KioskDriver { $0.partySizeFirst = true; $0.maxSeatsPerOrder = 4 }
        d.run(to: 1.2)
        d.session.setAccessibility(AccessibilityOptions(speech: true))
        d.session.advance(to: 1.2)
        return d
    }

    /// A one-finger swipe of 40 mm (160 px) in 0.15 s across the middle of the screen.
    static func swipe(_ direction: SwipeDirection, _ d: KioskDriver) {
        let sign: Double = direction == .right ? 1 : -1
        let start = Point(x: 960 - sign * 80, y: 700), t = d.now + 0.1
        d.frame(t, [.init(id: 900, location: start, phase: .began)])
        for k in 1...3 {
            d.frame(t + 0.05 * Double(k), [.init(id: 900, location: Point(x: start.x + sign * 160 * Double(k) / 3, y: 700), phase: .moved)])
        }
        d.frame(t + 0.16, [.init(id: 900, location: Point(x: start.x + sign * 160, y: 700), phase: .ended)])
        d.run(to: d.now + 0.4)
    }

    /// Two taps 0.1 s apart at the same place (anywhere: here over the chart).
    static func doubleTap(_ d: KioskDriver, at p: Point = Point(x: 960, y: 700)) {
        d.tap(p)
        d.tap(p)
        d.run(to: d.now + 0.4)
    }

    /// One tap, then the double-tap window (0.3 s) runs out: the item under it is explored.
    static func explore(_ d: KioskDriver, at p: Point) {
        d.tap(p)
        d.run(to: d.now + 0.4)
    }

    static func said(_ d: KioskDriver) -> [String] { d.session.takeAnnouncements().map(\.text) }

    @Test func turningSpeechOnAnnouncesTheScreenAndSwipesReadItsItems() {
        let d = Self.driver()
        // Cart, accessibility, the picker's four sizes, Buy (the legend lies open in 1920x1080's bar).
        #expect(Self.said(d) == ["Choose your seats. 7 items. " + Self.hint])
        Self.swipe(.right, d)
        Self.swipe(.right, d)
        Self.swipe(.right, d)
        #expect(Self.said(d) == ["Your seats, No seats chosen yet", "Accessibility", "1 seat"])
        Self.swipe(.left, d)
        #expect(Self.said(d) == ["Accessibility"])
        // Swipes and taps never reach the chart: no pan, no zoom, no tribune chosen.
        #expect(d.session.phase == .browsing && d.session.interaction.isAtHome)
    }

    @Test func aSingleTapExploresAndPressesNothing() throws {
        let d = Self.driver()
        _ = Self.said(d)
        let buy = try #require(d.session.frame(of: .buy))
        Self.explore(d, at: buy.center)
        #expect(Self.said(d) == ["Buy Tickets, dimmed"])
        #expect(d.session.phase == .browsing)
        #expect(d.session.focusedItem?.frame == buy)
        // Where no item is, nothing is said and the focus stays.
        Self.explore(d, at: Point(x: 960, y: 700))
        #expect(Self.said(d).isEmpty && d.session.focusedItem?.frame == buy)
    }

    @Test func aSpokenPurchaseFromBestSeatsToTheReceipt() throws {
        let d = Self.driver()
        let venue = d.venue
        _ = Self.said(d)
        // Two seats: swipe to "2 seats" (home is not shown at home: cart, accessibility, 1 seat, 2 seats).
        for _ in 0..<4 { Self.swipe(.right, d) }
        _ = Self.said(d)
        Self.doubleTap(d)
        // The picker closes; its first new item is the party's chip.
        #expect(Self.said(d) == ["2 seats, Change"])
        Self.swipe(.right, d)
        #expect(Self.said(d) == ["Best seats"])
        Self.doubleTap(d)
        let block = try BestAvailable.block(partySize: 2, venue: venue,
                                            vacancy: SeatVacancy(availability: EventAvailability(seatCount: venue.seatCount), now: 0),
                                            pairing: AccessiblePairing(venue: venue))
        let seats = Array(block.seats)
        #expect(d.session.selectedSeats.sorted() == seats)
        let places = seats.map { "Row \(venue.rowLabels[Int(venue.seats[$0].row)]), Seat \(venue.seatNumbers[$0])" }
        let section = venue.tribunes[Int(venue.seats[seats[0]].tribune)].label.replacing(" · ", with: ", ")
        let category = venue.categories[Int(venue.seats[seats[0]].category)]
        let price = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900][category.id] ?? 0
        let total = MoneyFormat.string(minor: 2 * price, currency: "EUR")
        // The result, then the tribune the chart flew to: home, cart, accessibility, chip, Best seats, filter, Buy.
        #expect(Self.said(d) == [
            places.joined(separator: ", ") + ". Added to your seats. 2 tickets, \(total).",
            "\(section). Choose your seats. 7 items. " + Self.hint,
        ])
        for s in seats { d.session.receive(.seatHeld(venue.seatIDs[s], expiresAt: d.now + 300)) }
        let expiry = try #require(d.session.holdExpiresAt)

        // Buy, found by exploring, then the review.
        let buy = try #require(d.session.frame(of: .buy))
        Self.explore(d, at: buy.center)
        Self.doubleTap(d)
        // The review's items: its two seat lines with their remove controls, Confirm, and the
        // accessibility button over it.
        #expect(Self.said(d) == ["Buy Tickets", "Check your seats. 2 tickets, \(total). 6 items. " + Self.hint])
        Self.swipe(.right, d)
        let line = "\(venue.tribunes[Int(venue.seats[seats[0]].tribune)].label), Row \(venue.rowLabels[Int(venue.seats[seats[0]].row)]), Seat \(venue.seatNumbers[seats[0]]), \(category.name), \(MoneyFormat.string(minor: price, currency: "EUR"))"
        #expect(Self.said(d) == [line.replacing(" · ", with: ", ")])

        // The hold's last minute is said exactly when it begins.
        d.run(to: expiry - 60)
        let warning = d.session.takeAnnouncements()
        #expect(warning.map(\.text) == ["Only one minute left to buy your seats."])
        #expect(warning.map(\.time) == [expiry - 60])

        // The accessibility button is the last item: swipe past the end and stay there, then
        // one back is Confirm.
        for _ in 0..<6 { Self.swipe(.right, d) }
        #expect(Self.said(d).last == "Accessibility")
        Self.swipe(.left, d)
        #expect(Self.said(d) == ["Confirm and pay"])
        Self.doubleTap(d)
        // Purchasing: its one item is the accessibility button.
        #expect(Self.said(d) == ["Processing… 1 item. " + Self.hint])
        d.session.receive(.purchased(orderID: "o-1", seats: seats.map { venue.seatIDs[$0] }, code: "F9DC07"))
        // The receipt's items: the order code, each of the two seats, the total, Done and the
        // accessibility button over it.
        #expect(Self.said(d) == ["Purchase done. Your order code is F 9 D C 0 7. You've bought 2 tickets. Total \(total). 6 items. " + Self.hint])
        let done = d.session.takeAnnouncements()
        #expect(done.isEmpty)
        #expect(d.session.purchaseCount == 1 && !d.session.takeRequests().isEmpty)
    }

    @Test func announcementsAreValuesWithLanguageAndTimeAndNeverPileUp() {
        let d = Self.driver()
        let first = d.session.takeAnnouncements()
        #expect(first.count == 1 && first[0].language == "en" && first[0].time == 1.2)
        // Nobody takes them: 40 swipes leave the newest 32 waiting.
        for _ in 0..<40 { Self.swipe(.right, d) }
        let waiting = d.session.takeAnnouncements()
        #expect(waiting.count == 32 && d.session.droppedAnnouncements == 8)
        #expect(d.session.takeAnnouncements().isEmpty)
    }

    @Test func speechOffSaysNothingAndTouchesTheChartAgain() {
        let d = Self.driver()
        d.session.setAccessibility(.off)
        _ = d.session.takeAnnouncements()
        Self.swipe(.right, d)
        d.tap(d.tribunePoint(d.rectTribune))
        d.run(to: d.now + 1.2)
        #expect(d.session.takeAnnouncements().isEmpty)
        #expect(d.session.phase == .zoomed)
    }
}
