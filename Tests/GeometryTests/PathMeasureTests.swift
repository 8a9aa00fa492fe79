import Foundation
import Testing
@testable import Geometry

// Independent references: a cubic evaluated from its Bernstein form and its arc length by a
// composite Simpson rule on a fine uniform grid (not the quadrature under test).
private func cubicPoint(_ p: [Point], _ t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Point(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                 y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
}

private func cubicSpeed(_ p: [Point], _ t: Double) -> Double {
    let u = 1 - t
    let dx = 3 * u * u * (p[1].x - p[0].x) + 6 * u * t * (p[2].x - p[1].x) + 3 * t * t * (p[3].x - p[2].x)
    let dy = 3 * u * u * (p[1].y - p[0].y) + 6 * u * t * (p[2].y - p[1].y) + 3 * t * t * (p[3].y - p[2].y)
    return (dx * dx + dy * dy).squareRoot()
}

private func simpsonLength(_ p: [Point], from a: Double = 0, to b: Double = 1, intervals n: Int = 200_000) -> Double {
    let h = (b - a) / Double(n)
    var sum = cubicSpeed(p, a) + cubicSpeed(p, b)
    for k in 1..<n { sum += (k % 2 == 1 ? 4 : 2) * cubicSpeed(p, a + Double(k) * h) }
    return sum * h / 3
}

/// Simpson length of every cubic and line of a path (closing segments included).
private func referenceLength(_ path: Path) -> Double {
    var total = 0.0
    var current = Point.zero, start = Point.zero
    path.forEach { e in
        switch e {
        case .move(let p): current = p; start = p
        case .line(let p): total += current.distance(to: p); current = p
        case .quadCurve(let p, let c):
            let c1 = current + (c - current) * (2.0 / 3), c2 = p + (c - p) * (2.0 / 3)
            total += simpsonLength([current, c1, c2, p]); current = p
        case .curve(let p, let c1, let c2): total += simpsonLength([current, c1, c2, p]); current = p
        case .closeSubpath: total += current.distance(to: start); current = start
        }
    }
    return total
}

private func close(_ a: Vector, _ b: Vector, _ tol: Double) -> Bool { (a - b).length <= tol }

/// A rounded rectangle starting at the middle of its top edge, going clockwise on screen, made
/// of lines and quarter arcs and closed back to the start (the close is a real segment).
private func roundedRect(width w: Double, height h: Double, radius r: Double) -> Path {
    Path { p in
        p.move(to: Point(w / 2, 0))
        p.addLine(to: Point(w - r, 0))
        p.addArc(center: Point(w - r, r), radius: r, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
        p.addLine(to: Point(w, h - r))
        p.addArc(center: Point(w - r, h - r), radius: r, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        p.addLine(to: Point(r, h))
        p.addArc(center: Point(r, h - r), radius: r, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
        p.addLine(to: Point(0, r))
        p.addArc(center: Point(r, r), radius: r, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
        p.closeSubpath()
    }
}

@Suite struct PathLengthTests {
    @Test func polylineLengthIsExact() {
        let path = Path { p in p.addLines([Point(0, 0), Point(3, 4), Point(3, 10), Point(-5, 10)]) }
        #expect(path.length == 5 + 6 + 8)
        var closed = Path(); closed.addRect(Rect(x: 1, y: 2, width: 3, height: 7))
        #expect(closed.length == 20)  // the close adds the left edge
    }

    @Test func emptyAndDegeneratePaths() {
        #expect(Path().length == 0)
        #expect(Path().point(atFraction: 0.5) == nil)
        #expect(Path().trimmedPath(from: 0, to: 1).isEmpty)
        let lone = Path { $0.move(to: Point(4, 4)) }
        #expect(lone.length == 0)
        #expect(lone.point(atFraction: 0) == nil)
        #expect(PathMeasure(lone).contours.isEmpty)
    }

    @Test func overflowingLengthIsUnmeasurableButNeverHangs() {
        let huge = Path { $0.move(to: Point(-1.5e308, 0)); $0.addCurve(to: Point(1.5e308, 1e308), control1: Point(1.7e308, -1.7e308), control2: Point(-1.7e308, 1.7e308)) }
        let m = PathMeasure(huge)
        #expect(m.length == .infinity)
        #expect(m.point(atFraction: 0.5) == nil)
        #expect(m.trimmedPath(from: 0.2, to: 0.5).isEmpty)
        #expect(m.trimmedPath(from: 0, to: 1) == huge)
        // Large but representable lengths still measure.
        let big = Path { $0.move(to: Point(-1e300, 0)); $0.addLine(to: Point(1e300, 0)) }
        #expect(big.length == 2e300)
        #expect(big.point(atFraction: 0.75)?.point == Point(5e299, 0))
        // Curves far from unit scale measure like their unit-scale twin.
        let p = [Point(0, 0), Point(30, 100), Point(170, -40), Point(200, 60)]
        let unit = simpsonLength(p)
        for scale in [1e-200, 1e200] {
            let q = p.map { Point($0.x * scale, $0.y * scale) }
            let c = Path { $0.move(to: q[0]); $0.addCurve(to: q[3], control1: q[1], control2: q[2]) }
            #expect(abs(c.length / scale - unit) <= 1e-9 * unit, "scale \(scale): \(c.length)")
            #expect(c.point(atFraction: 0.5)?.tangent.length ?? 0 > 0.999_999)
        }
    }

    @Test(arguments: [
        [Point(0, 0), Point(30, 100), Point(170, -40), Point(200, 60)],   // S-shaped
        [Point(0, 0), Point(1, 1), Point(0, 1), Point(1, 0)],             // a cusp at t = 0.5
        [Point(0, 0), Point(1, 1), Point(0, 1.5), Point(0, -4.5)],        // a cusp at t = 1/3
        [Point(0, 0), Point(0, 0), Point(50, 50), Point(50, 50)],         // coincident controls
        [Point(0, 0), Point(200, 200), Point(-100, 200), Point(100, 0)],  // a loop
        [Point(10, 10), Point(10.001, 10), Point(1e4, 1e-3), Point(1e4, 0)], // extreme aspect
    ])
    func cubicLengthMatchesDenseIntegration(_ p: [Point]) {
        let path = Path { $0.move(to: p[0]); $0.addCurve(to: p[3], control1: p[1], control2: p[2]) }
        let reference = simpsonLength(p, intervals: 400_000)
        #expect(abs(path.length - reference) <= 1e-9 * reference, "\(path.length) vs \(reference)")
    }

    @Test func quadLengthMatchesClosedForm() {
        // Parabola y = x² from x = 0 to 1 as a quadratic: (0,0), control (0.5, 0), (1, 1).
        // Arc length ∫₀¹ √(1 + 4x²) dx = √5/2 + asinh(2)/4.
        let path = Path { $0.move(to: .zero); $0.addQuadCurve(to: Point(1, 1), control: Point(0.5, 0)) }
        let exact = 5.0.squareRoot() / 2 + asinh(2.0) / 4
        #expect(abs(path.length - exact) <= 1e-12 * exact)
    }

    @Test func circleLengthMatchesItsCubics() {
        let r = 50.0
        let circle = Path { $0.addArc(center: .zero, radius: r, startAngle: .zero, endAngle: .degrees(360), clockwise: false) }
        let reference = referenceLength(circle)
        #expect(abs(circle.length - reference) <= 1e-9 * reference)
        // And the cubic circle is within its known approximation error of 2πr.
        #expect(abs(circle.length - 2 * .pi * r) <= 3e-4 * r * 2 * .pi)
    }
}

@Suite struct PathPointTests {
    @Test func circleAtQuarterFractions() throws {
        let r = 40.0, c = Point(100, 100)
        let circle = Path { $0.addArc(center: c, radius: r, startAngle: .zero, endAngle: .degrees(360), clockwise: false) }
        let m = PathMeasure(circle)
        // The four quarter cubics are congruent, so fractions k/4 fall on their joints, which lie
        // exactly on the circle; increasing angles on a y-down screen turn clockwise.
        let expected: [(Double, Point, Vector)] = [
            (0, Point(c.x + r, c.y), Vector(0, 1)),
            (0.25, Point(c.x, c.y + r), Vector(-1, 0)),
            (0.5, Point(c.x - r, c.y), Vector(0, -1)),
            (0.75, Point(c.x, c.y - r), Vector(1, 0)),
            (1, Point(c.x + r, c.y), Vector(0, 1)),
        ]
        for (f, p, t) in expected {
            let q = try #require(m.point(atFraction: f))
            #expect(close(q.point, p, 1e-6), "fraction \(f): \(q.point)")
            #expect(close(q.tangent, t, 1e-6), "fraction \(f): \(q.tangent)")
            #expect(abs(Vector(angle: q.angle).dx - t.dx) <= 1e-6 && abs(Vector(angle: q.angle).dy - t.dy) <= 1e-6)
        }
        // Fraction 1/8 is the middle of the first quarter cubic, t = 1/2 by its mirror symmetry:
        // B(½) = c + r·(4 + 3k)/8·(1, 1) with k = 4/3·tan(π/8), heading (−1, 1)/√2.
        let k = 4.0 / 3.0 * tan(Double.pi / 8)
        let mid = try #require(m.point(atFraction: 0.125))
        let s = r * (4 + 3 * k) / 8
        #expect(close(mid.point, Point(c.x + s, c.y + s), 1e-6))
        #expect(close(mid.tangent, Vector(-1, 1) / 2.0.squareRoot(), 1e-6))
    }

    @Test func roundedRectAtQuarterFractions() throws {
        let w = 100.0, h = 200.0
        let m = PathMeasure(roundedRect(width: w, height: h, radius: 10))
        // By the rectangle's symmetries the corner arcs cancel out: a quarter of the length
        // past the top-edge midpoint is the right-edge midpoint, and so on round.
        let expected: [(Double, Point, Vector)] = [
            (0, Point(w / 2, 0), Vector(1, 0)),
            (0.25, Point(w, h / 2), Vector(0, 1)),
            (0.5, Point(w / 2, h), Vector(-1, 0)),
            (0.75, Point(0, h / 2), Vector(0, -1)),
            (1, Point(w / 2, 0), Vector(1, 0)),
        ]
        for (f, p, t) in expected {
            let q = try #require(m.point(atFraction: f))
            #expect(close(q.point, p, 1e-6), "fraction \(f): \(q.point)")
            #expect(close(q.tangent, t, 1e-6), "fraction \(f): \(q.tangent)")
        }
        #expect(abs(m.length - referenceLength(m.path)) <= 1e-9 * m.length)
    }

    @Test func fractionsAreClampedAndNaNGivesNil() throws {
        let line = Path { $0.move(to: Point(0, 0)); $0.addLine(to: Point(10, 0)) }
        #expect(line.point(atFraction: -3)?.point == Point(0, 0))
        #expect(line.point(atFraction: 7)?.point == Point(10, 0))
        #expect(line.point(atFraction: .nan) == nil)
        #expect(line.point(atFraction: 0.3)?.point == Point(3, 0))
        #expect(PathMeasure(line).point(atDistance: 4)?.point == Point(4, 0))
    }

    @Test func tangentFallsBackWhereDerivativeVanishes() throws {
        // Control points on the end points: B′(0) = B′(1) = 0; the heading is still the chord's.
        let path = Path { $0.move(to: .zero); $0.addCurve(to: Point(10, 10), control1: .zero, control2: Point(10, 10)) }
        let d = Vector(1, 1) / 2.0.squareRoot()
        #expect(close(try #require(path.point(atFraction: 0)).tangent, d, 1e-12))
        #expect(close(try #require(path.point(atFraction: 1)).tangent, d, 1e-12))
        #expect(close(try #require(path.point(atFraction: 0.5)).point, Point(5, 5), 1e-9))
    }

    @Test func pointAtFractionOnCubicMatchesIndependentArcLength() throws {
        let p = [Point(0, 0), Point(30, 100), Point(170, -40), Point(200, 60)]
        let path = Path { $0.move(to: p[0]); $0.addCurve(to: p[3], control1: p[1], control2: p[2]) }
        let total = simpsonLength(p)
        for f in [0.1, 0.37, 0.5, 0.81] {
            // Find t with Simpson length f·total by bisection, independently of the measure.
            var lo = 0.0, hi = 1.0
            for _ in 0..<50 {
                let mid = (lo + hi) / 2
                if simpsonLength(p, to: mid, intervals: 2_000) < f * total { lo = mid } else { hi = mid }
            }
            let q = try #require(path.point(atFraction: f))
            #expect(close(q.point, cubicPoint(p, lo), 1e-7), "fraction \(f)")
        }
    }
}

@Suite struct TrimmedPathTests {
    let cubic = [Point(0, 0), Point(30, 100), Point(170, -40), Point(200, 60)]
    var cubicPath: Path { Path { $0.move(to: cubic[0]); $0.addCurve(to: cubic[3], control1: cubic[1], control2: cubic[2]) } }

    @Test func emptyWhenFromIsNotBeforeTo() {
        let path = roundedRect(width: 50, height: 30, radius: 5)
        #expect(path.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(path.trimmedPath(from: 0.7, to: 0.2).isEmpty)
        #expect(path.trimmedPath(from: 1.5, to: 3).isEmpty)      // both clamp to 1
        #expect(path.trimmedPath(from: -2, to: -1).isEmpty)      // both clamp to 0
        #expect(path.trimmedPath(from: .nan, to: 1).isEmpty)
    }

    @Test func wholeRangeKeepsTheGeometry() {
        let path = roundedRect(width: 50, height: 30, radius: 5)
        #expect(path.trimmedPath(from: 0, to: 1) == path)
        #expect(path.trimmedPath(from: -1, to: 2) == path)
        // A range covering a whole subpath copies it, close included.
        var two = Path(); two.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        two.move(to: Point(20, 0)); two.addLine(to: Point(30, 0))
        let firstOnly = two.trimmedPath(from: 0, to: 0.8)  // the square is 40 of 50
        var square = Path(); square.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(firstOnly == square)
    }

    @Test func trimmedCubicStaysACurveOnTheOriginal() {
        let trimmed = cubicPath.trimmedPath(from: 0.2, to: 0.7)
        #expect(trimmed.verbs == [.move, .cubic])
        let q = trimmed.points
        let piece = [q[0], q[1], q[2], q[3]]
        // The piece's length is half the original's, measured independently.
        let total = simpsonLength(cubic)
        #expect(abs(simpsonLength(piece) - 0.5 * total) <= 1e-9 * total)
        #expect(abs(simpsonLength(cubicPath.trimmedPath(from: 0, to: 0.2).points) - 0.2 * total) <= 1e-9 * total)
        // Every point of the piece lies on the original curve: find the original parameter of
        // each sample by a dense search and compare positions.
        for s in stride(from: 0.0, through: 1.0, by: 0.125) {
            let x = cubicPoint(piece, s)
            var best = Double.infinity
            var lo = 0.0, hi = 1.0
            for _ in 0..<7 {  // coarse-to-fine search for the nearest original point
                var bestT = lo
                for k in 0...1000 {
                    let t = lo + (hi - lo) * Double(k) / 1000
                    let dd = cubicPoint(cubic, t).distance(to: x)
                    if dd < best { best = dd; bestT = t }
                }
                let span = (hi - lo) / 500
                lo = max(0, bestT - span); hi = min(1, bestT + span)
            }
            #expect(best < 1e-9, "sample \(s) is \(best) off the curve")
        }
    }

    @Test(arguments: [(0.0, 0.3), (0.1, 0.9), (0.25, 0.75), (0.4, 1.0), (0.05, 0.06), (0.999, 1.0)])
    func trimmedLengthIsProportional(_ from: Double, _ to: Double) {
        for path in [cubicPath, roundedRect(width: 100, height: 60, radius: 12)] {
            let total = referenceLength(path)
            let trimmed = path.trimmedPath(from: from, to: to)
            #expect(abs(referenceLength(trimmed) - (to - from) * total) <= 1e-9 * total,
                    "\(from)…\(to): \(referenceLength(trimmed)) vs \((to - from) * total)")
        }
    }

    @Test func trimAcrossSubpathsAndIntoTheClose() {
        var two = Path()
        two.move(to: Point(0, 0)); two.addLine(to: Point(10, 0))
        two.move(to: Point(0, 10)); two.addLine(to: Point(10, 10))
        let t = two.trimmedPath(from: 0.25, to: 0.75)
        #expect(t.verbs == [.move, .line, .move, .line])
        #expect(t.points == [Point(5, 0), Point(10, 0), Point(0, 10), Point(5, 10)])

        var square = Path(); square.addRect(Rect(x: 0, y: 0, width: 10, height: 10))  // length 40
        let tail = square.trimmedPath(from: 0.8, to: 1)   // 32…40: the closing edge from (0,10) up
        #expect(tail.verbs == [.move, .line])
        #expect(tail.points == [Point(0, 8), Point(0, 0)])
        let middle = square.trimmedPath(from: 0.1, to: 0.9)
        #expect(middle.verbs == [.move, .line, .line, .line, .line])
        #expect(middle.points == [Point(4, 0), Point(10, 0), Point(10, 10), Point(0, 10), Point(0, 4)])
    }

    @Test func trimAcrossSubpathsWithCurves() {
        var path = Path()
        path.addArc(center: Point(0, 0), radius: 10, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        path.move(to: Point(100, 0)); path.addCurve(to: Point(300, 60), control1: Point(130, 100), control2: Point(270, -40))
        let m = PathMeasure(path)
        #expect(m.contours.count == 2)
        let total = referenceLength(path)
        let t = path.trimmedPath(from: 0.1, to: 0.95)
        #expect(t.verbs.filter { $0 == .move }.count == 2)
        #expect(!t.verbs.contains(.line))  // the arc's pieces stay cubics
        #expect(abs(referenceLength(t) - 0.85 * total) <= 1e-9 * total)
    }

    @Test func dashesAppendPiecesByDistance() {
        let line = Path { $0.move(to: .zero); $0.addLine(to: Point(10, 0)) }
        let m = PathMeasure(line)
        var dashes = Path()
        for k in stride(from: 0.0, to: 10, by: 4) { m.append(fromDistance: k, toDistance: k + 2, to: &dashes) }
        #expect(dashes.verbs == [.move, .line, .move, .line, .move, .line])
        #expect(dashes.points == [Point(0, 0), Point(2, 0), Point(4, 0), Point(6, 0), Point(8, 0), Point(10, 0)])
    }
}
