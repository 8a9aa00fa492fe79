/// The tests' independent reference for a cubic timing curve (control points (x1, y1), (x2, y2)
/// between (0, 0) and (1, 1)): bisection on x(s) of the Bernstein form, then y(s). Shares no
/// code with `UnitCurve`.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bern(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let m = 1 - s
        return 3 * m * m * s * p1 + 3 * m * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 {
        let mid = (lo + hi) / 2
        if bern(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bern(y1, y2, (lo + hi) / 2)
}
