import Testing
@testable import Animation

@Suite struct UnitCurveTests {
    @Test func easeInOutIsSymmetricAtHalf() {
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
    }

    @Test(arguments: [0.0, 0.01, 0.1, 0.25, 0.3, 0.5, 0.62, 0.75, 0.9, 0.99, 1.0])
    func curvesMatchBisectionReference(x: Double) {
        let cases: [(UnitCurve, (Double, Double, Double, Double))] = [
            (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
            (UnitCurve(c0x: 0.17, c0y: 0.67, c1x: 0.83, c1y: 0.67), (0.17, 0.67, 0.83, 0.67)),
            (UnitCurve(c0x: 0.68, c0y: -0.55, c1x: 0.27, c1y: 1.55), (0.68, -0.55, 0.27, 1.55)),
        ]
        for (curve, p) in cases {
            let ref = referenceBezier(p.0, p.1, p.2, p.3, at: x)
            #expect(abs(curve.value(at: x) - ref) < 1e-6, "curve \(p) at \(x)")
        }
        #expect(UnitCurve.linear.value(at: x) == x)
    }

    @Test func easeInOutAtQuarter() {
        // A hand check: at x = 0.25 the parameter solves 3·0.42·s(1−s)² + 3·0.58·s²(1−s) + s³ = 0.25.
        let ref = referenceBezier(0.42, 0, 0.58, 1, at: 0.25)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.25) - ref) < 1e-9)
        #expect(ref > 0.12 && ref < 0.13)   // ≈ 0.1291
    }

    @Test func clampsOutsideUnitInterval() {
        #expect(UnitCurve.easeIn.value(at: -1) == 0)
        #expect(UnitCurve.easeIn.value(at: 2) == 1)
        #expect(UnitCurve.easeIn.value(at: .nan) == 0)
    }

    @Test(arguments: [0.05, 0.2, 0.5, 0.8, 0.95])
    func velocityIsTheSlope(x: Double) {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut] {
            let h = 1e-6
            let fd = (referenceBezier(curve.c0x, curve.c0y, curve.c1x, curve.c1y, at: x + h)
                      - referenceBezier(curve.c0x, curve.c0y, curve.c1x, curve.c1y, at: x - h)) / (2 * h)
            #expect(abs(curve.velocity(at: x) - fd) < 1e-5)
        }
    }

    @Test func animationDurationsFollowSwiftUI() {
        for a in [Animation.easeIn, .easeOut, .easeInOut, .linear, .default] {
            guard case .timingCurve(_, let d) = a.base else { Issue.record("not a curve"); continue }
            #expect(d == 0.35)
        }
        guard case .timingCurve(let c, let d) = Animation.timingCurve(0.1, 0.2, 0.3, 0.4, duration: 2).base
        else { Issue.record("not a curve"); return }
        #expect(d == 2 && c.c0x == 0.1 && c.c0y == 0.2 && c.c1x == 0.3 && c.c1y == 0.4)
    }
}
