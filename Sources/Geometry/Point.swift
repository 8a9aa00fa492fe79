/// A position in a 2-D coordinate space (pixels on screen, venue units in the chart).
///
/// Screen and chart spaces have their origin at the top left with y pointing down.
/// `Point − Point` gives a `Vector`; `Point + Vector` gives a `Point`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor ±∞).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean distance to `other`, in the same units.
    @inlinable public func distance(to other: Point) -> Double { (other - self).length }

    /// Linear interpolation: `self` at t = 0, `other` at t = 1.
    @inlinable public func interpolated(to other: Point, at t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// The point as a vector from the origin.
    @inlinable public var vector: Vector { Vector(dx: x, dy: y) }

    public var description: String { "(\(x), \(y))" }

    @inlinable public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }
    @inlinable public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }
    @inlinable public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy)
    }
    @inlinable public static func += (lhs: inout Point, rhs: Vector) { lhs = lhs + rhs }
    @inlinable public static func -= (lhs: inout Point, rhs: Vector) { lhs = lhs - rhs }
}
