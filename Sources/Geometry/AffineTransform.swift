/// A 2-D affine transform with exactly CGAffineTransform's layout, conventions and math.
///
/// The matrix is used with **row vectors**:
///
///     [x' y' 1] = [x y 1] · | a  b  0 |
///                           | c  d  0 |
///                           | tx ty 1 |
///
/// so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`.
///
/// - `t1.concatenating(t2)` is `t1 · t2`: it applies **t1 first**, then t2.
/// - `rotated(by:)`, `translatedBy(x:y:)`, `scaledBy(x:y:)` prepend the new step: the new
///   step applies **before** the receiver (`t.translatedBy(x:y:) == T(x,y).concatenating(t)`).
/// - y points down, so a positive rotation angle turns clockwise on screen.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }
    @inlinable public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// A rotation by `angle` radians about the origin (clockwise on a y-down screen).
    @inlinable public init(rotationAngle angle: Double) {
        let s = _sin(angle), co = _cos(angle)
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    @inlinable public var isIdentity: Bool { self == .identity }

    /// `self · other`: applies the receiver first, then `other`.
    @inlinable public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// A rotation by `angle` radians applied before the receiver.
    @inlinable public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }
    /// A translation applied before the receiver.
    @inlinable public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// A scale applied before the receiver.
    @inlinable public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// `a·d − b·c`: the factor by which areas scale (negative when the transform mirrors).
    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse; like CGAffineTransformInvert, the receiver unchanged when it is singular.
    @inlinable public func inverted() -> AffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// True when the transform keeps axis-aligned rects axis-aligned (no rotation or skew
    /// other than multiples of 90°).
    @inlinable public var preservesAxisAlignment: Bool { (b == 0 && c == 0) || (a == 0 && d == 0) }

    /// The largest factor by which the transform stretches a length (the larger singular value).
    @inlinable public var maximumScale: Double {
        let p = a * a + b * b + c * c + d * d
        let q = determinant
        let r = (Swift.max(p * p - 4 * q * q, 0)).squareRoot()
        return ((p + r) / 2).squareRoot()
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension Point {
    /// The point mapped through `t` (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`).
    @inlinable public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Vector {
    /// The vector mapped through the linear part of `t` (translation ignored).
    @inlinable public func applying(_ t: AffineTransform) -> Vector {
        Vector(dx: t.a * dx + t.c * dy, dy: t.b * dx + t.d * dy)
    }
}

extension Size {
    /// Like CGSizeApplyAffineTransform: the linear part applied to (width, height), translation
    /// ignored; the result may be negative.
    @inlinable public func applying(_ t: AffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Rect {
    /// The bounding box of the rect's four transformed corners (CGRectApplyAffineTransform).
    /// `null` stays `null`.
    @inlinable public func applying(_ t: AffineTransform) -> Rect {
        if isNull { return self }
        let p0 = Point(x: minX, y: minY).applying(t), p1 = Point(x: maxX, y: minY).applying(t)
        let p2 = Point(x: minX, y: maxY).applying(t), p3 = Point(x: maxX, y: maxY).applying(t)
        let x0 = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let x1 = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
        let y0 = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
        let y1 = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
