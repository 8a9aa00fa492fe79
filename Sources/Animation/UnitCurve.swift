/// A timing curve on the unit square: maps time progress x ∈ [0, 1] to value progress y,
/// a cubic Bézier from (0, 0) to (1, 1) with control points `c0` and `c1` (CSS and SwiftUI's
/// `timingCurve`). Linear is the Bézier (1/3, 1/3), (2/3, 2/3), solved directly.
public struct UnitCurve: Hashable, Sendable {
    public let c0x: Double, c0y: Double, c1x: Double, c1y: Double
    // Polynomial coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    @usableFromInline let isLinear: Bool

    /// A Bézier timing curve. Control x coordinates are clamped to [0, 1] so that x(s) is
    /// monotonic and the curve is a function of time; non-finite inputs give linear.
    public init(c0x: Double, c0y: Double, c1x: Double, c1y: Double) {
        let finite = c0x.isFinite && c0y.isFinite && c1x.isFinite && c1y.isFinite
        let p0x = finite ? min(max(c0x, 0), 1) : 1.0 / 3, p1x = finite ? min(max(c1x, 0), 1) : 2.0 / 3
        let p0y = finite ? c0y : 1.0 / 3, p1y = finite ? c1y : 2.0 / 3
        self.c0x = p0x; self.c0y = p0y; self.c1x = p1x; self.c1y = p1y
        cx = 3 * p0x; bx = 3 * (p1x - p0x) - cx; ax = 1 - cx - bx
        cy = 3 * p0y; by = 3 * (p1y - p0y) - cy; ay = 1 - cy - by
        isLinear = p0x == p0y && p1x == p1y
    }

    public static let linear = UnitCurve(c0x: 1.0 / 3, c0y: 1.0 / 3, c1x: 2.0 / 3, c1y: 2.0 / 3)
    public static let easeIn = UnitCurve(c0x: 0.42, c0y: 0, c1x: 1, c1y: 1)
    public static let easeOut = UnitCurve(c0x: 0, c0y: 0, c1x: 0.58, c1y: 1)
    public static let easeInOut = UnitCurve(c0x: 0.42, c0y: 0, c1x: 0.58, c1y: 1)

    @inlinable func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inlinable func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inlinable func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inlinable func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The Bézier parameter s with x(s) = x: Newton's method, falling back to bisection where
    /// the slope is flat; accurate to about 1e-12.
    @inlinable func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0 ..< 8 {
            let err = self.x(s) - x
            if abs(err) < 1e-13 { return s }
            let d = dx(s)
            if abs(d) < 1e-7 { break }
            s -= err / d
            if !(s >= 0 && s <= 1) { break }
        }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 64 {
            let mid = (lo + hi) * 0.5
            if self.x(mid) < x { lo = mid } else { hi = mid }
            if hi - lo < 1e-15 { break }
        }
        return (lo + hi) * 0.5
    }

    /// Value progress at time progress `x` (clamped to [0, 1]).
    @inlinable public func value(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        return y(parameter(forX: x))
    }

    /// d(value)/d(time progress) at `x`: the slope dy/dx of the curve.
    @inlinable public func velocity(at x: Double) -> Double {
        if isLinear { return 1 }
        let s = parameter(forX: min(max(x, 0), 1))
        let d = dx(s)
        if abs(d) > 1e-12 { return dy(s) / d }
        // Flat in x (a control point on the end): the ratio of second derivatives.
        let ddx = 6 * ax * s + 2 * bx, ddy = 6 * ay * s + 2 * by
        return ddx != 0 ? ddy / ddx : 0
    }
}
