#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestFixtures
@testable import Geometry

/// The extremes of a cubic's coordinates by dense sampling (independent of root solving).
func sampledBounds(_ c: Cubic, samples: Int = 200_000) -> Rect {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    for i in 0...samples {
        let p = c.at(Double(i) / Double(samples))
        x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
    }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

@Suite struct PathBoundsTests {
    @Test func cubicExtremumBeyondEndPoints() {
        // y(t) = 3(1−t)²t·(−60) + 3(1−t)t²·(−60) = −180·t(1−t): minimum −45 at t = ½, while the
        // control points reach −60.
        let c = Cubic(p0: Point(0, 0), c1: Point(30, -60), c2: Point(70, -60), p3: Point(100, 0))
        #expect(close(c.path.boundingRect, Rect(x: 0, y: -45, width: 100, height: 45), 1e-12))
        #expect(c.path.controlPointBounds == Rect(x: 0, y: -60, width: 100, height: 60))
        // x(t) = 270·t(1−t) for x-controls 0, 90, 90, 0: maximum 67.5.
        let d = Cubic(p0: Point(0, 0), c1: Point(90, 10), c2: Point(90, 20), p3: Point(0, 30))
        #expect(close(d.path.boundingRect, Rect(x: 0, y: 0, width: 67.5, height: 30), 1e-12))
    }

    @Test func asymmetricCubicMatchesDenseSampling() {
        // Two y extrema: y′ ∝ −260t² + 240t − 30, roots (24 ± √264)/52 ≈ 0.149, 0.774.
        let c = Cubic(p0: Point(0, 0), c1: Point(20, -30), c2: Point(80, 60), p3: Point(100, 10))
        let b = c.path.boundingRect
        let s = sampledBounds(c)
        #expect(close(b, s, 1e-6))
        let t0 = (24 - 264.0.squareRoot()) / 52, t1 = (24 + 264.0.squareRoot()) / 52
        #expect(close(b.minY, c.at(t0).y, 1e-9) && close(b.maxY, c.at(t1).y, 1e-9))
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<50 {
            let r = Cubic(p0: rng.point(100), c1: rng.point(100), c2: rng.point(100), p3: rng.point(100))
            #expect(close(r.path.boundingRect, sampledBounds(r, samples: 20_000), 1e-3))
        }
    }

    @Test func quadraticExtremum() {
        // y = 200·t(1−t): maximum 50.
        let p = Path { $0.move(to: Point(0, 0)); $0.addQuadCurve(to: Point(100, 0), control: Point(50, 100)) }
        #expect(close(p.boundingRect, Rect(x: 0, y: 0, width: 100, height: 50), 1e-12))
        #expect(p.controlPointBounds == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func emptyAndDegeneratePaths() {
        #expect(Path().boundingRect.isNull && Path().controlPointBounds.isNull)
        let single = Path { $0.move(to: Point(3, 4)) }
        #expect(single.boundingRect == Rect(x: 3, y: 4, width: 0, height: 0))
        let line = Path { $0.move(to: Point(3, 4)); $0.addLine(to: Point(-1, 10)) }
        #expect(line.boundingRect == Rect(x: -1, y: 4, width: 4, height: 6))
    }

    @Test func rotatedEllipseBoundsMatchAnalyticHalfWidths() {
        // An ellipse with semi-axes a, b rotated by θ spans ±√(a²cos²θ + b²sin²θ) in x and
        // ±√(a²sin²θ + b²cos²θ) in y.
        let a = 50.0, b = 20.0
        for theta in stride(from: 0.0, to: Double.pi, by: 0.2) {
            var p = Path()
            p.addEllipse(in: Rect(x: -a, y: -b, width: 2 * a, height: 2 * b), transform: AffineTransform(rotationAngle: theta))
            let hx = (a * a * cos(theta) * cos(theta) + b * b * sin(theta) * sin(theta)).squareRoot()
            let hy = (a * a * sin(theta) * sin(theta) + b * b * cos(theta) * cos(theta)).squareRoot()
            // The cubic ellipse deviates from the true one by under 0.03 % of the radius.
            #expect(close(p.boundingRect, Rect(x: -hx, y: -hy, width: 2 * hx, height: 2 * hy), 0.02))
        }
    }
}
