#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator `m·x'' + c·x' + k·x = 0`, solved in closed form: the
/// displacement from the target after `t` seconds is `x0·A(t) + v0·B(t)` for an initial
/// displacement `x0` and velocity `v0` (per component), under-, critically or over-damped.
public struct Spring: Hashable, Sendable {
    /// Mass (> 0), stiffness k (> 0, N/m-like) and damping c (≥ 0, per second·mass).
    public let mass: Double, stiffness: Double, damping: Double

    /// Natural angular frequency ω0 = √(k/m), rad/s.
    public let omega0: Double
    /// Damping ratio ζ = c / (2√(k·m)): < 1 bounces, 1 is critical, > 1 creeps.
    public let dampingRatio: Double

    /// A spring from physical parameters; non-finite or non-positive mass and stiffness fall
    /// back to 1 and 100, negative damping to 0, non-finite damping to critical.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        // Negative damping would grow without bound: clamp to 0 (oscillates forever). A
        // non-finite value has no meaning: use critical damping.
        let c = damping.isFinite ? max(damping, 0) : 2 * (k * m).squareRoot()
        self.mass = m; self.stiffness = k; self.damping = c
        omega0 = (k / m).squareRoot()
        dampingRatio = c / (2 * (k * m).squareRoot())
    }

    /// SwiftUI's `spring(response:dampingFraction:)`: mass 1, stiffness (2π/response)²,
    /// damping 4π·dampingFraction/response. `response` is the undamped period in seconds.
    public init(response: Double, dampingFraction: Double) {
        let r = response.isFinite && response > 0 ? response : 0.55
        let z = dampingFraction.isFinite && dampingFraction >= 0 ? dampingFraction : 0.825
        let w = 2 * Double.pi / r
        self.init(mass: 1, stiffness: w * w, damping: 4 * Double.pi * z / r)
    }

    // Regimes are told apart with a tolerance so near-critical springs do not divide by ~0.
    @usableFromInline var regime: Int { abs(dampingRatio - 1) < 1e-6 ? 0 : (dampingRatio < 1 ? -1 : 1) }

    /// The coefficients (A, B) and their time derivatives (A', B') at `t` seconds: displacement
    /// `x0·A + v0·B`, velocity `x0·A' + v0·B'`. A(0) = 1, B(0) = 0, A'(0) = 0, B'(0) = 1.
    @inlinable public func coefficients(at t: Double) -> (a: Double, b: Double, da: Double, db: Double) {
        let w0 = omega0, z = dampingRatio
        switch regime {
        case -1:
            let wd = w0 * (1 - z * z).squareRoot()
            let decay = z * w0
            let e = exp(-decay * t), c = cos(wd * t), s = sin(wd * t)
            // x = e(x0·c + (v0 + decay·x0)/wd·s)
            let a = e * (c + decay / wd * s)
            let b = e * s / wd
            // d/dt[e·c] = e(−decay·c − wd·s); d/dt[e·s] = e(−decay·s + wd·c)
            let da = e * (-decay * c - wd * s) + decay / wd * e * (-decay * s + wd * c)
            let db = e * (-decay * s + wd * c) / wd
            return (a, b, da, db)
        case 0:
            let e = exp(-w0 * t)
            return (e * (1 + w0 * t), t * e, -w0 * w0 * t * e, e * (1 - w0 * t))
        default:
            let q = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + q, r2 = -z * w0 - q   // r2 < r1 < 0
            let e1 = exp(r1 * t), e2 = exp(r2 * t), den = r1 - r2
            return ((-r2 * e1 + r1 * e2) / den, (e1 - e2) / den,
                    (-r2 * r1 * e1 + r1 * r2 * e2) / den, (r1 * e1 - r2 * e2) / den)
        }
    }

    /// Seconds after which the displacement from the target stays below `tolerance`, for an
    /// initial displacement of magnitude `x0` and velocity of magnitude `v0` (same units).
    /// Uses an envelope that bounds |x(t)| for all later times. Infinite for an undamped spring.
    public func settlingDuration(displacement x0: Double, velocity v0: Double, tolerance: Double) -> Double {
        let x0 = abs(x0), v0 = abs(v0)
        guard tolerance > 0, x0 + v0 > 0 else { return 0 }
        let w0 = omega0, z = dampingRatio
        if z <= 0 { return .infinity }
        switch regime {
        case -1:
            let wd = w0 * (1 - z * z).squareRoot()
            let amp = x0 * (1 + (z * w0 / wd) * (z * w0 / wd)).squareRoot() + v0 / wd
            return amp <= tolerance ? 0 : log(amp / tolerance) / (z * w0)
        case 0:
            // e^{−w0 t}(x0 + (v0 + w0·x0)·t): rises at most until its peak, then falls.
            let c2 = v0 + w0 * x0
            let peak = max(0, 1 / w0 - x0 / c2)
            return lastCrossing(from: peak, tolerance) { t in exp(-w0 * t) * (x0 + c2 * t) }
        default:
            let q = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + q, r2 = -z * w0 - q, den = r1 - r2
            let c1 = (v0 + -r2 * x0) / den, c2 = (-r1 * x0 + v0) / den
            return lastCrossing(from: 0, tolerance) { t in c1 * exp(r1 * t) + c2 * exp(r2 * t) }
        }
    }

    /// The time ≥ `start` at which a function decreasing from `start` on falls to `tolerance`.
    private func lastCrossing(from start: Double, _ tolerance: Double, _ f: (Double) -> Double) -> Double {
        if f(start) <= tolerance { return start }
        var lo = start, hi = start + 1 / omega0
        while f(hi) > tolerance { lo = hi; hi = start + (hi - start) * 2; if hi > 1e9 { return .infinity } }
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            if f(mid) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
