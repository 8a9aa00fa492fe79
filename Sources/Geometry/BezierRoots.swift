/// One-coordinate polynomial helpers for Bézier segments: evaluation and the parameters where
/// a coordinate is stationary (the roots of its derivative). Shared by bounds and containment.
enum BezierRoots {
    /// The real roots of a·t² + b·t + c = 0 that lie strictly inside (0, 1), ascending.
    /// Uses the cancellation-free form of the quadratic formula; a = 0 falls back to linear.
    static func unitQuadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> (count: Int, t0: Double, t1: Double) {
        var r0 = Double.nan, r1 = Double.nan
        if a == 0 {
            if b != 0 { r0 = -c / b }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let q = -0.5 * (b + (b < 0 ? -disc.squareRoot() : disc.squareRoot()))
                r0 = q / a
                if q != 0 { r1 = c / q } else { r1 = r0 }
            }
        }
        var n = 0, out0 = 0.0, out1 = 0.0
        if r0 > 0 && r0 < 1 { out0 = r0; n = 1 }
        if r1 > 0 && r1 < 1 && !(n == 1 && r1 == out0) {
            if n == 0 { out0 = r1; n = 1 } else { out1 = r1; n = 2 }
        }
        if n == 2 && out1 < out0 { swap(&out0, &out1) }
        return (n, out0, out1)
    }

    /// Parameters in (0, 1) where a cubic coordinate with control values p0…p3 has zero
    /// derivative. B′(t)/3 = A·t² + B·t + C with A = p3 − 3p2 + 3p1 − p0, B = 2(p2 − 2p1 + p0),
    /// C = p1 − p0.
    static func cubicStationary(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double)
        -> (count: Int, t0: Double, t1: Double) {
        unitQuadraticRoots(p3 - 3 * p2 + 3 * p1 - p0, 2 * (p2 - 2 * p1 + p0), p1 - p0)
    }

    /// The parameter in (0, 1) where a quadratic coordinate is stationary, or nil.
    static func quadStationary(_ p0: Double, _ p1: Double, _ p2: Double) -> Double? {
        let den = p0 - 2 * p1 + p2
        guard den != 0 else { return nil }
        let t = (p0 - p1) / den
        return t > 0 && t < 1 ? t : nil
    }

    @inline(__always) static func quad(_ p0: Double, _ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return s * s * p0 + 2 * s * t * p1 + t * t * p2
    }

    @inline(__always) static func cubic(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ t: Double) -> Double {
        let s = 1 - t
        return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3
    }
}
