import Foundation
import Testing
@testable import Animation

/// Fine RK4 integration of m·x'' + c·x' + k·x = 0 — independent of the closed form.
private func integrate(m: Double, k: Double, c: Double, x0: Double, v0: Double, to t: Double,
                       steps: Int = 200_000) -> (x: Double, v: Double) {
    var x = x0, v = v0
    let h = t / Double(steps)
    func acc(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
    for _ in 0 ..< steps {
        let k1x = v, k1v = acc(x, v)
        let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite struct SpringTests {
    // Under-, critically and over-damped; x0 and v0 chosen arbitrarily.
    static let cases: [(m: Double, k: Double, c: Double)] = [
        (1, 100, 4), (1, 100, 20), (2, 50, 40), (1, 170, 26), (0.5, 300, 1),
    ]

    @Test(arguments: [0.05, 0.13, 0.4, 1.0])
    func closedFormMatchesIntegration(t: Double) {
        for s in Self.cases {
            let spring = Spring(mass: s.m, stiffness: s.k, damping: s.c)
            let (x0, v0) = (3.0, -7.0)
            let c = spring.coefficients(at: t)
            let ref = integrate(m: s.m, k: s.k, c: s.c, x0: x0, v0: v0, to: t, steps: 20_000)
            #expect(abs(x0 * c.a + v0 * c.b - ref.x) < 1e-7, "spring \(s) x at \(t)")
            #expect(abs(x0 * c.da + v0 * c.db - ref.v) < 1e-6, "spring \(s) v at \(t)")
        }
    }

    @Test func regimes() {
        #expect(Spring(mass: 1, stiffness: 100, damping: 20).dampingRatio == 1)
        #expect(Spring(mass: 1, stiffness: 100, damping: 4).dampingRatio == 0.2)
        #expect(Spring(mass: 2, stiffness: 50, damping: 40).dampingRatio == 2)
    }

    @Test func swiftUIResponseMapping() {
        let s = Spring(response: 0.5, dampingFraction: 0.6)
        #expect(abs(s.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.damping - 4 * Double.pi * 0.6 / 0.5) < 1e-9)
        #expect(abs(s.dampingRatio - 0.6) < 1e-12)
        // The undamped period is the response.
        #expect(abs(2 * Double.pi / s.omega0 - 0.5) < 1e-12)
    }

    @Test func settlingDurationBoundsTheMotion() {
        for s in Self.cases {
            let spring = Spring(mass: s.m, stiffness: s.k, damping: s.c)
            let (x0, v0) = (10.0, 25.0)
            let tol = 0.01
            let ts = spring.settlingDuration(displacement: x0, velocity: v0, tolerance: tol)
            #expect(ts.isFinite && ts > 0)
            // Sample well past settling: always inside the tolerance (either sign of v0).
            for sign in [1.0, -1.0] {
                for k in 0 ..< 50 {
                    let t = ts + Double(k) * 0.01
                    let c = spring.coefficients(at: t)
                    #expect(abs(x0 * c.a + sign * v0 * c.b) <= tol * 1.000001)
                }
            }
            // And not absurdly late: at 80 % of it a bare displacement (no velocity) is usually
            // outside — check only that the envelope is not trivially zero.
            #expect(spring.settlingDuration(displacement: x0, velocity: v0, tolerance: tol * 10) < ts)
        }
        #expect(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration(displacement: 1, velocity: 0, tolerance: 0.01) == .infinity)
    }
}
