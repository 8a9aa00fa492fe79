import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct ChartViewStateTests {
    /// The SwiftUI composition written out by hand: content fit, then
    /// screen = a + R(θ)·s·(p − a) + o with a = anchor · view size.
    func expectedScreen(_ v: ChartViewState, _ p: Point) -> Point {
        let k = min(v.viewSize.width / v.chartSize.width, v.viewSize.height / v.chartSize.height)
        let q = Point(x: p.x * k + (v.viewSize.width - v.chartSize.width * k) / 2,
                      y: p.y * k + (v.viewSize.height - v.chartSize.height * k) / 2)
        let a = Point(x: v.zoomAnchor.x * v.viewSize.width, y: v.zoomAnchor.y * v.viewSize.height)
        let s = v.zoom * v.manualZoom, th = v.rotation + v.currentRotation
        let dx = (q.x - a.x) * s, dy = (q.y - a.y) * s
        return Point(x: a.x + cos(th) * dx - sin(th) * dy + v.offset.dx + v.drag.dx,
                     y: a.y + sin(th) * dx + cos(th) * dy + v.offset.dy + v.drag.dy)
    }

    @Test func initial_state_is_the_designs() {
        let v = ChartViewState(viewSize: Size(width: 800, height: 600), chartSize: Size(width: 1000, height: 1000 / 1.3))
        #expect(v.zoom == 1.25 && v.rotation == .pi / 2 && v.zoomAnchor == .center && v.offset == .zero)
        #expect(!v.zoomed)
        // The chart's centre maps to the view's centre (fit, centred; rotation and zoom about
        // the centre keep it there).
        let c = v.screenPoint(fromChart: Point(x: 500, y: 500 / 1.3))
        #expect(abs(c.x - 400) < 1e-9 && abs(c.y - 300) < 1e-9)
        // A point 100 units right of the centre: fit scale min(800/1000, 600/769.2…) = 0.78 →
        // 78 px, ×1.25 → 97.5 px, turned +90° (clockwise on screen) → 97.5 px below the centre.
        let p = v.screenPoint(fromChart: Point(x: 600, y: 500 / 1.3))
        #expect(abs(p.x - 400) < 1e-9 && abs(p.y - 397.5) < 1e-9)
    }

    @Test func render_transform_matches_the_swiftui_composition_and_round_trips() {
        var rng: UInt64 = 99
        func r() -> Double { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Double(rng >> 11) / Double(1 << 53) }
        var worstRoundTrip = 0.0, worstFormula = 0.0
        for _ in 0..<2000 {
            var v = ChartViewState(viewSize: Size(width: 200 + r() * 1800, height: 200 + r() * 1800),
                                   chartSize: Size(width: 100 + r() * 2000, height: 100 + r() * 2000))
            v.zoomLimits = 0.01...1000
            v.zoom = exp((r() - 0.3) * 6)        // ~0.17 … 66
            v.manualZoom = 0.5 + r() * 2
            v.rotation = (r() - 0.5) * 40
            v.currentRotation = (r() - 0.5) * 4
            v.zoomAnchor = UnitPoint(x: r() * 1.4 - 0.2, y: r() * 1.4 - 0.2)
            v.offset = Vector(dx: (r() - 0.5) * 4000, dy: (r() - 0.5) * 4000)
            v.drag = Vector(dx: (r() - 0.5) * 500, dy: (r() - 0.5) * 500)
            let screen = Point(x: (r() - 0.5) * 4000, y: (r() - 0.5) * 4000)
            let back = v.screenPoint(fromChart: v.chartPoint(fromScreen: screen))
            worstRoundTrip = max(worstRoundTrip, abs(back.x - screen.x), abs(back.y - screen.y))
            let chart = Point(x: r() * v.chartSize.width, y: r() * v.chartSize.height)
            let e = expectedScreen(v, chart), got = v.screenPoint(fromChart: chart)
            worstFormula = max(worstFormula, abs(e.x - got.x) / max(1, abs(e.x)), abs(e.y - got.y) / max(1, abs(e.y)))
        }
        #expect(worstRoundTrip <= 1e-9)
        #expect(worstFormula <= 1e-12)
    }

    @Test func gestures_keep_committed_and_in_flight_state_apart() {
        var v = ChartViewState(viewSize: Size(width: 800, height: 600), chartSize: Size(width: 1000, height: 769))
        v.updateDrag(translation: Vector(dx: 30, dy: -10))
        #expect(v.offset == .zero && v.effectiveOffset == Vector(dx: 30, dy: -10))
        v.endDrag(translation: Vector(dx: 40, dy: -20))
        #expect(v.offset == Vector(dx: 40, dy: -20) && v.drag == .zero)
        v.updateMagnification(2)
        #expect(v.zoom == 1.25 && v.effectiveZoom == 2.5)
        v.endMagnification(2)
        #expect(v.zoom == 2.5 && v.manualZoom == 1 && v.zoomed)
        v.updateRotation(0.3)
        v.cancelGestures()
        #expect(v.rotation == .pi / 2 && v.currentRotation == 0)
        v.updateRotation(0.3); v.endRotation(0.3)
        #expect(v.rotation == .pi / 2 + 0.3)
        v.zoomLimits = 1...40
        v.endMagnification(1000)
        #expect(v.zoom == 40)  // clamped to the limit
        v.endMagnification(1e-6)
        #expect(v.zoom == 1)
        #expect(!v.zoomed)
    }
}
