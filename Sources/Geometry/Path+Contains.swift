extension Path {
    /// True when `p` lies inside the filled path, with SwiftUI's semantics: the nonzero winding
    /// rule by default, the even-odd rule when `eoFill` is true. Open subpaths count as closed
    /// by a straight line back to their start.
    ///
    /// The answer is exact for lines and computed from the curves themselves (each curve is
    /// split where its y is stationary and the crossing with the horizontal through `p` is
    /// solved on each monotonic piece), not from a flattened copy. Points on the boundary
    /// follow a half-open rule like `Rect.contains`: a rect path contains its min edges but not
    /// its max edges. A non-finite point is never contained.
    public func contains(_ p: Point, eoFill: Bool = false) -> Bool {
        guard p.isFinite, !verbs.isEmpty else { return false }
        let w = winding(at: p)
        return eoFill ? (w & 1) != 0 : w != 0
    }

    /// The winding number of the path around `p`: the signed number of crossings of the ray
    /// from `p` towards +x, counting downward (y-increasing) segments +1 and upward ones −1.
    func winding(at p: Point) -> Int {
        var w = 0
        var i = 0
        var start = Point.zero, last = Point.zero
        var open = false
        for v in verbs {
            switch v {
            case .move:
                if open { w += Path.lineWinding(last, start, p) }
                start = points[i]; last = start; open = true
            case .line:
                let e = points[i]
                w += Path.lineWinding(last, e, p); last = e
            case .quad:
                let c = points[i], e = points[i + 1]
                w += Path.quadWinding(last, c, e, p); last = e
            case .cubic:
                let c1 = points[i], c2 = points[i + 1], e = points[i + 2]
                w += Path.cubicWinding(last, c1, c2, e, p); last = e
            case .close:
                if open { w += Path.lineWinding(last, start, p) }
                last = start; open = false
            }
            i += v.pointCount
        }
        if open { w += Path.lineWinding(last, start, p) }
        return w
    }

    /// A line's crossing with the ray from `p` towards +x: +1 going down, −1 going up, 0 when
    /// it misses. Half-open in y (the lower end counts, the upper does not) and strict in x, so
    /// joined segments never count twice. The side test is an exact-sign cross product.
    static func lineWinding(_ a: Point, _ b: Point, _ p: Point) -> Int {
        if a.y == b.y { return 0 }
        if a.y < b.y {
            guard p.y >= a.y, p.y < b.y else { return 0 }
            // Crossing to the right of p ⇔ p is left of the downward edge a→b.
            return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) > 0 ? 1 : 0
        } else {
            guard p.y >= b.y, p.y < a.y else { return 0 }
            return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0 ? -1 : 0
        }
    }

    static func quadWinding(_ a: Point, _ c: Point, _ b: Point, _ p: Point) -> Int {
        let minY = Swift.min(a.y, c.y, b.y), maxY = Swift.max(a.y, c.y, b.y)
        if p.y < minY || p.y >= maxY { return 0 }
        if p.x >= Swift.max(a.x, c.x, b.x) { return 0 }
        // Wholly right of p: the curve and its chord cross the ray the same net number of times.
        if p.x < Swift.min(a.x, c.x, b.x) { return lineWinding(a, b, p) }
        let y = { (t: Double) in BezierRoots.quad(a.y, c.y, b.y, t) }
        let x = { (t: Double) in BezierRoots.quad(a.x, c.x, b.x, t) }
        if let ts = BezierRoots.quadStationary(a.y, c.y, b.y) {
            let ym = y(ts)
            return monotonicWinding(0, a.y, ts, ym, p, y, x) + monotonicWinding(ts, ym, 1, b.y, p, y, x)
        }
        return monotonicWinding(0, a.y, 1, b.y, p, y, x)
    }

    static func cubicWinding(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, _ p: Point) -> Int {
        let minY = Swift.min(a.y, c1.y, c2.y, b.y), maxY = Swift.max(a.y, c1.y, c2.y, b.y)
        if p.y < minY || p.y >= maxY { return 0 }
        if p.x >= Swift.max(a.x, c1.x, c2.x, b.x) { return 0 }
        if p.x < Swift.min(a.x, c1.x, c2.x, b.x) { return lineWinding(a, b, p) }
        let y = { (t: Double) in BezierRoots.cubic(a.y, c1.y, c2.y, b.y, t) }
        let x = { (t: Double) in BezierRoots.cubic(a.x, c1.x, c2.x, b.x, t) }
        let r = BezierRoots.cubicStationary(a.y, c1.y, c2.y, b.y)
        switch r.count {
        case 0:
            return monotonicWinding(0, a.y, 1, b.y, p, y, x)
        case 1:
            let ym = y(r.t0)
            return monotonicWinding(0, a.y, r.t0, ym, p, y, x) + monotonicWinding(r.t0, ym, 1, b.y, p, y, x)
        default:
            let ym0 = y(r.t0), ym1 = y(r.t1)
            return monotonicWinding(0, a.y, r.t0, ym0, p, y, x)
                + monotonicWinding(r.t0, ym0, r.t1, ym1, p, y, x)
                + monotonicWinding(r.t1, ym1, 1, b.y, p, y, x)
        }
    }

    /// The crossing of one y-monotonic piece [t0, t1] (with end ordinates y0, y1) with the ray,
    /// under the same half-open rule as `lineWinding`. The parameter where y = p.y is found by
    /// bisection, which converges to the last bit because the piece is monotonic.
    static func monotonicWinding(_ t0: Double, _ y0: Double, _ t1: Double, _ y1: Double, _ p: Point,
                                 _ y: (Double) -> Double, _ x: (Double) -> Double) -> Int {
        if y0 == y1 { return 0 }
        let down = y0 < y1
        let lo = down ? y0 : y1, hi = down ? y1 : y0
        guard p.y >= lo, p.y < hi else { return 0 }
        // Invariant: y(a) is on the start side of p.y, y(b) on the end side.
        var a = t0, b = t1
        for _ in 0..<64 {
            let m = 0.5 * (a + b)
            if m <= a || m >= b { break }
            if (y(m) < p.y) == down { a = m } else { b = m }
        }
        let xc = x(0.5 * (a + b))
        guard xc > p.x else { return 0 }
        return down ? 1 : -1
    }
}
