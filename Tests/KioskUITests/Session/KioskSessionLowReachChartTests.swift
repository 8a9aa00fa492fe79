import Testing
import Geometry
@testable import KioskUI

/// Low reach: the chart is usable from the band — its safe area lies inside it, the stadium
/// at home lies inside that, a tapped tribune flies to a place inside the band, and a tap on
/// one of its seats there chooses the seat. The band is worked out from the mounting here.
@Suite struct KioskSessionLowReachChartTests {
    /// The on-screen box of chart rect `r` as presented now, px.
    static func onScreen(_ r: Rect, _ d: KioskDriver) -> Rect {
        let view = d.session.interaction.presentedView
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)]
            .map { view.screenPoint(fromChart: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    @Test(arguments: LowReachMounting.all) func theChartIsUsableFromTheBand(_ m: LowReachMounting) {
        let d = m.driver(), band = m.band
        let safe = d.session.currentChartSafeArea
        #expect(safe.height > 0 && band.contains(safe), "safe area \(safe) outside \(band) at \(m.testDescription)")
        let home = Self.onScreen(Rect(x: 0, y: 0, width: d.venue.size.width, height: d.venue.size.height), d)
        #expect(safe.insetBy(dx: -1, dy: -1).contains(home), "the stadium \(home) outside \(safe) at \(m.testDescription)")
        let t = d.zoomIn()
        #expect(d.session.phase == .zoomed)
        // The tribune flown to is shown inside the safe area (fitted, or covering it when zoomed to seat size).
        let tribune = Self.onScreen(d.venue.tribunes[t].bounds, d)
        #expect(tribune.intersection(safe).height > 0.5 * min(tribune.height, safe.height),
                "tribune \(tribune) mostly outside \(safe) at \(m.testDescription)")
        let reachable = d.venue.tribunes[t].seats.filter { safe.contains(d.seatPoint($0)) && band.contains(d.seatPoint($0)) }
        #expect(!reachable.isEmpty, "no seat within reach at \(m.testDescription)")
        guard !reachable.isEmpty else { return }
        let seat = reachable[reachable.count / 2]
        d.tap(d.seatPoint(seat))
        #expect(d.session.selectedSeats == [seat], "a tap on seat \(seat) within reach at \(m.testDescription)")
    }
}
