/// A 3×3 projective transform of the plane with SwiftUI's `ProjectionTransform` layout:
///
///     [x' y' w] = [x y 1] · | m11 m12 m13 |
///                           | m21 m22 m23 |
///                           | m31 m32 m33 |
///
/// and the mapped point is (x'/w, y'/w). An affine transform has m13 = m23 = 0, m33 = 1, with
/// (m11, m12, m21, m22, m31, m32) = (a, b, c, d, tx, ty). `t1.concatenating(t2)` applies t1
/// first.
public struct ProjectionTransform: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    @inlinable public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                           m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    public static let identity = ProjectionTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0,
                                                     m31: 0, m32: 0, m33: 1)

    /// The affine transform as a projective one.
    @inlinable public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// The 3-D transform restricted to the z = 0 plane with z dropped, as SwiftUI does: the
    /// third row and column are removed (m13 ← m14, m23 ← m24, m31…m33 ← m41, m42, m44).
    @inlinable public init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    @inlinable public var isIdentity: Bool { self == .identity }

    /// True when there is no perspective part (m13 = m23 = 0 and m33 = 1).
    @inlinable public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part (meaningful when `isAffine`).
    @inlinable public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32)
    }

    /// `self · t`: applies the receiver first, then `t`.
    public func concatenating(_ t: ProjectionTransform) -> ProjectionTransform {
        ProjectionTransform(
            m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31, m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32,
            m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33,
            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31, m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32,
            m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33,
            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31, m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32,
            m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33)
    }

    /// The determinant of the 3×3 matrix.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse (adjugate over determinant); the receiver unchanged when it is singular or
    /// the result is not finite.
    public func inverted() -> ProjectionTransform { inverse() ?? self }

    func inverse() -> ProjectionTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = ProjectionTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det,
            m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det,
            m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det,
            m33: (m11 * m22 - m12 * m21) / det)
        let all = [r.m11, r.m12, r.m13, r.m21, r.m22, r.m23, r.m31, r.m32, r.m33]
        return all.allSatisfy(\.isFinite) ? r : nil
    }

    /// Inverts in place like SwiftUI's `invert()`; false (and unchanged) when singular.
    @discardableResult public mutating func invert() -> Bool {
        guard let r = inverse() else { return false }
        self = r
        return true
    }

    public var description: String {
        "ProjectionTransform([\(m11), \(m12), \(m13)], [\(m21), \(m22), \(m23)], [\(m31), \(m32), \(m33)])"
    }
}

extension Point {
    /// The point mapped through `t` with the homogeneous divide: (x', y') / w with
    /// w = m13·x + m23·y + m33. A point on the vanishing line (w = 0) maps to infinite or NaN
    /// coordinates; nothing traps.
    @inlinable public func applying(_ t: ProjectionTransform) -> Point {
        let w = t.m13 * x + t.m23 * y + t.m33
        return Point(x: (t.m11 * x + t.m21 * y + t.m31) / w, y: (t.m12 * x + t.m22 * y + t.m32) / w)
    }
}
