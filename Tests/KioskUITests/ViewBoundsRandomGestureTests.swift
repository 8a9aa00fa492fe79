import Foundation
import Geometry
import Testing
import Seating
@testable import KioskUI

/// The bounded view's rest rule (issue 24) after thousands of seeded random gestures: after
/// each gesture, once the session has settled (no finger down, no animation), the stadium's
/// on-screen box — the venue rect's four corners through the presented `chartToScreen` — lies
/// inside the layout's safe area or covers it, along each screen axis (±1 px); and it is never
/// smaller than the whole stadium fitted (zoom's lower limit): along x or y it spans the safe
/// area (±2 px).
@Suite struct ViewBoundsRandomGestureTests {
    struct Case: CustomStringConvertible, Sendable {
        var seats: Int
        var size: Size
        var gestures: Int
        var seed: UInt64
        var description: String { "\(seats) seats at \(Int(size.width))×\(Int(size.height)), \(gestures) gestures, seed \(seed)" }
    }

    static let cases = [
        Case(seats: 10_000, size: Size(width: 1920, height: 1080), gestures: 10_000, seed: 24),
        Case(seats: 60_000, size: Size(width: 1080, height: 1920), gestures: 10_000, seed: 2_024),
        Case(seats: 10_000, size: Size(width: 800, height: 480), gestures: 2_000, seed: 240),
    ]

    @Test(arguments: cases) func theStadiumRestsInOrOverTheSafeArea(_ c: Case) {
        let venue = c.seats == 60_000 ? ViewBounds.bigVenue : ViewBounds.demoVenue
        let replay = ViewBounds.replay(venue: venue, size: c.size)
        let session = replay.session
        // The chart's own safe area, read after each gesture: a random tap may open the
        // accessibility card and turn on step-through, whose list takes part of the screen.
        var safe = session.interaction.chart.view.safeArea
        // Past the trace-in.
        ViewBounds.play([], through: replay)
        var gestures = ViewBoundsGestures(size: c.size, seed: c.seed)
        var unsettled = 0, outside = 0, tooSmall = 0, zoomedIn = 0, cornerEmpty = 0
        var counts: [ViewBoundsGestures.Kind: Int] = [:]
        var firstFailures: [String] = []
        func note(_ s: String) { if firstFailures.count < 5 { firstFailures.append(s) } }
        for k in 0..<c.gestures {
            let (kind, frames) = gestures.next(at: replay.clock.now + 0.1)
            counts[kind, default: 0] += 1
            if !ViewBounds.play(frames, through: replay) {
                unsettled += 1
                note("gesture \(k) (\(kind)): still moving 10 s after the fingers lifted")
            }
            safe = session.interaction.chart.view.safeArea
            let box = ViewBounds.stadiumBox(session)
            if let why = ViewBounds.restViolation(box, safe: safe) {
                outside += 1
                note("gesture \(k) (\(kind)): \(why)")
            }
            if box.width < safe.width - 2 && box.height < safe.height - 2 {
                tooSmall += 1
                note("gesture \(k) (\(kind)): stadium \(Int(box.width))×\(Int(box.height)) px is smaller than fitted in \(Int(safe.width))×\(Int(safe.height))")
            }
            if box.width > safe.width + 2 || box.height > safe.height + 2 {
                zoomedIn += 1
                // The rule is on the box; a turned stadium larger than the safe area may still
                // leave a corner of it empty. Counted, not required (the issue's rule is per axis).
                let toChart = session.interaction.presentedView.chartToScreen.inverted()
                let corners = [Point(x: safe.minX, y: safe.minY), Point(x: safe.maxX, y: safe.minY),
                               Point(x: safe.minX, y: safe.maxY), Point(x: safe.maxX, y: safe.maxY)]
                let stadium = Rect(origin: .zero, size: venue.size).insetBy(dx: -1, dy: -1)
                if box.width >= safe.width - 2 && box.height >= safe.height - 2, !corners.allSatisfy({ stadium.contains($0.applying(toChart)) }) { cornerEmpty += 1 }
            }
        }
        print("ViewBounds random gestures, \(c): \(counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
              + "rested larger than the safe area after \(zoomedIn) (covering it by its box but with a corner of the safe area off the turned stadium after \(cornerEmpty)); unsettled \(unsettled), outside the rule \(outside), smaller than fitted \(tooSmall)")
        #expect(unsettled == 0, "\(firstFailures)")
        #expect(outside == 0, "\(firstFailures)")
        #expect(tooSmall == 0, "\(firstFailures)")
        // The gestures did reach both sides of the rule (zoomed in and at the overview).
        #expect(zoomedIn > 0 && zoomedIn < c.gestures)
    }
}
