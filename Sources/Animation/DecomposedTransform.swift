import Geometry

/// An `AffineTransform` taken apart into the pieces that interpolate well: translation,
/// rotation, scale and skew. It is the transform's animatable vector.
///
/// With column vectors (x' = a·x + c·y + tx, y' = b·x + d·y + ty) the linear part is
/// `R(rotation) · diag(scaleX, scaleY) · [[1, skew], [0, 1]]`: a point is first skewed
/// (x += skew·y), then scaled, then rotated, then translated. A mirror shows as a negative
/// `scaleY`.
public struct DecomposedTransform: VectorArithmetic, Hashable, CustomStringConvertible {
    public var translationX: Double, translationY: Double
    /// Radians; positive turns clockwise on a y-down screen.
    public var rotation: Double
    public var scaleX: Double, scaleY: Double
    /// Horizontal shear factor applied before scaling: x += skew·y.
    public var skew: Double

    @inlinable public init(translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
                           scaleX: Double = 1, scaleY: Double = 1, skew: Double = 0) {
        self.translationX = translationX; self.translationY = translationY; self.rotation = rotation
        self.scaleX = scaleX; self.scaleY = scaleY; self.skew = skew
    }

    /// Decomposes `t` (rotation in (−π, π]). A linear part whose first column is zero has no
    /// rotation to recover; it decomposes as rotation 0.
    public init(_ t: AffineTransform) {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let theta = sx > 0 ? atan2Safe(t.b, t.a) : 0
        let co = sx > 0 ? t.a / sx : 1, si = sx > 0 ? t.b / sx : 0
        // U = R(−θ)·L is upper triangular: [[sx, m], [0, sy]].
        let m = t.c * co + t.d * si
        let sy = -t.c * si + t.d * co
        self.init(translationX: t.tx, translationY: t.ty, rotation: theta,
                  scaleX: sx, scaleY: sy, skew: sx != 0 ? m / sx : 0)
    }

    /// The transform these parts describe.
    public var transform: AffineTransform {
        let co = Angle(radians: rotation).cos, si = Angle(radians: rotation).sin
        // L = R · [[sx, sx·k], [0, sy]]; column 1 = (a, b), column 2 = (c, d).
        let u11 = scaleX, u12 = scaleX * skew, u22 = scaleY
        return AffineTransform(a: co * u11, b: si * u11,
                               c: co * u12 - si * u22, d: si * u12 + co * u22,
                               tx: translationX, ty: translationY)
    }

    public var description: String {
        "DecomposedTransform(t: (\(translationX), \(translationY)), r: \(rotation), s: (\(scaleX), \(scaleY)), k: \(skew))"
    }

    @inlinable public static var zero: Self { Self(scaleX: 0, scaleY: 0) }
    @inlinable public static func + (l: Self, r: Self) -> Self {
        Self(translationX: l.translationX + r.translationX, translationY: l.translationY + r.translationY,
             rotation: l.rotation + r.rotation, scaleX: l.scaleX + r.scaleX, scaleY: l.scaleY + r.scaleY,
             skew: l.skew + r.skew)
    }
    @inlinable public static func - (l: Self, r: Self) -> Self {
        Self(translationX: l.translationX - r.translationX, translationY: l.translationY - r.translationY,
             rotation: l.rotation - r.rotation, scaleX: l.scaleX - r.scaleX, scaleY: l.scaleY - r.scaleY,
             skew: l.skew - r.skew)
    }
    @inlinable public mutating func scale(by k: Double) {
        translationX *= k; translationY *= k; rotation *= k; scaleX *= k; scaleY *= k; skew *= k
    }
    @inlinable public var magnitudeSquared: Double {
        translationX * translationX + translationY * translationY + rotation * rotation
            + scaleX * scaleX + scaleY * scaleY + skew * skew
    }
    @inlinable public static var scalarCount: Int { 6 }
    @inlinable public func store(into b: UnsafeMutablePointer<Double>) {
        b[0] = translationX; b[1] = translationY; b[2] = rotation; b[3] = scaleX; b[4] = scaleY; b[5] = skew
    }
    @inlinable public init(loadingFrom b: UnsafePointer<Double>) {
        self.init(translationX: b[0], translationY: b[1], rotation: b[2], scaleX: b[3], scaleY: b[4], skew: b[5])
    }
}

private func atan2Safe(_ y: Double, _ x: Double) -> Double { Vector(dx: x, dy: y).angle.radians }
