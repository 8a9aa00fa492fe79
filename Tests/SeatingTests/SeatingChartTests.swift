import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct SeatingChartTests {
    static let venue = StadiumGenerator.generate(.design(width: 1000))

    /// The pre-effect view point of a chart point (content fit by hand: view 1000 × 800 and a
    /// 1000 × 769.23 chart → scale 1, shifted down by (800 − 769.23) / 2).
    func viewPoint(_ p: Point) -> Point { Point(x: p.x, y: p.y + (800 - 1000 / 1.3) / 2) }

    @Test func tap_tribune_fits_it_tap_seat_toggles_tap_outside_goes_home() {
        var chart = SeatingChart(venue: Self.venue, viewSize: Size(width: 1000, height: 800))
        chart.view.pixelsPerMillimetre = 4
        // A north tribune of the outermost ring, tapped at its centre.
        let t = Self.venue.tribunes.firstIndex { $0.id == "R1-N05" }!
        guard case .rect(let r) = Self.venue.tribunes[t].outline else { Issue.record("not a rect"); return }
        let target = r.center
        let v0 = viewPoint(target)
        // Screen = a + R(π/2)·1.25·(v − a), a = (500, 400); R(π/2)(x, y) = (−y, x).
        let screen0 = Point(x: 500 - 1.25 * (v0.y - 400), y: 400 + 1.25 * (v0.x - 500))
        #expect(chart.tap(atScreen: screen0) == .tribuneSelected(t))
        #expect(chart.selectedTribune == t)
        // Fitted: turned π/2 the rect is r.height wide and r.width high on screen; the safe area
        // (the whole 1000 × 800 view) less a margin of min(5 mm · 4 px/mm, 800 / 10) = 20 px.
        let k = min(960 / r.height, 760 / r.width)
        // Its seats at that scale (4 px/mm) are between 9 and 25 mm: the fit itself applies.
        let seatMM = Self.venue.seats[Self.venue.tribunes[t].seats.lowerBound].size * k / 4
        #expect(seatMM >= 9 && seatMM <= 25, "\(seatMM) mm")
        let m = chart.view.chartToScreen
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.maxY)].map { $0.applying(m) }
        let box = Rect(x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
                       width: abs(corners[0].x - corners[1].x), height: abs(corners[0].y - corners[1].y))
        #expect(abs(box.width - k * r.height) < 1e-6 && abs(box.height - k * r.width) < 1e-6)
        #expect(abs(box.midX - 500) < 1e-6 && abs(box.midY - 400) < 1e-6)

        // A seat of row 1: the back's centre (a point inside the filled shape): local
        // (0.5635, 0.2167)·size from the square's top-left, rotation 0 for a north tribune.
        let seat = Self.venue.tribunes[t].seats.lowerBound + 2
        let s = Self.venue.seats[seat]
        let onBack = Point(x: s.center.x - s.size / 2 + 0.5635 * s.size, y: s.center.y - s.size / 2 + 0.2167 * s.size)
        let screen1 = chart.view.screenPoint(fromChart: onBack)
        #expect(chart.tap(atScreen: screen1) == .seatSelected(seat))
        #expect(chart.selection.seats == [seat])
        // Between back and squab (y = 0.42·size) is no seat: inside the tribune, misses.
        let gap = chart.view.screenPoint(fromChart: Point(x: s.center.x, y: s.center.y - s.size / 2 + 0.42 * s.size))
        #expect(chart.tap(atScreen: gap) == .missedSeat)
        // Tap the seat again: deselected.
        #expect(chart.tap(atScreen: screen1) == .seatDeselected(seat))
        #expect(chart.selection.seats.isEmpty)

        // Tap the field's edge next to the tribune (outside every tribune): home, the stadium
        // fitted into the view at π/2: 769.23 wide, 1000 high → k = min(1000/769.23, 800/1000).
        let field = Self.venue.field
        let edge = chart.view.screenPoint(fromChart: Point(x: r.midX, y: field.minY + 1))
        #expect(chart.index.tribune(at: chart.view.chartPoint(fromScreen: edge), in: Self.venue) == nil)
        #expect(chart.tap(atScreen: edge) == .zoomedOut)
        #expect(chart.selectedTribune == nil && chart.view.isAtHome)
        let home = chart.view.placement
        #expect(abs(home.scale - 0.8) < 1e-12 && abs(home.rotation - .pi / 2) < 1e-12)
        let centre = chart.view.screenPoint(fromChart: Point(x: 500, y: 500 / 1.3))
        #expect(abs(centre.x - 500) < 1e-9 && abs(centre.y - 400) < 1e-9)
    }

    @Test func a_tap_on_another_tribune_while_zoomed_selects_and_fits_it() {
        var chart = SeatingChart(venue: Self.venue, viewSize: Size(width: 1000, height: 800))
        let a = Self.venue.tribunes.firstIndex { $0.id == "R1-N05" }!
        let b = Self.venue.tribunes.firstIndex { $0.id == "R1-N06" }!
        #expect(chart.tap(atScreen: chart.view.screenPoint(fromChart: Self.venue.tribunes[a].bounds.center)) == .tribuneSelected(a))
        #expect(chart.tap(atScreen: chart.view.screenPoint(fromChart: Self.venue.tribunes[b].bounds.center)) == .tribuneSelected(b))
        // b's centre lands on the view's centre (the fit centres it).
        let c = chart.view.screenPoint(fromChart: Self.venue.tribunes[b].bounds.center)
        #expect(abs(c.x - 500) < 1e-6 && abs(c.y - 400) < 1e-6)
    }
}

extension SeatingChartTests {
    @Test func show_language_renames_the_venue_and_keeps_the_chart() throws {
        var chart = SeatingChart(venue: Self.venue, viewSize: Size(width: 1000, height: 800))
        let t = 5
        // Select tribune t by tapping its centre on screen.
        #expect(chart.tap(atScreen: chart.view.screenPoint(fromChart: Self.venue.tribunes[t].bounds.center)) == .tribuneSelected(t))
        let view = chart.view, selected = chart.selectedTribune
        chart.showLanguage("es")
        #expect(chart.venue.tribunes[t].label == Self.venue.tribunes[t].labels.byLanguage["es"])
        #expect(chart.venue.categories[0].name == "Categoría 1")
        #expect(chart.view == view && chart.selectedTribune == selected)
        // Back to English from Spanish: the plain names (the venue as read).
        chart.showLanguage("en")
        #expect(chart.venue.tribunes == Self.venue.tribunes && chart.venue.name == Self.venue.name)
    }
}
