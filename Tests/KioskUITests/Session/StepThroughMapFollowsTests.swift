import Testing
import Geometry
import Seating
@testable import KioskUI

/// The map beside (or above) the step list follows it on every panel, the 7" ones with their
/// small chart strip included: a row opened shows the seats its page lists, another page shows
/// its seats, and a wheelchair space chosen shows it and its companion. "Shows" means the seat's
/// centre, once the flight is over, lies inside the chart's part of the screen (the list's
/// `chartArea`), and no seat callout lies over a chosen seat's centre. Which seats are listed and
/// chosen is worked out here from the venue's rows and flags.
@Suite struct StepThroughMapFollowsTests {
    typealias Panel = ChromeLayoutTests.Panel

    /// Seats of `seats` whose centre is not inside the chart area on screen now.
    static func outOfSight(_ seats: [Int], _ d: KioskDriver) -> [Int] {
        let area = d.session.stepListLayout().chartArea, view = d.session.interaction.presentedView
        return seats.filter { !area.contains(view.screenPoint(fromChart: d.venue.seats[$0].center)) }
    }

    /// The seats the list shows now, in its order.
    static func listedSeats(_ d: KioskDriver) -> [Int] {
        d.session.stepListEntries.compactMap { if case .seat(let s) = $0.action { s } else { nil } }
    }

    @Test(arguments: ReceiptSeatLinesTests.panels, [false, true])
    func theMapShowsTheListedAndChosenSeats(panel: Panel, large: Bool) throws {
        let d = StepListLayoutTests.driver(panel, pseudo: false, large: large)
        let venue = d.venue, at = "\(panel)\(large ? " large" : "")"
        // A wheelchair space with its companion after it (the first in the venue: at the start
        // of its row, far from the row's middle, where a 7" strip does not reach).
        let space = try #require(venue.seats.indices.first { s in
            venue.seats[s].flags.contains(.wheelchair)
                && venue.rows[Int(venue.seats[s].row)].seats.contains(s + 1) && venue.seats[s + 1].flags.contains(.companion)
        })
        let row = Int(venue.seats[space].row)
        StepThroughSessionTests.tap(.partySize(2), d)
        StepThroughSessionTests.tap(.accessibleFilter, d)
        StepThroughSessionTests.tap(.section(Int(venue.seats[space].tribune)), d)
        StepThroughSessionTests.tap(.row(row), d)
        d.run(to: d.now + 1.5)
        let firstPage = Self.listedSeats(d)
        #expect(!firstPage.isEmpty, "no seats listed for row \(row) on \(at)")
        #expect(firstPage.allSatisfy { venue.rows[row].seats.contains($0) })
        #expect(Self.outOfSight(firstPage, d).isEmpty, "row opened: seats \(Self.outOfSight(firstPage, d)) of its page not on the map on \(at)")

        // Each further page of the row: its seats are brought into sight.
        var pages = 0
        while let more = d.session.stepListEntries.first(where: { $0.action == .nextPage }), pages < 3 {
            d.tap(more.frame.center)
            d.run(to: d.now + 1.5)
            pages += 1
            let listed = Self.listedSeats(d)
            #expect(Self.outOfSight(listed, d).isEmpty, "page \(pages + 1): seats \(Self.outOfSight(listed, d)) not on the map on \(at)")
        }

        StepThroughSessionTests.tap(.seat(space), d)
        d.run(to: d.now + 1.5)
        let chosen = [space, space + 1]
        #expect(d.session.selectedSeats.sorted() == chosen, "space and companion not chosen on \(at)")
        #expect(Self.outOfSight(chosen, d).isEmpty, "chosen seats \(Self.outOfSight(chosen, d)) not on the map on \(at)")
        if let callout = d.session.calloutSnapshot() {
            let view = d.session.interaction.presentedView
            let seat = view.screenPoint(fromChart: venue.seats[space].center)
            #expect(!callout.box.contains(seat), "the callout \(callout.box) lies over the chosen space at \(seat) on \(at)")
            #expect(d.session.stepListLayout().chartArea.contains(callout.box), "the callout leaves the map on \(at)")
        }
        #expect(d.session.router.chartSequences == 0)
    }
}
