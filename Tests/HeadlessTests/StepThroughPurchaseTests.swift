import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Geometry
import Gestures
import Kiosk
@testable import KioskUI
import Seating
import Testing

/// A step-through purchase against the real box office on loopback (`BoxOfficeServer`, SQLite,
/// as `HoldCartReviewTests`): party size first, two seats, the accessible filter, the first
/// section with wheelchair spaces, its row, the wheelchair space — which takes its companion
/// seat — then Buy, the review's Confirm and the receipt, every tap on a list entry or a
/// control and none on the chart. The seats expected are worked out here from the venue's
/// flags; the box office is asked by another kiosk whether they are sold.
@Suite("Step-through purchase against the box office", .serialized)
struct StepThroughPurchaseTests {
    static let venue = HoldCartReviewTests.venue

    @Test func aWheelchairSpaceAndItsCompanionBoughtFromTheListsAlone() async throws {
        try await StepThroughVisit.run { office, visit in
            let session = visit.session
            func run(to time: Double) { visit.run(to: time) }
            var t = 1.0
            func tap(_ p: Point) {
                t += 1.5
                visit.tap(p, liftingAt: t)
            }
            func tap(_ action: StepListEntry.Action) throws {
                for _ in 0..<50 {
                    if let e = session.stepListEntries.first(where: { $0.action == action }) { return tap(e.frame.center) }
                    let more = try #require(session.stepListEntries.first { $0.action == .nextPage }, "no \(action) in the list")
                    tap(more.frame.center)
                }
            }
            func tap(_ control: KioskControl) throws { tap(try #require(session.frame(of: control)).center) }

            run(to: t)
            session.setAccessibility(AccessibilityOptions(stepThrough: true))
            let v = Self.venue
            let place = try StepThroughVisit.firstWheelchairPlace(in: v)
            let space = place.space, companion = place.companion, row = place.row, section = place.section
            try tap(.partySize(2))
            try tap(StepListEntry.Action.accessibleFilter)
            try tap(.section(section))
            try tap(.row(row))
            try tap(.seat(space))
            #expect(session.selectedSeats.sorted() == [space, companion].sorted())
            try tap(.buy)
            #expect(session.phase == .review)
            try tap(.reviewConfirm)
            #expect(session.phase == .confirmation)
            guard case .receipt(let receipt, _) = session.screen else { Issue.record("no receipt: \(session.screen)"); return }
            #expect(receipt.seats.map(\.seat).sorted() == [space, companion].map { v.seatNumbers[$0] }.sorted())
            #expect(HTTPBoxOfficeResponder.wait { (try? await office.server.store.orderCount()) ?? -1 } == 1)
            // The route check: no touch sequence went to the chart.
            #expect(session.router.chartSequences == 0)
            #expect(session.totals.taps == visit.touch - 1)
        }
    }
}
