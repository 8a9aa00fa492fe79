/// A displacement between two points, in the same units as the points.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    @inlinable public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    @inlinable public init(_ dx: Double, _ dy: Double) { self.dx = dx; self.dy = dy }

    public static let zero = Vector(dx: 0, dy: 0)

    /// The unit vector at `angle` (0 points along +x; positive angles turn clockwise on a
    /// y-down screen).
    @inlinable public init(angle: Angle) { self.init(dx: angle.cos, dy: angle.sin) }

    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }
    @inlinable public var lengthSquared: Double { dx * dx + dy * dy }
    /// The direction of the vector, `atan2(dy, dx)`.
    @inlinable public var angle: Angle { Angle(radians: _atan2(dy, dx)) }
    @inlinable public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// The vector scaled to length 1; the zero vector stays zero.
    @inlinable public var normalized: Vector {
        let l = length
        return l > 0 ? Vector(dx: dx / l, dy: dy / l) : .zero
    }
    /// The vector turned by +90° (clockwise on a y-down screen).
    @inlinable public var perpendicular: Vector { Vector(dx: -dy, dy: dx) }

    @inlinable public func dot(_ o: Vector) -> Double { dx * o.dx + dy * o.dy }
    /// The z component of the 3-D cross product: positive when `o` is clockwise from `self`
    /// on a y-down screen.
    @inlinable public func cross(_ o: Vector) -> Double { dx * o.dy - dy * o.dx }

    public var description: String { "<\(dx), \(dy)>" }

    @inlinable public static func + (l: Vector, r: Vector) -> Vector { Vector(dx: l.dx + r.dx, dy: l.dy + r.dy) }
    @inlinable public static func - (l: Vector, r: Vector) -> Vector { Vector(dx: l.dx - r.dx, dy: l.dy - r.dy) }
    @inlinable public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
    @inlinable public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
    @inlinable public static func * (s: Double, v: Vector) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
    @inlinable public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
    @inlinable public static func += (l: inout Vector, r: Vector) { l = l + r }
    @inlinable public static func -= (l: inout Vector, r: Vector) { l = l - r }
}
