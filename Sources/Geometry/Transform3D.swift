/// A 4×4 homogeneous transform with CATransform3D's layout and conventions.
///
/// Points are **row vectors** multiplied on the left, as in Core Animation:
///
///     [x' y' z' w'] = [x y z 1] · | m11 m12 m13 m14 |
///                                 | m21 m22 m23 m24 |
///                                 | m31 m32 m33 m34 |
///                                 | m41 m42 m43 m44 |
///
/// followed by the divide by w'. Translation lives in m41…m43; perspective in m34 (set
/// `m34 = −1/d` for an eye at distance `d` in front of the z = 0 plane).
///
/// - `t1.concatenating(t2)` is `t1 · t2` (CATransform3DConcat): t1 applies first.
/// - `translatedBy`, `scaledBy`, `rotated(by:x:y:z:)` prepend the new step (like
///   CATransform3DTranslate/Scale/Rotate): it applies before the receiver.
/// - A rotation about +z by `angle` equals `AffineTransform(rotationAngle: angle)`.
///
/// Non-finite input is carried through the arithmetic (results may hold NaN); nothing traps.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    @inlinable public init(m11: Double, m12: Double, m13: Double, m14: Double,
                           m21: Double, m22: Double, m23: Double, m24: Double,
                           m31: Double, m32: Double, m33: Double, m34: Double,
                           m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// A translation by (x, y, z) (CATransform3DMakeTranslation).
    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity; m41 = x; m42 = y; m43 = z
    }

    /// A scale by (x, y, z) about the origin (CATransform3DMakeScale).
    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity; m11 = x; m22 = y; m33 = z
    }

    /// A rotation by `angle` radians about the axis (x, y, z) through the origin
    /// (CATransform3DMakeRotation). The axis need not be unit length; a zero axis gives the
    /// identity. About +z the rotation equals `AffineTransform(rotationAngle:)` (clockwise on a
    /// y-down screen); in general it turns counter-clockwise when looking down the axis towards
    /// the origin in a right-handed, y-up frame.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return }
        let ux = x / len, uy = y / len, uz = z / len
        let c = _cos(angle), s = _sin(angle), k = 1 - c
        // The row-vector matrix is the transpose of the usual column-vector Rodrigues matrix.
        m11 = c + k * ux * ux;      m12 = k * ux * uy + s * uz; m13 = k * ux * uz - s * uy
        m21 = k * ux * uy - s * uz; m22 = c + k * uy * uy;      m23 = k * uy * uz + s * ux
        m31 = k * ux * uz + s * uy; m32 = k * uy * uz - s * ux; m33 = c + k * uz * uz
    }

    /// A perspective projection for an eye at `distance` in front of the z = 0 plane: the
    /// identity with `m34 = −1/distance`, so points with z > 0 (towards the eye) grow. A
    /// distance that is not positive and finite gives the identity.
    public init(perspectiveDistance distance: Double) {
        self = .identity
        if distance > 0, distance.isFinite { m34 = -1 / distance }
    }

    /// The 2-D affine transform embedded in the z = 0 plane (CATransform3DMakeAffineTransform).
    public init(affine t: AffineTransform) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    @inlinable public var isIdentity: Bool { self == .identity }

    /// True when the transform is a 2-D affine transform of the plane (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The affine part acting on x and y (CATransform3DGetAffineTransform); meaningful when
    /// `isAffine`.
    public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// `self · t`: applies the receiver first, then `t` (CATransform3DConcat).
    public func concatenating(_ t: Transform3D) -> Transform3D {
        let a = rows, b = t.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
            }
        }
        return Transform3D(rows: r)
    }

    /// A translation applied before the receiver (CATransform3DTranslate).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before the receiver (CATransform3DScale).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation about the axis (x, y, z) applied before the receiver (CATransform3DRotate).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The determinant of the 4×4 matrix.
    public var determinant: Double {
        let m = rows
        // Laplace expansion along the first row with 2×2 minors of the lower rows.
        let s0 = m[2][0] * m[3][1] - m[3][0] * m[2][1], s1 = m[2][0] * m[3][2] - m[3][0] * m[2][2]
        let s2 = m[2][0] * m[3][3] - m[3][0] * m[2][3], s3 = m[2][1] * m[3][2] - m[3][1] * m[2][2]
        let s4 = m[2][1] * m[3][3] - m[3][1] * m[2][3], s5 = m[2][2] * m[3][3] - m[3][2] * m[2][3]
        let c0 = m[1][1] * s5 - m[1][2] * s4 + m[1][3] * s3
        let c1 = m[1][0] * s5 - m[1][2] * s2 + m[1][3] * s1
        let c2 = m[1][0] * s4 - m[1][1] * s2 + m[1][3] * s0
        let c3 = m[1][0] * s3 - m[1][1] * s1 + m[1][2] * s0
        return m[0][0] * c0 - m[0][1] * c1 + m[0][2] * c2 - m[0][3] * c3
    }

    /// The inverse; like CATransform3DInvert, the receiver unchanged when it is singular or
    /// not finite. Gauss–Jordan elimination with partial pivoting.
    public func inverted() -> Transform3D {
        var a = rows
        var inv: [[Double]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where Swift.abs(a[r][col]) > Swift.abs(a[pivot][col]) { pivot = r }
            let pv = a[pivot][col]
            guard pv != 0, pv.isFinite else { return self }
            if pivot != col { a.swapAt(pivot, col); inv.swapAt(pivot, col) }
            for j in 0..<4 { a[col][j] /= pv; inv[col][j] /= pv }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f == 0 { continue }
                for j in 0..<4 { a[r][j] -= f * a[col][j]; inv[r][j] -= f * inv[col][j] }
            }
        }
        let result = Transform3D(rows: inv)
        return result.rows.allSatisfy { $0.allSatisfy(\.isFinite) } ? result : self
    }

    /// Maps (x, y, z) as a row vector and divides by w. A point on or behind the eye plane
    /// (w ≤ 0) gives infinite or mirrored coordinates, as the plain math does.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double) {
        let w = x * m14 + y * m24 + z * m34 + m44
        return ((x * m11 + y * m21 + z * m31 + m41) / w,
                (x * m12 + y * m22 + z * m32 + m42) / w,
                (x * m13 + y * m23 + z * m33 + m43) / w)
    }

    public var description: String { "Transform3D(\(rows))" }

    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[Double]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                  m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                  m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

extension Point {
    /// The point (x, y, 0) mapped through `t` with the perspective divide, z dropped.
    @inlinable public func applying(_ t: Transform3D) -> Point {
        let w = x * t.m14 + y * t.m24 + t.m44
        return Point(x: (x * t.m11 + y * t.m21 + t.m41) / w, y: (x * t.m12 + y * t.m22 + t.m42) / w)
    }
}
