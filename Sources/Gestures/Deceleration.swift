#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// The coasting after a fling: exponential friction, v(t) = v₀·e^(−k·t), so the offset
/// from the release point is x(t) = v₀/k · (1 − e^(−k·t)) and the rest point is v₀/k.
/// Pure values; the Animation module samples it at its own (virtual) clock.
public struct Deceleration: Hashable, Sendable {
    /// Velocity at release, px/s (already clamped to the maximum fling speed).
    public var initialVelocity: Vector
    /// Friction k, 1/s (> 0).
    public var rate: Double
    /// Release time, s (the frame's timestamp).
    public var releaseTime: Double

    public init(initialVelocity: Vector, rate: Double, releaseTime: Double = 0) {
        self.initialVelocity = initialVelocity
        self.rate = rate.isFinite && rate > 0 ? rate : 1
        self.releaseTime = releaseTime
    }

    /// Offset from the release position `t` seconds after the release, px.
    @inlinable public func offset(at t: Double) -> Vector {
        guard t > 0 else { return .zero }
        return initialVelocity * ((1 - _exp(-rate * t)) / rate)
    }
    /// Velocity `t` seconds after the release, px/s.
    @inlinable public func velocity(at t: Double) -> Vector {
        initialVelocity * _exp(-rate * max(t, 0))
    }
    /// Where the motion comes to rest, relative to the release position, px.
    @inlinable public var restOffset: Vector { initialVelocity / rate }
    /// Seconds after the release until the speed drops below `speed` (px/s); 0 if it already is.
    @inlinable public func duration(untilSpeedBelow speed: Double) -> Double {
        let v0 = initialVelocity.length
        guard speed > 0, v0 > speed else { return 0 }
        return _log(v0 / speed) / rate
    }
}

@inlinable func _exp(_ x: Double) -> Double { exp(x) }
@inlinable func _log(_ x: Double) -> Double { log(x) }
@inlinable func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inlinable func _cos(_ x: Double) -> Double { cos(x) }
@inlinable func _sin(_ x: Double) -> Double { sin(x) }
