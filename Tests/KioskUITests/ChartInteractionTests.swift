import Foundation
import Testing
import Animation
import Geometry
import Gestures
import Seating
@testable import KioskUI

@Suite struct ChartInteractionTests {
    let size = Size(width: 800, height: 600)
    static let venue = StadiumGenerator.generate(.design())

    /// An interaction at home in an 800 × 600 view (safe area: the whole view, 4 px/mm, home
    /// rotation π/2). Home by hand: the chart (w × h) turned a quarter is h wide and w high,
    /// so k = min(800 / h, 600 / w), the chart's centre on (400, 300).
    func make() -> (ChartInteraction, VirtualClock) {
        let clock = VirtualClock()
        var chart = SeatingChart(venue: Self.venue, viewSize: size)
        chart.home()
        return (ChartInteraction(chart: chart, animator: Animator(clock: clock)), clock)
    }

    var homeScale: Double { min(800 / Self.venue.size.height, 600 / Self.venue.size.width) }
    var chartCentre: Point { Point(x: Self.venue.size.width / 2, y: Self.venue.size.height / 2) }

    func step(_ i: ChartInteraction, _ clock: VirtualClock, to t: Double) {
        clock.set(to: t); i.animator.advance(to: t)
    }

    func rectTribune(_ venue: Venue) -> Int { venue.tribunes.firstIndex { $0.kind == .rect }! }

    func pan(_ d: Vector, time: Double) -> PanZoomRotate {
        PanZoomRotate(time: time, translation: d, magnification: 1, rotation: 0, focalPoint: Point(x: 400 + d.dx, y: 300 + d.dy),
                      startFocalPoint: Point(x: 400, y: 300), transform: AffineTransform(translationX: d.dx, y: d.dy),
                      step: .identity, velocity: .zero, touchCount: 1)
    }

    @Test func tapOnTribuneFitsItWithTheLinkedAnimationThenSeatTogglesThenTapOutsideGoesHome() {
        let (i, clock) = make()
        let venue = i.chart.venue
        let t = rectTribune(venue)
        let s0 = i.presentedView.placement.scale
        #expect(abs(s0 - homeScale) < 1e-12)
        let tapPoint = i.presentedView.screenPoint(fromChart: venue.tribunes[t].bounds.center)
        i.handle(.tap(location: tapPoint, count: 1, time: 0))
        #expect(i.lastOutcome == .tribuneSelected(t))
        #expect(!i.isAtHome)
        let s1 = i.chart.view.placement.scale
        #expect(s1 > 3 * s0)
        // Mid-zoom (ease-in-out, 0.35 of 0.7 s = half way): the scale is the geometric mean.
        step(i, clock, to: 0.35)
        #expect(abs(i.presentedView.placement.scale - (s0 * s1).squareRoot()) < 1e-9 * s1)
        #expect(i.seatReveal == 0)
        // Zoom done at 0.7 s; the seats reveal over the next 0.3 s.
        step(i, clock, to: 0.7)
        #expect(abs(i.presentedView.placement.scale - s1) < 1e-12)
        step(i, clock, to: 0.85)
        #expect(abs(i.seatReveal - 0.5) < 1e-6)
        step(i, clock, to: 1.0)
        #expect(i.seatReveal == 1)
        #expect(!i.isAnimating)

        // A seat of the selected tribune, where it is now drawn: the middle of its squab (in
        // the seat's square of side h, (−0.35h/3, 0.2h) from the centre, turned with the seat).
        let seat = venue.tribunes[t].seats.lowerBound + venue.tribunes[t].seats.count / 2
        let s = venue.seats[seat]
        let dx = -(s.size / 3 - s.size / 10) / 2, dy = 0.2 * s.size
        let c = cos(s.rotation), sn = sin(s.rotation)
        let seatPoint = i.presentedView.screenPoint(fromChart: Point(x: s.center.x + dx * c - dy * sn, y: s.center.y + dx * sn + dy * c))
        i.handle(.tap(location: seatPoint, count: 1, time: 1.2))
        #expect(i.lastOutcome == .seatSelected(seat))
        i.handle(.tap(location: seatPoint, count: 1, time: 1.4))
        #expect(i.lastOutcome == .seatDeselected(seat))
        i.handle(.tap(location: seatPoint, count: 1, time: 1.6))

        // The field centre: outside every tribune (maybe off screen; taps are positions).
        let fieldPoint = i.presentedView.screenPoint(fromChart: venue.field.center)
        step(i, clock, to: 2)
        i.handle(.tap(location: fieldPoint, count: 1, time: 2))
        #expect(i.lastOutcome == .zoomedOut)
        #expect(i.isAtHome)
        // Reversed link: seats go first (0.3 s), then the zoom (0.7 s).
        step(i, clock, to: 2.3)
        #expect(i.seatReveal == 0)
        #expect(abs(i.presentedView.placement.scale - s1) < 1e-12)
        step(i, clock, to: 3.0)
        #expect(abs(i.presentedView.placement.scale - homeScale) < 1e-12)
        #expect(i.chart.selection.seats == [seat])  // selected seats stay selected
    }

    @Test func panPastTheBoundsRubberBandsThenSpringsBack() {
        let (i, clock) = make()
        // At home the turned stadium is (k·h) × 600 px, centred: along y it exactly fills the
        // view, along x it has room. A pan by (100, 50): x is allowed, y overshoots by 50 and
        // shows UIScrollView's (1 − 1/(0.55·50/600 + 1))·600.
        let band = (1 - 1 / (0.55 * 50 / 600 + 1)) * 600
        #expect(Self.venue.size.height * homeScale + 200 < 800)
        i.handle(.transformChanged(pan(Vector(dx: 100, dy: 50), time: 0.1)))
        var centre = i.presentedView.screenPoint(fromChart: chartCentre)
        #expect(abs(centre.x - 500) < 1e-9 && abs(centre.y - (300 + band)) < 1e-9)
        step(i, clock, to: 0.2)
        i.handle(.transformEnded(pan(Vector(dx: 100, dy: 50), time: 0.2), fling: nil))
        // The model is already at rest; the picture springs back over time.
        #expect(abs(i.chart.view.screenPoint(fromChart: chartCentre).y - 300) < 1e-9)
        step(i, clock, to: 0.3)
        centre = i.presentedView.screenPoint(fromChart: chartCentre)
        #expect(centre.y > 300 && centre.y < 300 + band && abs(centre.x - 500) < 1e-9)
        step(i, clock, to: 3)
        #expect(!i.isAnimating)
        centre = i.presentedView.screenPoint(fromChart: chartCentre)
        #expect(abs(centre.x - 500) < 1e-9 && abs(centre.y - 300) < 1e-9)
        #expect(!i.isAtHome)
    }

    @Test func zoomStopsAtSeatsOf25mmAndAtHome() {
        let (i, clock) = make()
        let seat = Self.venue.seats[0].size
        // Top limit by hand: 25 mm at 4 px/mm = 100 px per seat.
        let top = 100 / seat
        let focus = Point(x: 400, y: 300)
        func pinch(_ m: Double, time: Double) -> PanZoomRotate {
            let s = AffineTransform(translationX: -400, y: -300).concatenating(AffineTransform(scaleX: m, y: m))
                .concatenating(AffineTransform(translationX: 400, y: 300))
            return PanZoomRotate(time: time, translation: .zero, magnification: m, rotation: 0, focalPoint: focus,
                                 startFocalPoint: focus, transform: s, step: .identity, velocity: .zero, touchCount: 2)
        }
        let m = 4 * top / homeScale  // four times past the limit
        i.handle(.transformChanged(pinch(m, time: 0.1)))
        // Shown: top · e^(band(ln 4, ln 1.5)), more than the limit, less than 1.5 × it.
        let shown = top * exp((1 - 1 / (0.55 * log(4) / log(1.5) + 1)) * log(1.5))
        #expect(abs(i.presentedView.placement.scale - shown) < 1e-9 * shown)
        i.handle(.transformEnded(pinch(m, time: 0.2), fling: nil))
        step(i, clock, to: 3)
        #expect(abs(i.presentedView.placement.scale - top) < 1e-9 * top)
        // Pinched far out: back to the home scale, and the stadium back inside.
        i.handle(.transformChanged(pinch(0.01, time: 3.1)))
        #expect(i.presentedView.placement.scale < top)
        i.handle(.transformEnded(pinch(0.01, time: 3.2), fling: nil))
        step(i, clock, to: 6)
        #expect(abs(i.presentedView.placement.scale - homeScale) < 1e-9)
        let b = i.presentedView.placement.screenBounds(of: Rect(origin: .zero, size: Self.venue.size))
        #expect(b.minX >= -1e-9 && b.maxX <= 800 + 1e-9 && b.minY >= -1e-9 && b.maxY <= 600 + 1e-9)
    }

    @Test func homeAndTheTwoFingerTapUndoPanZoomAndTurnTheShortWay() {
        let (i, clock) = make()
        // Turn the view by 4 rad about (400, 300) and pan 20 px: the same picture as a turn by
        // 4 − 2π ≈ −2.28 rad, so home (π/2) is 2.28 rad back the other way, not 4.
        func turn(_ time: Double) -> PanZoomRotate {
            let m = AffineTransform(translationX: -400, y: -300).concatenating(AffineTransform(rotationAngle: 4))
                .concatenating(AffineTransform(translationX: 420, y: 300))
            return PanZoomRotate(time: time, translation: Vector(dx: 20, dy: 0), magnification: 1, rotation: 4,
                                 focalPoint: Point(x: 420, y: 300), startFocalPoint: Point(x: 400, y: 300),
                                 transform: m, step: .identity, velocity: .zero, touchCount: 2)
        }
        i.handle(.transformChanged(turn(0.1)))
        i.handle(.transformEnded(turn(0.2), fling: nil))
        step(i, clock, to: 2)
        #expect(!i.isAtHome)
        let turned = i.presentedView.placement.rotation
        #expect(abs(remainder(turned - (.pi / 2 + 4), 2 * .pi)) < 1e-9)
        i.handle(.twoFingerTap(location: Point(x: 400, y: 300), time: 2))
        #expect(i.isAtHome)
        let home = i.chart.view.rotation
        #expect(abs(remainder(home - .pi / 2, 2 * .pi)) < 1e-12 && abs(home - turned) <= .pi)
        step(i, clock, to: 2.35)
        let mid = i.presentedView.placement.rotation
        #expect(abs(mid - (turned + home) / 2) < 1e-9)  // linear in the eased fraction: half way
        step(i, clock, to: 3)
        let c = i.presentedView.screenPoint(fromChart: chartCentre)
        #expect(abs(c.x - 400) < 1e-9 && abs(c.y - 300) < 1e-9)
        #expect(abs(i.presentedView.placement.scale - homeScale) < 1e-12)
    }

    @Test func theTappedTribuneStaysInsideTheHullOfItsStartAndEndBoxesAt100Times() {
        let (i, clock) = make()
        let venue = i.chart.venue
        for t in [rectTribune(venue), venue.tribunes.firstIndex { $0.kind == .arc }!] {
            i.resetHome()
            let start = clock.now
            let outline = venue.tribunes[t].path
            func box(_ v: ChartViewState) -> Rect { outline.applying(v.chartToScreen).boundingRect }
            let b0 = box(i.presentedView)
            i.handle(.tap(location: i.presentedView.screenPoint(fromChart: venue.tribunes[t].bounds.center), count: 1, time: start))
            let b1 = box(i.chart.view)
            let hull = b0.union(b1)  // axis-aligned boxes: their hull lies in the union's box
            #expect(b0.minX >= 0 && b0.maxX <= 800 && b1.minX >= 0 && b1.maxX <= 800 && b1.minY >= 0 && b1.maxY <= 600)
            for k in 0...100 {
                step(i, clock, to: start + 0.7 * Double(k) / 100)
                let b = box(i.presentedView)
                #expect(b.minX >= hull.minX - 1e-6 && b.maxX <= hull.maxX + 1e-6 && b.minY >= hull.minY - 1e-6 && b.maxY <= hull.maxY + 1e-6)
                // The corners of the frame's box sit on the segments between the ends' boxes:
                // a frame's box is the ends' boxes mixed by one ratio per frame.
                let r = (b.width - b0.width) / (b1.width - b0.width)
                #expect(r >= -1e-9 && r <= 1 + 1e-9)
                #expect(b.minX >= -1e-6 && b.maxX <= 800 + 1e-6 && b.minY >= -1e-6 && b.maxY <= 600 + 1e-6)
                #expect(abs(b.minX - (b0.minX + (b1.minX - b0.minX) * r)) < 1e-6)
                #expect(abs(b.minY - (b0.minY + (b1.minY - b0.minY) * r)) < 1e-6)
            }
            step(i, clock, to: start + 1.5)
        }
    }
}
