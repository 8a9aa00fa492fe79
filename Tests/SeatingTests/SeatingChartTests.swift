import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct SeatingChartTests {
    static let venue = StadiumGenerator.generate(.design(width: 1000))

    /// The pre-effect view point of a chart point (content fit by hand: view 1000 × 800 and a
    /// 1000 × 769.23 chart → scale 1, shifted down by (800 − 769.23) / 2).
    func viewPoint(_ p: Point) -> Point { Point(x: p.x, y: p.y + (800 - 1000 / 1.3) / 2) }

    @Test func tap_tribune_zoom_tap_seat_zoom_out() {
        var chart = SeatingChart(venue: Self.venue, viewSize: Size(width: 1000, height: 800))
        // A north tribune of the outermost ring, tapped at its centre.
        let t = Self.venue.tribunes.firstIndex { $0.id == "R1-N05" }!
        guard case .rect(let r) = Self.venue.tribunes[t].outline else { Issue.record("not a rect"); return }
        let target = r.center
        let v0 = viewPoint(target)
        // Screen = a + R(π/2)·1.25·(v − a), a = (500, 400); R(π/2)(x, y) = (−y, x).
        let screen0 = Point(x: 500 - 1.25 * (v0.y - 400), y: 400 + 1.25 * (v0.x - 500))
        #expect(chart.tap(atScreen: screen0) == .tribuneSelected(t))
        #expect(chart.selectedTribune == t)
        #expect(chart.view.zoom == 25 && chart.view.zoomed)
        #expect(abs(chart.view.zoomAnchor.x - v0.x / 1000) < 1e-12 && abs(chart.view.zoomAnchor.y - v0.y / 800) < 1e-12)
        #expect(chart.view.offset == .zero)

        // Now screen = v0 + R(π/2)·25·(v − v0). Tap the centre of seat 3 of row 1: the back's
        // centre (a point inside the filled shape): local (0.5635, 0.2167)·size from the square's
        // top-left, rotation 0 for a north tribune.
        let seat = Self.venue.tribunes[t].seats.lowerBound + 2
        let s = Self.venue.seats[seat]
        let onBack = Point(x: s.center.x - s.size / 2 + 0.5635 * s.size, y: s.center.y - s.size / 2 + 0.2167 * s.size)
        let v1 = viewPoint(onBack)
        let screen1 = Point(x: v0.x - 25 * (v1.y - v0.y), y: v0.y + 25 * (v1.x - v0.x))
        #expect(chart.tap(atScreen: screen1) == .seatSelected(seat))
        #expect(chart.selection.seats == [seat])
        // Between back and squab (y = 0.42·size) is no seat: inside the tribune, misses.
        let gap = viewPoint(Point(x: s.center.x, y: s.center.y - s.size / 2 + 0.42 * s.size))
        #expect(chart.tap(atScreen: Point(x: v0.x - 25 * (gap.y - v0.y), y: v0.y + 25 * (gap.x - v0.x))) == .missedSeat)
        // Tap the seat again: deselected.
        #expect(chart.tap(atScreen: screen1) == .seatDeselected(seat))
        #expect(chart.selection.seats.isEmpty)

        // Tap the field centre (outside every tribune): zoom back out.
        let f = viewPoint(Self.venue.field.center)
        let screen2 = Point(x: v0.x - 25 * (f.y - v0.y), y: v0.y + 25 * (f.x - v0.x))
        // The field centre is far off screen at zoom 25; use the chart's own inverse instead to
        // be sure the tap is really outside: it must not hit a tribune.
        #expect(chart.index.tribune(at: chart.view.chartPoint(fromScreen: screen2), in: Self.venue) == nil)
        #expect(chart.tap(atScreen: screen2) == .zoomedOut)
        #expect(chart.view.zoom == 1.25 && !chart.view.zoomed)
        #expect(chart.view.zoomAnchor == .center && chart.view.offset == .zero && chart.selectedTribune == nil)
    }

    @Test func a_tap_on_another_tribune_while_zoomed_selects_it() {
        var chart = SeatingChart(venue: Self.venue, viewSize: Size(width: 1000, height: 800))
        let a = Self.venue.tribunes.firstIndex { $0.id == "R1-N05" }!
        let b = Self.venue.tribunes.firstIndex { $0.id == "R1-N06" }!
        #expect(chart.tap(atScreen: chart.view.screenPoint(fromChart: Self.venue.tribunes[a].bounds.center)) == .tribuneSelected(a))
        chart.view.endDrag(translation: Vector(dx: 50, dy: 0))
        #expect(chart.tap(atScreen: chart.view.screenPoint(fromChart: Self.venue.tribunes[b].bounds.center)) == .tribuneSelected(b))
        #expect(chart.view.offset == .zero)
    }
}
