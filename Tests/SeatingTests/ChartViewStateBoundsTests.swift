import Foundation
import Geometry
import Testing
@testable import Seating

/// Home, zoom limits, the rest rule, the rubber band and the fitted zoom, against values worked
/// out by hand from the venue's geometry and the safe area.
@Suite struct ChartViewStateBoundsTests {
    static let venue = StadiumGenerator.generate(.design())
    /// A 1920 × 1080 screen with 100 px of header and 130 px of bottom bar.
    static let safe = Rect(x: 0, y: 100, width: 1920, height: 850)

    func chart(pixelsPerMillimetre: Double = 4, rotation: Double = 0) -> SeatingChart {
        var c = SeatingChart(venue: Self.venue, viewSize: Size(width: 1920, height: 1080))
        c.view.safeArea = Self.safe
        c.view.pixelsPerMillimetre = pixelsPerMillimetre
        c.view.homeRotation = 0
        c.home()
        c.view.place(ChartPlacement(scale: c.view.placement.scale, rotation: rotation, translation: c.view.placement.translation))
        return c
    }

    /// The sector's outline sampled densely (both arcs, 20,001 points each, ends exact), turned
    /// by `theta`: its box at scale 1.
    func turnedBox(_ a: ArcSector, _ theta: Double) -> Rect {
        var xs: [Double] = [], ys: [Double] = []
        for r in [a.innerRadius, a.outerRadius] {
            for k in 0...20_000 {
                let phi = a.startAngle + (a.endAngle - a.startAngle) * Double(k) / 20_000
                let x = a.center.x + r * cos(phi), y = a.center.y + r * sin(phi)
                xs.append(cos(theta) * x - sin(theta) * y); ys.append(sin(theta) * x + cos(theta) * y)
            }
        }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The innermost arc tribune (nearest the venue's centre): far from the stadium's edges, so
    /// the rest rule leaves a fitted view of it as it is.
    var innerArc: (Int, ArcSector) {
        let c = Point(x: Self.venue.size.width / 2, y: Self.venue.size.height / 2)
        let t = Self.venue.tribunes.indices.filter { Self.venue.tribunes[$0].kind == .arc }
            .min { Self.venue.tribunes[$0].bounds.center.distance(to: c) < Self.venue.tribunes[$1].bounds.center.distance(to: c) }!
        guard case .arc(let a) = Self.venue.tribunes[t].outline else { fatalError("not an arc") }
        return (t, a)
    }

    @Test func home_and_the_zoom_limits() {
        let v = chart().view
        // Landscape home: k = min(1920 / w, 850 / h), centred on the safe area's centre.
        let k = min(1920 / Self.venue.size.width, 850 / Self.venue.size.height)
        #expect(abs(v.homeScale - k) < 1e-12 && abs(v.scaleLimits.lowerBound - k) < 1e-12)
        let c = v.homePlacement.screenPoint(Point(x: Self.venue.size.width / 2, y: Self.venue.size.height / 2))
        #expect(abs(c.x - 960) < 1e-9 && abs(c.y - 525) < 1e-9)
        // Top: seats of 25 mm at 4 px/mm = 100 px.
        #expect(abs(v.scaleLimits.upperBound - 100 / Self.venue.seats[0].size) < 1e-9)
        // Resting clamps a scale past the top about the focus, which stays put.
        let focus = Point(x: 700, y: 400)
        let big = v.homePlacement.scaled(by: 1000, about: focus)
        let rest = v.resting(big, focus: focus)
        #expect(abs(rest.scale - v.scaleLimits.upperBound) < 1e-9)
        let under = focus.applying(big.transform.inverted())
        let back = rest.screenPoint(under)
        #expect(abs(back.x - 700) < 1e-6 && abs(back.y - 400) < 1e-6)
    }

    @Test func the_rest_rule_and_the_rubber_band_by_hand() {
        // Shorter than the safe span: moved inside; longer: moved to cover; fine: unchanged.
        #expect(ChartViewState.axisCorrection(lo: -30, hi: 70, safeLo: 0, safeHi: 200) == 30)
        #expect(ChartViewState.axisCorrection(lo: 150, hi: 250, safeLo: 0, safeHi: 200) == -50)
        #expect(ChartViewState.axisCorrection(lo: 20, hi: 420, safeLo: 0, safeHi: 200) == -20)
        #expect(ChartViewState.axisCorrection(lo: -300, hi: 150, safeLo: 0, safeHi: 200) == 50)
        #expect(ChartViewState.axisCorrection(lo: -10, hi: 300, safeLo: 0, safeHi: 200) == 0)
        #expect(ChartViewState.axisCorrection(lo: 10, hi: 190, safeLo: 0, safeHi: 200) == 0)
        // UIScrollView: 100 px over a 1000 px dimension shows (1 − 1/1.055)·1000 ≈ 52.13 px;
        // it never reaches the dimension.
        #expect(abs(ChartViewState.rubberBand(100, dimension: 1000) - (1 - 1 / 1.055) * 1000) < 1e-9)
        #expect(ChartViewState.rubberBand(1e9, dimension: 1000) < 1000)
        // A home view dragged 300 px down: y overshoots by 300 (the stadium fills y exactly),
        // shown as band(300, 850).
        let v = chart().view
        let dragged = v.homePlacement.translated(by: Vector(dx: 0, dy: 300))
        let shown = v.rubberBanded(dragged, focus: Point(x: 960, y: 525))
        let band = (1 - 1 / (0.55 * 300 / 850 + 1)) * 850
        #expect(abs(shown.translation.dy - (v.homePlacement.translation.dy + band)) < 1e-9)
        let back = v.resting(dragged, focus: .zero)
        #expect(back.scale == v.homePlacement.scale && abs(back.translation.dy - v.homePlacement.translation.dy) < 1e-9)
        #expect(back.translation.dx == v.homePlacement.translation.dx)
    }

    @Test func a_straight_tribune_is_fitted_into_the_safe_area() {
        var c = chart()
        let t = Self.venue.tribunes.firstIndex { $0.kind == .rect }!
        let b = Self.venue.tribunes[t].bounds
        // At rotation 0 its screen box is its bounds scaled; margin min(5 mm · 4, 850 / 10) = 20.
        let k = min((1920 - 40) / b.width, (850 - 40) / b.height)
        let mm = Self.venue.seats[Self.venue.tribunes[t].seats.lowerBound].size * k / 4
        #expect(mm >= 9 && mm <= 25)
        #expect(c.tap(atScreen: c.view.screenPoint(fromChart: b.center)) == .tribuneSelected(t))
        let p = c.view.placement
        #expect(abs(p.scale - k) < 1e-9 && p.rotation == 0)
        let box = p.screenBounds(of: b)
        #expect(box.minX >= -1e-9 && box.maxX <= 1920 + 1e-9 && box.minY >= 100 - 1e-9 && box.maxY <= 950 + 1e-9)
        // It spans the safe area less the margins along its limiting axis.
        #expect(abs(box.width - 1880) < 1e-6 || abs(box.height - 810) < 1e-6)
    }

    @Test func an_arc_tribune_is_fitted_at_the_current_rotation() {
        let theta = 0.3
        var c = chart(rotation: theta)
        let (t, arc) = innerArc
        let box1 = turnedBox(arc, theta)
        let k = min((1920 - 40) / box1.width, (850 - 40) / box1.height)
        let mm = Self.venue.seats[Self.venue.tribunes[t].seats.lowerBound].size * k / 4
        #expect(mm >= 9 && mm <= 25, "\(mm) mm")
        let inside = Self.venue.seats[Self.venue.tribunes[t].seats.lowerBound].center
        #expect(c.tap(atScreen: c.view.screenPoint(fromChart: inside)) == .tribuneSelected(t))
        let p = c.view.placement
        #expect(abs(p.scale / k - 1) < 1e-6 && abs(p.rotation - theta) < 1e-12)
        // The sampled outline's box, on screen: centred on the safe area's centre.
        let m = p.transform
        let centre = Point(x: box1.midX, y: box1.midY)  // in the turned frame at scale 1
        let onScreen = Point(x: p.scale * centre.x + m.tx, y: p.scale * centre.y + m.ty)
        #expect(abs(onScreen.x - 960) < 1e-3 && abs(onScreen.y - 525) < 1e-3)
    }

    @Test func seats_below_9_mm_zoom_to_9_mm_centred_on_the_tap() {
        // At 16 px/mm the margin is 80 px and a fitted tribune's seats would be < 9 mm.
        var c = chart(pixelsPerMillimetre: 16)
        let (t, arc) = innerArc
        let box1 = turnedBox(arc, 0)
        let fit = min((1920 - 160) / box1.width, (850 - 160) / box1.height)
        let seat = Self.venue.seats[0].size
        #expect(seat * fit / 16 < 9)
        let tapChart = Self.venue.seats[Self.venue.tribunes[t].seats.lowerBound + 3].center
        #expect(c.tap(atScreen: c.view.screenPoint(fromChart: tapChart)) == .tribuneSelected(t))
        // 9 mm seats: 144 px per seat; the tapped point on the safe area's centre.
        let p = c.view.placement
        #expect(abs(p.scale - 144 / seat) < 1e-9)
        let q = p.screenPoint(tapChart)
        #expect(abs(q.x - 960) < 1e-6 && abs(q.y - 525) < 1e-6)
    }
}
