#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An angle, stored in radians. On a y-down screen a positive angle turns clockwise.
public struct Angle: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var radians: Double

    @inlinable public init(radians: Double) { self.radians = radians }
    @inlinable public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    @inlinable public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    @inlinable public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }

    public static let zero = Angle(radians: 0)

    @inlinable public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    @inlinable public var sin: Double { _sin(radians) }
    @inlinable public var cos: Double { _cos(radians) }

    /// The same direction expressed in (−π, π].
    @inlinable public var normalized: Angle {
        var r = _fmod(radians, 2 * .pi)
        if r <= -.pi { r += 2 * .pi } else if r > .pi { r -= 2 * .pi }
        return Angle(radians: r)
    }

    public var description: String { "\(degrees)°" }

    @inlinable public static func < (l: Angle, r: Angle) -> Bool { l.radians < r.radians }
    @inlinable public static func + (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians + r.radians) }
    @inlinable public static func - (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians - r.radians) }
    @inlinable public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    @inlinable public static func * (a: Angle, k: Double) -> Angle { Angle(radians: a.radians * k) }
    @inlinable public static func += (l: inout Angle, r: Angle) { l = l + r }
    @inlinable public static func -= (l: inout Angle, r: Angle) { l = l - r }
}

// Free functions so that the names `sin`/`cos` on Angle do not shadow libm.
@inlinable func _sin(_ x: Double) -> Double { sin(x) }
@inlinable func _cos(_ x: Double) -> Double { cos(x) }
@inlinable func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inlinable func _fmod(_ x: Double, _ y: Double) -> Double { fmod(x, y) }
@inlinable func _tan(_ x: Double) -> Double { tan(x) }
@inlinable func _acos(_ x: Double) -> Double { acos(x) }
@inlinable func _atan(_ x: Double) -> Double { atan(x) }
@inlinable func _sqrt(_ x: Double) -> Double { x.squareRoot() }
@inlinable func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
