import Testing
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
        print("flatten \(name) tol \(tolerance): \(segments) segments, greedy minimum \(minimal), Wang \(cubic.wang(tolerance)), deviation/tol \(dev / tolerance)")
    }
}
