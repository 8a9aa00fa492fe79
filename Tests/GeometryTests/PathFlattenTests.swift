import Testing
import TestFixtures
@testable import Geometry

/// Collects every sink call so tests can inspect the polylines.
struct RecordingSink: PolylineSink {
    var polylines: [[Point]] = []
    var closed: [Bool] = []
    mutating func moveTo(_ p: Point) { polylines.append([p]) }
    mutating func lineTo(_ p: Point) { polylines[polylines.count - 1].append(p) }
    mutating func endPolyline(closed c: Bool) { closed.append(c) }
}

/// A cubic evaluated from its Bernstein form (independent of the code under test).
struct Cubic {
    var p0: Point, c1: Point, c2: Point, p3: Point
    func at(_ t: Double) -> Point {
        let s = 1 - t
        let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
        return Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x,
                     y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y)
    }
    var path: Path { Path { $0.move(to: p0); $0.addCurve(to: p3, control1: c1, control2: c2) } }
    /// Wang's uniform step count for a cubic: ⌈√(3·M / (4·tol))⌉, M the largest second difference.
    func wang(_ tol: Double) -> Int {
        let a = (p0 - c1) - (c1 - c2), b = (c1 - c2) - (c2 - p3)
        return max(1, Int((3 * max(a.length, b.length) / (4 * tol)).squareRoot().rounded(.up)))
    }
}

func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
    let d = b - a, l2 = d.lengthSquared
    if l2 == 0 { return p.distance(to: a) }
    let t = min(1, max(0, (p - a).dot(d) / l2))
    return p.distance(to: a + d * t)
}

/// The largest distance from densely sampled curve points to the polyline, plus the largest
/// distance from each polyline segment's sample points to the densely sampled curve.
func maxDeviation(_ curve: (Double) -> Point, _ poly: [Point], samples: Int = 3000) -> Double {
    let pts = (0...samples).map { curve(Double($0) / Double(samples)) }
    var worst = 0.0
    for p in pts {
        var best = Double.infinity
        for i in 1..<poly.count { best = min(best, distance(p, toSegment: poly[i - 1], poly[i])) }
        worst = max(worst, best)
    }
    for i in 1..<poly.count {
        for k in 0...8 {
            let q = poly[i - 1].interpolated(to: poly[i], at: Double(k) / 8)
            var best = Double.infinity
            for j in 1..<pts.count { best = min(best, distance(q, toSegment: pts[j - 1], pts[j])) }
            worst = max(worst, best)
        }
    }
    return worst
}

/// The fewest segments of an on-curve polyline within `tol` of the curve, by brute force: from
/// each vertex, the farthest next parameter whose chord stays within `tol` (binary search,
/// deviation sampled densely). Greedy is optimal for this covering problem.
func greedyMinimalSegments(_ curve: (Double) -> Point, tol: Double) -> Int {
    func chordOK(_ a: Double, _ b: Double) -> Bool {
        let pa = curve(a), pb = curve(b)
        for k in 1..<200 {
            let t = a + (b - a) * Double(k) / 200
            if distance(curve(t), toSegment: pa, pb) > tol { return false }
        }
        return true
    }
    var a = 0.0, count = 0
    while a < 1 {
        count += 1
        if chordOK(a, 1) { break }
        var lo = a, hi = 1.0
        for _ in 0..<40 { let m = (lo + hi) / 2; if chordOK(a, m) { lo = m } else { hi = m } }
        a = lo
    }
    return count
}

let sampleCubics: [(String, Cubic)] = [
    ("s-curve", Cubic(p0: Point(0, 0), c1: Point(100, 0), c2: Point(0, 100), p3: Point(100, 100))),
    ("arch", Cubic(p0: Point(0, 0), c1: Point(30, -80), c2: Point(70, -80), p3: Point(100, 0))),
    ("sharp-turn", Cubic(p0: Point(0, 0), c1: Point(200, 0), c2: Point(200, 0), p3: Point(200, 200))),
    ("loop", Cubic(p0: Point(0, 0), c1: Point(150, 100), c2: Point(-50, 100), p3: Point(100, 0))),
    ("cusp", Cubic(p0: Point(0, 0), c1: Point(100, 100), c2: Point(0, 100), p3: Point(100, 0))),
    ("quarter-circle", Cubic(p0: Point(50, 0), c1: Point(50, 27.614), c2: Point(27.614, 50), p3: Point(0, 50))),
    ("seat-corner", Cubic(p0: Point(10, 0), c1: Point(11.1, 0), c2: Point(12, 0.9), p3: Point(12, 2))),
    ("flat-ish", Cubic(p0: Point(0, 0), c1: Point(33, 1), c2: Point(66, -1), p3: Point(100, 0))),
]

@Test(arguments: [0.25, 0.1, 0.02])
func cubicFlatteningStaysWithinTolerance(tolerance: Double) {
    for (name, cubic) in sampleCubics {
        var sink = RecordingSink()
        cubic.path.flatten(tolerance: tolerance, into: &sink)
        let poly = sink.polylines[0]
        #expect(poly.first == cubic.p0 && poly.last == cubic.p3, "\(name)")
        let dev = maxDeviation(cubic.at, poly)
        #expect(dev <= tolerance * 1.0001, "\(name): deviation \(dev) > \(tolerance)")
        let segments = poly.count - 1
        #expect(segments <= cubic.wang(tolerance), "\(name): \(segments) > Wang \(cubic.wang(tolerance))")
        let minimal = greedyMinimalSegments(cubic.at, tol: tolerance)
        #expect(Double(segments) <= 1.2 * Double(minimal) + 1, "\(name): \(segments) vs minimum \(minimal)")
        print("flatten \(name) tol \(tolerance): \(segments) segments, greedy minimum \(minimal), Wang \(cubic.wang(tolerance)), deviation/tol \(dev / tolerance)")
    }
}

extension SeededGenerator {
    /// A point with coordinates uniform in [0, scale).
    mutating func point(_ scale: Double) -> Point { Point(unit() * scale, unit() * scale) }
}

@Test func randomCubicsStayWithinToleranceAndNearMinimal() {
    var rng = SeededGenerator(seed: 42)
    var ours = 0, minimal = 0, wang = 0
    for _ in 0..<60 {
        let scale = 5 + rng.unit() * 200
        let cubic = Cubic(p0: rng.point(scale), c1: rng.point(scale), c2: rng.point(scale), p3: rng.point(scale))
        let tol = [0.05, 0.1, 0.25][Int(rng.unit() * 3) % 3]
        var sink = RecordingSink()
        cubic.path.flatten(tolerance: tol, into: &sink)
        let poly = sink.polylines[0]
        let dev = maxDeviation(cubic.at, poly, samples: 1500)
        #expect(dev <= tol * 1.0001, "\(cubic) tol \(tol): deviation \(dev)")
        #expect(poly.count - 1 <= cubic.wang(tol), "\(cubic): \(poly.count - 1) > Wang \(cubic.wang(tol))")
        ours += poly.count - 1
        wang += cubic.wang(tol)
        minimal += greedyMinimalSegments(cubic.at, tol: tol)
    }
    print("random cubics: \(ours) segments, greedy minimum \(minimal), Wang \(wang)")
    // Near-minimal: within 15 % of the brute-force minimum over the whole sample.
    #expect(Double(ours) <= 1.15 * Double(minimal))
    #expect(ours < wang)
}

@Test(arguments: [0.25, 0.1, 0.02])
func quadFlatteningStaysWithinToleranceWithFewSegments(tolerance: Double) {
    var rng = SeededGenerator(seed: 7)
    var ours = 0, uniform = 0, minimal = 0
    let fixed: [(Point, Point, Point)] = [
        (Point(0, 0), Point(50, 100), Point(100, 0)),     // symmetric arch
        (Point(0, 0), Point(100, 0), Point(100, 100)),    // right-angle corner
        (Point(0, 0), Point(200, 1), Point(0, 2)),        // near fold: sharp tip
        (Point(0, 0), Point(30, 0), Point(300, 10)),      // flat, curvature at one end
    ]
    var cases = fixed
    for _ in 0..<20 { cases.append((rng.point(150), rng.point(150), rng.point(150))) }
    for (p0, c, p2) in cases {
        let curve = { (t: Double) -> Point in
            let s = 1 - t
            return Point(x: s * s * p0.x + 2 * s * t * c.x + t * t * p2.x,
                         y: s * s * p0.y + 2 * s * t * c.y + t * t * p2.y)
        }
        var sink = RecordingSink()
        Path { $0.move(to: p0); $0.addQuadCurve(to: p2, control: c) }.flatten(tolerance: tolerance, into: &sink)
        let poly = sink.polylines[0]
        #expect(poly.last == p2)
        let dev = maxDeviation(curve, poly, samples: 1500)
        #expect(dev <= tolerance * 1.0001, "quad \(p0) \(c) \(p2): deviation \(dev)")
        // Uniform steps need ⌈√(|p0 − 2c + p2| / (4·tol))⌉ segments.
        let dd = ((p0 - c) - (c - p2)).length
        let u = max(1, Int((dd / (4 * tolerance)).squareRoot().rounded(.up)))
        ours += poly.count - 1; uniform += u
        minimal += greedyMinimalSegments(curve, tol: tolerance)
    }
    print("quads tol \(tolerance): \(ours) segments, greedy minimum \(minimal), uniform \(uniform)")
    #expect(ours <= uniform + 2)
    #expect(Double(ours) <= 1.15 * Double(minimal) + 2)
}

@Test func flattenedPathKeepsStructureAndTransform() {
    var path = Path()
    path.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
    path.move(to: Point(20, 0))
    path.addQuadCurve(to: Point(40, 0), control: Point(30, 20))
    let t = AffineTransform(scaleX: 2, y: 2)
    var sink = RecordingSink()
    path.flatten(tolerance: 0.1, transform: t, into: &sink)
    #expect(sink.polylines.count == 2)
    #expect(sink.closed == [true, false])
    // The close emits the segment back to the start: 4 corners + return.
    #expect(sink.polylines[0] == [Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20), Point(0, 0)])
    #expect(sink.polylines[1].first == Point(40, 0) && sink.polylines[1].last == Point(80, 0))
    // A straight path flattens to itself; flattened(tolerance:) drops the curves.
    let flat = path.flattened(tolerance: 0.1)
    #expect(!flat.verbs.contains(.quad) && !flat.verbs.contains(.cubic))
    #expect(flat.verbs.filter { $0 == .close }.count == 1)
}

/// Records `polygon` calls apart from the point-by-point ones.
struct PolygonRecordingSink: PolylineSink {
    var calls: [String] = []
    mutating func moveTo(_ p: Point) { calls.append("move \(p.x) \(p.y)") }
    mutating func lineTo(_ p: Point) { calls.append("line \(p.x) \(p.y)") }
    mutating func endPolyline(closed c: Bool) { calls.append(c ? "close" : "end") }
    mutating func polygon(_ points: UnsafeBufferPointer<Point>, transform: AffineTransform) {
        calls.append("polygon " + points.map { "\($0.applying(transform).x) \($0.applying(transform).y)" }.joined(separator: ", "))
    }
}

/// Closed subpaths of lines alone reach the sink as one `polygon` call each, mapped points and
/// all; an open polyline, a closed outline with a curve and a lone move do not.
@Test func closedPolygonsArriveWhole() {
    var path = Path()
    path.move(to: Point(0, 0)); path.addLine(to: Point(1, 0)); path.addLine(to: Point(1, 1)); path.closeSubpath()
    path.move(to: Point(5, 5)); path.addLine(to: Point(6, 5))
    path.move(to: Point(2, 2)); path.addQuadCurve(to: Point(4, 2), control: Point(3, 2)); path.addLine(to: Point(3, 3))
    path.closeSubpath()
    path.move(to: Point(7, 7)); path.closeSubpath()
    path.move(to: Point(0, 9)); path.addLine(to: Point(1, 9)); path.addLine(to: Point(0, 9)); path.closeSubpath()
    var sink = PolygonRecordingSink()
    path.flatten(tolerance: 0.1, transform: AffineTransform(translationX: 10, y: 0), into: &sink)
    #expect(sink.calls == [
        "polygon 10.0 0.0, 11.0 0.0, 11.0 1.0",
        "move 15.0 5.0", "line 16.0 5.0", "end",
        // (The quad is straight: one chord.)
        "move 12.0 2.0", "line 14.0 2.0", "line 13.0 3.0", "line 12.0 2.0", "close",
        "move 17.0 7.0", "close",
        "polygon 10.0 9.0, 11.0 9.0, 10.0 9.0",
    ])
}
