import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct ChartPlacementTests {
    /// The placement's map written out by hand: p ↦ s·(cos θ·x − sin θ·y, sin θ·x + cos θ·y) + t.
    func map(_ p: ChartPlacement, _ q: Point) -> Point {
        Point(x: p.scale * (cos(p.rotation) * q.x - sin(p.rotation) * q.y) + p.translation.dx,
              y: p.scale * (sin(p.rotation) * q.x + cos(p.rotation) * q.y) + p.translation.dy)
    }

    /// Whether `p` lies in the convex hull of `points` (monotone chain, then a side test per edge).
    func inHull(_ p: Point, of points: [Point], tolerance: Double) -> Bool {
        let s = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var hull: [Point] = []
        for pass in 0..<2 {
            let start = hull.count
            for q in pass == 0 ? s : s.reversed() {
                while hull.count >= start + 2 && cross(hull[hull.count - 2], hull[hull.count - 1], q) <= 0 { hull.removeLast() }
                hull.append(q)
            }
            hull.removeLast()
        }
        for i in hull.indices {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            if cross(a, b, p) / max(len, 1e-12) < -tolerance { return false }
        }
        return true
    }

    func corners(_ r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    @Test func transform_and_screen_bounds_follow_the_formula() {
        let p = ChartPlacement(scale: 2.5, rotation: 0.7, translation: Vector(dx: 30, dy: -12))
        let q = Point(x: 13, y: -4)
        let got = p.screenPoint(q), want = map(p, q)
        #expect(abs(got.x - want.x) < 1e-12 && abs(got.y - want.y) < 1e-12)
        // A quarter turn maps a 10 × 4 rect at the origin to a 4 wide, 10 high box, scaled.
        let b = ChartPlacement(scale: 2, rotation: .pi / 2, translation: .zero).screenBounds(of: Rect(x: 0, y: 0, width: 10, height: 4))
        #expect(abs(b.width - 8) < 1e-9 && abs(b.height - 20) < 1e-9 && abs(b.minX + 8) < 1e-9 && abs(b.minY) < 1e-9)
    }

    @Test func scaled_about_a_point_keeps_it_and_followed_by_composes() {
        let p = ChartPlacement(scale: 1.5, rotation: 0.2, translation: Vector(dx: 100, dy: 50))
        let focus = Point(x: 400, y: 300)
        let chartAtFocus = focus.applying(p.transform.inverted())
        let s = p.scaled(by: 3, about: focus)
        let back = s.screenPoint(chartAtFocus)
        #expect(abs(back.x - 400) < 1e-9 && abs(back.y - 300) < 1e-9 && abs(s.scale - 4.5) < 1e-12)
        // Followed by a screen turn of 0.5 rad about (10, 20) and a shift: the rotation adds up.
        let m = AffineTransform(translationX: -10, y: -20).concatenating(AffineTransform(rotationAngle: 0.5))
            .concatenating(AffineTransform(translationX: 10 + 7, y: 20 - 3))
        let f = p.followed(by: m)
        #expect(abs(f.rotation - 0.7) < 1e-12 && abs(f.scale - 1.5) < 1e-12)
        let q = Point(x: 3, y: 9)
        let want = p.screenPoint(q).applying(m), got = f.screenPoint(q)
        #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9)
    }

    @Test func interpolation_is_one_similarity_about_its_fixed_point() {
        let a = ChartPlacement(scale: 0.8, rotation: 0.3, translation: Vector(dx: 200, dy: 150))
        let b = ChartPlacement(scale: 12, rotation: 1.1, translation: Vector(dx: -4000, dy: 900))
        // Ends exact.
        #expect(a.interpolated(to: b, fraction: 0) == a && a.interpolated(to: b, fraction: 1) == b)
        let near = a.interpolated(to: b, fraction: 1 - 1e-12)
        #expect(abs(near.translation.dx - b.translation.dx) < 1e-6 && abs(near.translation.dy - b.translation.dy) < 1e-6)
        // The screen map M = b ∘ a⁻¹ has a fixed point c (solve (I − M)c = t by hand).
        let mA = a.transform.inverted().concatenating(b.transform)
        let det = (1 - mA.a) * (1 - mA.d) - mA.c * mA.b
        let c = Point(x: ((1 - mA.d) * mA.tx + mA.c * mA.ty) / det, y: ((1 - mA.a) * mA.ty + mA.b * mA.tx) / det)
        for k in 1..<10 {
            let f = Double(k) / 10
            let m = a.interpolated(to: b, fraction: f)
            // Scale geometric, angle linear.
            #expect(abs(m.scale - 0.8 * pow(12 / 0.8, f)) < 1e-9)
            #expect(abs(m.rotation - (0.3 + 0.8 * f)) < 1e-12)
            // The fixed point stays put in every frame: the chart point under c is under c.
            let under = c.applying(a.transform.inverted())
            let p = m.screenPoint(under)
            #expect(abs(p.x - c.x) < 1e-6 && abs(p.y - c.y) < 1e-6)
        }
        // Without scale or turn: a straight translation.
        let t = a.translated(by: Vector(dx: 90, dy: -30))
        let h = a.interpolated(to: t, fraction: 0.25)
        #expect(abs(h.translation.dx - (200 + 22.5)) < 1e-9 && abs(h.translation.dy - (150 - 7.5)) < 1e-9 && h.scale == 0.8)
    }

    @Test func a_zoom_without_turn_keeps_a_box_in_the_hull_of_its_ends_at_100_times() {
        // A tribune-sized box zoomed from an overview to a close-up at the same rotation.
        let box = Rect(x: 400, y: 60, width: 120, height: 40)
        let a = ChartPlacement(scale: 0.9, rotation: 0.4, translation: Vector(dx: 300, dy: 40))
        let b = ChartPlacement(scale: 7.5, rotation: 0.4, translation: Vector(dx: -2600, dy: -900))
        let start = corners(a.screenBounds(of: box)), end = corners(b.screenBounds(of: box))
        for k in 0..<100 {
            let u = Double(k) / 99
            let e = u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u)  // any easing in [0, 1]
            let m = a.interpolated(to: b, fraction: e)
            for q in corners(box) {
                let p = m.screenPoint(q)
                #expect(inHull(p, of: start + end, tolerance: 1e-6))
            }
        }
    }
}
