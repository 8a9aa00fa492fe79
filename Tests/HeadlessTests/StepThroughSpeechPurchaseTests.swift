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

/// The step-through purchase of `StepThroughPurchaseTests` by a visitor who cannot see the
/// screen: speech and step-through on, and only swipes and double-taps — no tap on any item,
/// none on the chart — against the real box office on loopback. Two seats, the accessible
/// filter, the first section with wheelchair spaces, its row, the wheelchair space (which takes
/// its companion seat), Buy, Confirm, the receipt; the seats are worked out here from the
/// venue's flags, and what the kiosk said is checked against the transcript written here.
@Suite("Step-through purchase by speech against the box office", .serialized)
struct StepThroughSpeechPurchaseTests {
    static let venue = HoldCartReviewTests.venue

    @Test func aWheelchairSpaceAndItsCompanionBoughtBySwipesAndDoubleTaps() async throws {
        try await StepThroughVisit.run { office, visit in
            let replay = visit.replay, session = visit.session
            func run(to time: Double) { visit.run(to: time) }
            var t = 1.0
            func frame(_ at: Double, _ p: Point, _ phase: TouchFrame.Touch.Phase) {
                run(to: at)
                replay.handle(TouchFrame(timestamp: at, touches: [.init(id: 1, location: p, phase: phase)]))
            }
            // Every gesture lands in the middle of the screen, over the chart.
            let middle = Point(x: 540, y: 500)
            func swipe(right: Bool) {
                t += 0.6
                let dx: Double = right ? 50 : -50
                frame(t, middle, .began)
                for k in 1...3 { frame(t + 0.05 * Double(k), Point(x: middle.x + dx * Double(k), y: middle.y), .moved) }
                frame(t + 0.16, Point(x: middle.x + 3 * dx, y: middle.y), .ended)
            }
            func doubleTap() {
                t += 0.6
                frame(t, middle, .began); frame(t + 0.05, middle, .ended)
                frame(t + 0.15, middle, .began); frame(t + 0.2, middle, .ended)
                t += 0.4
                run(to: t)
            }
            /// Swipes to the item `matches` picks (through "More" when it is on a later page), then double-taps.
            func choose(_ what: String, _ matches: (FocusItem) -> Bool) throws {
                for _ in 0..<80 {
                    if let f = session.focusedItem, matches(f) { return doubleTap() }
                    let items = session.focusItems
                    let more = session.stepListEntries.first { $0.action == .nextPage }
                    let target = items.firstIndex(where: matches) ?? items.firstIndex { $0.frame == more?.frame }
                    let k = try #require(target, "\(what) is not on screen")
                    if let f = session.focusedItem, f.frame == more?.frame, items.firstIndex(where: matches) == nil { doubleTap(); continue }
                    let current = items.firstIndex { $0 == session.focusedItem } ?? -1
                    swipe(right: k > current)
                }
                Issue.record("never reached \(what)")
            }
            func choose(_ action: StepListEntry.Action) throws {
                try choose("\(action)") { item in session.stepListEntries.contains { $0.action == action && $0.frame == item.frame } }
            }
            func choose(_ control: KioskControl) throws {
                try choose("\(control)") { $0.frame == session.frame(of: control) }
            }

            run(to: t)
            session.setAccessibility(AccessibilityOptions(stepThrough: true, speech: true))
            let v = Self.venue, strings = KioskStrings.english
            let place = try StepThroughVisit.firstWheelchairPlace(in: v)
            let space = place.space, companion = place.companion, row = place.row, section = place.section
            try choose(.partySize(2))
            try choose(StepListEntry.Action.accessibleFilter)
            try choose(.section(section))
            try choose(.row(row))
            try choose(.seat(space))
            let seats = [space, companion].sorted()
            #expect(session.selectedSeats.sorted() == seats)
            try choose(.buy)
            #expect(session.phase == .review)
            try choose(.reviewConfirm)
            #expect(session.phase == .confirmation)
            guard case .receipt(let receipt, _) = session.screen else { Issue.record("no receipt: \(session.screen)"); return }
            #expect(receipt.seats.map(\.seat).sorted() == seats.map { v.seatNumbers[$0] }.sorted())
            #expect(HTTPBoxOfficeResponder.wait { (try? await office.server.store.orderCount()) ?? -1 } == 1)
            // Only the screen reader's gestures: no sequence went to the chart, none pressed anything directly.
            #expect(session.router.chartSequences == 0)

            // The transcript: the screens' and the results' announcements in order, among the
            // focus's echoes of item labels. The review's items: two seat lines with their remove
            // controls, Confirm, the accessibility button; the receipt's: the order code, the two
            // seats, the total, Done, the accessibility button.
            let total = seats.reduce(0) { $0 + (session.price(ofCategory: Int(v.seats[$1].category)) ?? 0) }
            let money = MoneyFormat.string(minor: total, currency: session.configuration.currency)
            let hint = strings.spokenSwipeHint
            let placeList = seats.map { "Row \(v.rowLabels[row]), Seat \(v.seatNumbers[$0])" }.joined(separator: ", ")
            let announcements = replay.transcript.map(\.text)
            let expectedStarts = [
                strings.howManySeats,
                "\(strings.chooseSection).",
                "\(placeList). \(strings.addedToSeats). 2 tickets, \(money).",
                "\(strings.reviewTitle). 2 tickets, \(money). 6 items. \(hint)",
                strings.processing,
                "Purchase done. Your order code is \(KioskSession.spelledOut(receipt.orderCode)). You've bought 2 tickets. Total \(money). 6 items. \(hint)",
            ]
            var from = 0
            for expected in expectedStarts {
                let k = announcements[from...].firstIndex { $0.hasPrefix(expected) }
                #expect(k != nil, "not said in order: \(expected)\nsaid: \(announcements)")
                if let k { from = k + 1 }
            }
            #expect(announcements.contains { $0.hasPrefix(KioskStrings.fill(strings.chooseRow, ("section", v.tribunes[section].label)).replacing(" · ", with: ", ")) })
            // Times never go back, and every announcement is English.
            #expect(zip(replay.transcript, replay.transcript.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(replay.transcript.allSatisfy { $0.language == "en" })
        }
    }
}
