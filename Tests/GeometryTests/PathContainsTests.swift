#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestFixtures
@testable import Geometry

/// Winding number of a polygon around p by the crossing rule, written independently here.
func polygonWinding(_ poly: [Point], _ p: Point) -> Int {
    var w = 0
    for i in 0..<poly.count {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        if a.y <= p.y && b.y > p.y {
            if (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) > 0 { w += 1 }
        } else if b.y <= p.y && a.y > p.y {
            if (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0 { w -= 1 }
        }
    }
    return w
}

@Suite struct PathContainsTests {
    @Test func circleAgainstAnalyticDisc() {
        let r = 50.0, c = Point(100, 100)
        let path = Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        var rng = SeededGenerator(seed: 11)
        var checked = 0
        for _ in 0..<4000 {
            // Points in a band around the boundary, kept 0.05 away from it (the cubic circle is
            // within 0.014 of the true one at r = 50).
            let angle = rng.unit() * 2 * .pi, rho = r + (rng.unit() - 0.5) * 4
            if abs(rho - r) < 0.05 { continue }
            let p = Point(c.x + rho * cos(angle), c.y + rho * sin(angle))
            let inside = (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) < r * r
            #expect(path.contains(p) == inside, "\(p)")
            #expect(path.contains(p, eoFill: true) == inside, "\(p)")
            checked += 1
        }
        #expect(checked > 3000)
        #expect(path.contains(c))
    }

    @Test func rectIsHalfOpenLikeRect() {
        var p = Path(); p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(p.contains(Point(0, 0)) && p.contains(Point(5, 5)) && p.contains(Point(9.999, 0)))
        #expect(!p.contains(Point(10, 5)) && !p.contains(Point(5, 10)) && !p.contains(Point(-1e-9, 5)))
    }

    @Test func openSubpathIsImplicitlyClosed() {
        let tri = Path { $0.move(to: Point(0, 0)); $0.addLine(to: Point(30, 0)); $0.addLine(to: Point(0, 30)) }
        #expect(tri.contains(Point(10, 10)))
        #expect(!tri.contains(Point(20, 20)))
    }

    @Test func nestedAndOverlappingRules() {
        // Two same-direction squares, one inside the other: winding 2 in the inner one.
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(Rect(x: 25, y: 25, width: 50, height: 50))
        #expect(p.contains(Point(50, 50)) && !p.contains(Point(50, 50), eoFill: true))
        #expect(p.contains(Point(10, 10)) && p.contains(Point(10, 10), eoFill: true))
        // Reversing the inner square (a mirror) makes a hole under both rules.
        var q = Path()
        q.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        q.addEllipse(in: Rect(x: -75, y: 25, width: 50, height: 50), transform: AffineTransform(scaleX: -1, y: 1))
        #expect(!q.contains(Point(50, 50)) && !q.contains(Point(50, 50), eoFill: true))
        #expect(q.contains(Point(5, 50)))
    }

    @Test func curvesAgainstFineIndependentPolygon() {
        // A closed curvy path with loops (self-intersections), checked against a polygon made by
        // sampling each curve 4000 times, away from the boundary.
        var path = Path()
        path.move(to: Point(0, 0))
        path.addCurve(to: Point(100, 0), control1: Point(150, 100), control2: Point(-50, 100))
        path.addQuadCurve(to: Point(100, 100), control: Point(200, 50))
        path.addCurve(to: Point(0, 0), control1: Point(-60, 120), control2: Point(160, -40))
        path.closeSubpath()
        var poly: [Point] = [Point(0, 0)]
        let n = 4000
        let c1 = Cubic(p0: Point(0, 0), c1: Point(150, 100), c2: Point(-50, 100), p3: Point(100, 0))
        let c3 = Cubic(p0: Point(100, 100), c1: Point(-60, 120), c2: Point(160, -40), p3: Point(0, 0))
        for i in 1...n { poly.append(c1.at(Double(i) / Double(n))) }
        for i in 1...n {
            let t = Double(i) / Double(n), s = 1 - t
            poly.append(Point(s * s * 100 + 2 * s * t * 200 + t * t * 100, s * s * 0 + 2 * s * t * 50 + t * t * 100))
        }
        for i in 1..<n { poly.append(c3.at(Double(i) / Double(n))) }
        var rng = SeededGenerator(seed: 5)
        var counts = [0, 0, 0]
        for _ in 0..<1500 {
            let p = Point(-40 + rng.unit() * 220, -20 + rng.unit() * 150)
            // Skip points near the boundary (polygon chords are within 0.01 of the curves).
            var near = false
            for i in stride(from: 0, to: poly.count, by: 1) where abs(poly[i].y - p.y) < 1 && abs(poly[i].x - p.x) < 1 {
                if poly[i].distance(to: p) < 0.1 { near = true; break }
            }
            if near { continue }
            let w = polygonWinding(poly, p)
            #expect(path.contains(p) == (w != 0), "\(p) winding \(w)")
            #expect(path.contains(p, eoFill: true) == (w % 2 != 0), "\(p) winding \(w)")
            counts[min(abs(w), 2)] += 1
        }
        // The sample exercised outside, winding ±1 and |winding| ≥ 2 regions.
        #expect(counts.allSatisfy { $0 > 10 }, "\(counts)")
    }

    // MARK: The flower

    /// 16 petals, each the ellipse in Rect(0, −20, 100, 40) (centre (50, 0), semi-axes 50 and
    /// 20) rotated by k·π/8 about the origin, then moved to `centre` (`rotation.concatenating
    /// (translation)` as in the seed).
    static let centre = Point(200, 200)
    static let flower: Path = {
        var p = Path()
        for k in 0..<16 {
            let rotation = AffineTransform(rotationAngle: Double(k) * .pi / 8)
            let translation = AffineTransform(translationX: centre.x, y: centre.y)
            p.addEllipse(in: Rect(x: 0, y: -20, width: 100, height: 40), transform: rotation.concatenating(translation))
        }
        return p
    }()

    /// Petal k's ellipse equation at p: < 1 inside. p is rotated back by −k·π/8 about the centre.
    static func petalValue(_ k: Int, _ p: Point) -> Double {
        let a = -Double(k) * .pi / 8
        let dx = p.x - centre.x, dy = p.y - centre.y
        let x = dx * cos(a) - dy * sin(a), y = dx * sin(a) + dy * cos(a)
        return ((x - 50) / 50) * ((x - 50) / 50) + (y / 20) * (y / 20)
    }

    static func coverage(_ p: Point) -> Int { (0..<16).filter { petalValue($0, p) < 1 }.count }

    @Test func flowerPointInTwoPetalsDependsOnRule() {
        // At angle π/16 and distance 50: petals 0 and 1 see the point at ±π/16, local
        // (49.04, ±9.75): (0.96/50)² + (9.75/20)² ≈ 0.238 < 1, inside both. Petals 2 and 15 see
        // it at ±3π/16, local (41.57, ±27.78): 0.028 + 1.93 > 1, outside; the rest are farther.
        let p = Point(Self.centre.x + 50 * cos(.pi / 16), Self.centre.y + 50 * sin(.pi / 16))
        #expect(Self.coverage(p) == 2)
        #expect(Self.flower.contains(p))
        #expect(!Self.flower.contains(p, eoFill: true))
    }

    @Test func flowerPointInOnePetalIsInsideUnderBothRules() {
        // At angle 0 and distance 90: petal 0 has ((90 − 50)/50)² = 0.64 < 1; petals 1 and 15
        // see it at ±π/8, local (83.15, ∓34.44): 0.44 + 2.97 > 1.
        let p = Point(Self.centre.x + 90, Self.centre.y)
        #expect(Self.coverage(p) == 1)
        #expect(Self.flower.contains(p) && Self.flower.contains(p, eoFill: true))
        let outside = Point(Self.centre.x + 101, Self.centre.y)
        #expect(Self.coverage(outside) == 0 && !Self.flower.contains(outside))
    }

    @Test func flowerGridMatchesEllipseEquations() {
        var seen = Set<Int>()
        for i in 0..<60 {
            for j in 0..<60 {
                let p = Point(Self.centre.x - 105 + Double(i) * 3.5 + 0.3, Self.centre.y - 105 + Double(j) * 3.5 + 0.7)
                // Skip points within 2 % of any petal's boundary (the cubic ellipses are within
                // 0.03 %).
                if (0..<16).contains(where: { abs(Self.petalValue($0, p) - 1) < 0.02 }) { continue }
                let n = Self.coverage(p)
                seen.insert(min(n, 3))
                #expect(Self.flower.contains(p) == (n > 0), "\(p) covered \(n)")
                #expect(Self.flower.contains(p, eoFill: true) == (n % 2 == 1), "\(p) covered \(n)")
            }
        }
        #expect(seen == [0, 1, 2, 3])
    }
}
