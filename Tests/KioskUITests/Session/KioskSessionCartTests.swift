import Foundation
import Geometry
import Testing
@testable import KioskUI

/// The cart and the review without a box office behind them (answers by hand): many seats end
/// in "+ N more" and never overflow, a removed line asks for its release, and a cart or review
/// whose last seat was sold elsewhere gives way to the chart. The real box office's side is
/// HoldCartReviewTests (HeadlessTests).
@Suite struct KioskSessionCartTests {
    /// Eight seats side by side in the middle row of the rect tribune (14 seats a row), held for 10 min.
    static func eightSeats(_ d: KioskDriver) -> [Int] {
        let t = d.zoomIn()
        let (middle, _) = d.middleSeats(t)
        let seats = Array((middle - 3)...(middle + 4))
        for s in seats { d.tap(d.seatPoint(s)) }
        for s in seats { d.session.receive(.seatHeld(d.venue.seatIDs[s], expiresAt: d.now + 600)) }
        _ = d.session.takeRequests()
        return seats
    }

    @Test func manySeatsOnASmallPanelEndInPlusNMoreInsideTheCard() throws {
        let d = KioskDriver(size: Size(width: 800, height: 480)) { $0.pixelsPerMillimetre = 6 }
        let seats = Self.eightSeats(d)
        #expect(d.session.selectedSeats.count == 8)
        d.tap(.cart)
        d.run(to: d.now + 0.5)
        #expect(d.session.phase == .cart)
        // As many lines as the card's height holds (96-unit lines, 8 apart); here the column
        // has room for a short "+ N more" row under its last line, so every line is a seat.
        let list = SeatListLayout(layout: d.session.layout, removable: true)
        let rows = list.lines.count
        #expect(rows >= 3 && rows < 8, "\(rows) lines at 800x480")
        let (frame, _, entries) = ChromeLayoutTests.frames(d)
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] { try? frame.writePNG(to: out + "/cart-eight-800x480.png", opaque: true) }
        let places = entries.filter { $0.string.contains("Row\u{A0}") && $0.string.contains("Seat\u{A0}") }
        #expect(places.count == rows)
        #expect(places.map(\.string) == seats.prefix(places.count).map { s in
            "\(d.venue.tribunes[Int(d.venue.seats[s].tribune)].label)\u{A0}· Row\u{A0}\(d.venue.rowLabels[Int(d.venue.seats[s].row)])\u{A0}· Seat\u{A0}\(d.venue.seatNumbers[s])"
        })
        let more = try #require(entries.first { $0.string == "+ \(8 - places.count) more" })
        #expect(places.allSatisfy { $0.frame.maxY <= more.frame.minY }, "'+ N more' \(more.frame) over a seat's line")
        for e in entries { #expect(list.card.contains(e.frame), "'\(e.string)' \(e.frame) leaves the card \(list.card)") }
        // Speech reads it where it is drawn, after the seats' lines and before the total.
        let spoken = d.session.focusItems.map(\.label)
        let moreAt = try #require(spoken.firstIndex(of: more.string), "\(spoken)")
        #expect(spoken[moreAt + 1].hasPrefix("8 tickets"))
        #expect(d.session.focusItems[moreAt].frame.contains(more.frame))
        // Only the lines shown are controls.
        #expect(d.session.frame(ofCartLine: places.count - 1) != nil && d.session.frame(ofCartLine: places.count) == nil)
    }

    @Test func removingALineAsksForItsReleaseAndTheLastOneClosesTheCart() {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        _ = d.session.takeRequests()
        d.tap(.cart)
        d.tap(d.session.frame(ofCartRemove: 1)!.center)
        #expect(d.session.takeRequests() == [.releaseSeat(d.venue.seatIDs[b])])
        #expect(d.session.selectedSeats == [a] && d.session.phase == .cart)
        d.tap(d.session.frame(ofCartRemove: 0)!.center)
        #expect(d.session.takeRequests() == [.releaseSeat(d.venue.seatIDs[a])])
        #expect(d.session.selectedSeats.isEmpty && d.session.phase == .zoomed)
    }

    @Test func theReviewsLastSeatSoldElsewhereReturnsToTheChart() {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        d.session.receive(.seatHeld(d.venue.seatIDs[a], expiresAt: d.now + 600))
        d.tap(.buy)
        #expect(d.session.phase == .review)
        d.session.receive(.seatTaken(d.venue.seatIDs[a]))
        #expect(d.session.phase == .zoomed && d.session.selectedSeats.isEmpty)
        #expect(d.session.toastText?.contains("was just taken") == true)
    }

    static let sizes = [Size(width: 800, height: 480), Size(width: 1920, height: 1080), Size(width: 1080, height: 1920),
                        Size(width: 3840, height: 2160)]

    /// A cart line from the overview: the chart flies to the seat's tribune, the seat ends inside
    /// the safe area, and its callout says it is one of the visitor's seats.
    @Test(arguments: sizes) func aCartLineFliesToItsSeatWithItsCallout(size: Size) throws {
        let d = KioskDriver(size: size) { $0.pixelsPerMillimetre = size.width > 3000 ? 5.4 : 4 }
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        d.tap(.zoomOut)
        d.run(to: d.now + 1.2)
        #expect(d.session.phase == .browsing)
        d.tap(.cart)
        d.tap(try #require(d.session.frame(ofCartLine: 1)).center)
        d.run(to: d.now + 1.2)
        #expect(d.session.phase == .zoomed && d.session.interaction.chart.selectedTribune == t)
        let p = d.session.interaction.presentedView.screenPoint(fromChart: d.venue.seats[b].center)
        #expect(d.session.layout.safeArea.contains(p), "seat at \(p), safe area \(d.session.layout.safeArea)")
        let callout = try #require(d.session.snapshot().callout)
        #expect(callout.lines.last == d.session.content.strings.yourSeats)
        #expect(callout.lines.contains("Row\u{A0}\(d.venue.rowLabels[Int(d.venue.seats[b].row)])\u{A0}· Seat\u{A0}\(d.venue.seatNumbers[b])"))
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try? d.render().writePNG(to: "\(out)/cart-flown-\(Int(size.width))x\(Int(size.height)).png", opaque: true)
        }
    }

    /// Large text on a small panel puts the countdown in a row under the seats, beside More
    /// time's place; while More time is not offered it has the whole row, so "Seats held for
    /// 9:59" stays on one line (it broke before the time, with half the row empty beside it).
    @Test(arguments: [Size(width: 800, height: 480), Size(width: 480, height: 800), Size(width: 1920, height: 1080),
                      Size(width: 1080, height: 1920), Size(width: 3840, height: 2160)])
    func theCountdownStaysOnOneLineWithLargeText(size: Size) throws {
        let d = KioskDriver(size: size) { $0.pixelsPerMillimetre = 6 }
        d.session.setAccessibility(AccessibilityOptions(largeText: true))
        _ = Self.eightSeats(d)
        d.tap(.cart)
        d.run(to: d.now + 0.5)
        #expect(d.session.phase == .cart)
        let (frame, _, entries) = ChromeLayoutTests.frames(d)
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try? frame.writePNG(to: "\(out)/cart-large-\(Int(size.width))x\(Int(size.height)).png", opaque: true)
        }
        // At least one seat's own line: a column of one line used to hold only "+ N more".
        #expect(entries.contains { $0.string.contains("Seat\u{A0}") }, "no seat's line in the cart")
        let countdown = try #require(entries.first { $0.string.hasPrefix("Seats held for") })
        // One line is about 1.2 em tall, two about 2.4.
        #expect(countdown.frame.height < 1.8 * countdown.size, "\(countdown.frame) at \(countdown.size) px")
        #expect(!countdown.truncated)
        let list = SeatListLayout(layout: d.session.layout, removable: true)
        #expect(list.card.contains(countdown.frame))
        for e in entries where e.onCard && e.string != countdown.string {
            #expect(!e.frame.intersects(countdown.frame), "'\(e.string)' \(e.frame) over the countdown \(countdown.frame)")
        }
    }
}
