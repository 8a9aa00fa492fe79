/// How a change moves over time, with SwiftUI's vocabulary and definitions: Bézier timing
/// curves with a duration, or springs that run until they settle, modified by a delay, a speed
/// and repetition. A plain value (Sendable, Hashable) so transactions can carry it anywhere.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// What drives the progress.
    public enum Base: Hashable, Sendable {
        /// Value progress = `curve(elapsed / duration)`; `duration` in seconds.
        case timingCurve(UnitCurve, duration: Double)
        /// A spring toward the target. `initialVelocity` is in units of the whole change per
        /// second (1 = the distance to the target per second), added to any velocity inherited
        /// from the animation it replaces. `blendDuration` is kept for SwiftUI parity; velocity
        /// is always inherited on retargeting.
        case spring(Spring, initialVelocity: Double, blendDuration: Double)
    }

    public var base: Base
    /// Seconds (of real time) before the animation starts moving.
    public var delay: Double = 0
    /// Multiplier on the rate of time for the animation's own motion (2 = twice as fast).
    public var speed: Double = 1
    /// How many times the motion runs; `.infinity` repeats forever.
    public var repeatCount: Double = 1
    /// Whether repetitions alternate direction.
    public var autoreverses: Bool = false

    @inlinable public init(base: Base) { self.base = base }

    public var description: String {
        var s: String
        switch base {
        case .timingCurve(let c, let d): s = "timingCurve(\(c.c0x), \(c.c0y), \(c.c1x), \(c.c1y), \(d)s)"
        case .spring(let sp, let v, _): s = "spring(k: \(sp.stiffness), c: \(sp.damping), m: \(sp.mass), v0: \(v))"
        }
        if delay != 0 { s += ".delay(\(delay))" }
        if speed != 1 { s += ".speed(\(speed))" }
        if repeatCount != 1 { s += ".repeatCount(\(repeatCount), autoreverses: \(autoreverses))" }
        return s
    }

    // MARK: - Curves

    private static func validDuration(_ d: Double) -> Double { d.isFinite && d >= 0 ? d : 0.35 }

    /// Linear progress over `duration` seconds.
    public static func linear(duration: Double) -> Animation {
        Animation(base: .timingCurve(.linear, duration: validDuration(duration)))
    }
    /// Bézier (0.42, 0, 1, 1) over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation {
        Animation(base: .timingCurve(.easeIn, duration: validDuration(duration)))
    }
    /// Bézier (0, 0, 0.58, 1) over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation {
        Animation(base: .timingCurve(.easeOut, duration: validDuration(duration)))
    }
    /// Bézier (0.42, 0, 0.58, 1) over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation {
        Animation(base: .timingCurve(.easeInOut, duration: validDuration(duration)))
    }
    public static let linear = linear(duration: 0.35)
    public static let easeIn = easeIn(duration: 0.35)
    public static let easeOut = easeOut(duration: 0.35)
    public static let easeInOut = easeInOut(duration: 0.35)
    /// SwiftUI's classic default: ease-in-out over 0.35 s.
    public static let `default` = easeInOut

    /// A cubic Bézier timing curve with control points (c0x, c0y), (c1x, c1y) over `duration`
    /// seconds (0.35 by default).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: Double = 0.35) -> Animation {
        Animation(base: .timingCurve(UnitCurve(c0x: c0x, c0y: c0y, c1x: c1x, c1y: c1y),
                                     duration: validDuration(duration)))
    }

    /// SwiftUI's `spring(response:dampingFraction:blendDuration:)`: mass 1, stiffness
    /// (2π/response)², damping 4π·dampingFraction/response.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) -> Animation {
        Animation(base: .spring(Spring(response: response, dampingFraction: dampingFraction),
                                initialVelocity: 0, blendDuration: blendDuration))
    }
    /// `spring()` with its defaults.
    public static let spring = spring()

    /// SwiftUI's `interpolatingSpring(stiffness:damping:mass:initialVelocity:)`.
    public static func interpolatingSpring(stiffness: Double, damping: Double, mass: Double = 1,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(base: .spring(Spring(mass: mass, stiffness: stiffness, damping: damping),
                                initialVelocity: initialVelocity.isFinite ? initialVelocity : 0,
                                blendDuration: 0))
    }

    /// The animation with every field usable: the fields are public, so values built by hand
    /// may hold NaN, zero speeds or negative counts. Those fall back to the defaults.
    var sanitized: Animation {
        var a = self
        if !(a.delay.isFinite && a.delay >= 0) { a.delay = 0 }
        if !(a.speed.isFinite && a.speed > 0) { a.speed = 1 }
        if a.repeatCount.isNaN || a.repeatCount < 1 { a.repeatCount = 1 }
        if case .timingCurve(let c, let d) = a.base, !(d.isFinite && d >= 0) {
            a.base = .timingCurve(c, duration: 0.35)
        }
        if case .spring(let sp, let v, let b) = a.base, !v.isFinite {
            a.base = .spring(sp, initialVelocity: 0, blendDuration: b)
        }
        return a
    }

    // MARK: - Modifiers

    /// Starts `seconds` later (non-finite or negative delays are ignored).
    public func delay(_ seconds: Double) -> Animation {
        var a = self
        if seconds.isFinite, seconds > 0 { a.delay += seconds }
        return a
    }
    /// Runs `factor` times as fast, delays already applied included (like SwiftUI, where
    /// `.delay(1).speed(2)` waits 0.5 s). Non-positive or non-finite factors are ignored.
    public func speed(_ factor: Double) -> Animation {
        var a = self
        if factor.isFinite, factor > 0 { a.speed *= factor; a.delay /= factor }
        return a
    }
    /// Runs the motion `count` times (at least once), alternating direction when
    /// `autoreverses`. After the last run the value is the target (it jumps there when an
    /// autoreversing count is even, as in SwiftUI).
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = Double(max(count, 1)); a.autoreverses = autoreverses
        return a
    }
    /// Repeats the motion forever; the animation never completes on its own.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = .infinity; a.autoreverses = autoreverses
        return a
    }
}
