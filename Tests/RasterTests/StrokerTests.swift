import Testing
#if canImport(Glibc)
import Glibc
#endif
import Geometry
@testable import Raster

// Independent checks of stroke outlines: shoelace areas of contours and brute-force winding
// numbers at sample points, compared with the geometric definition of a stroke.

/// The closed contours of a line-only path (each subpath, implicitly closed).
func contours(of path: Path) -> [[Point]] {
    var result: [[Point]] = []
    var current: [Point] = []
    path.forEach { e in
        switch e {
        case .move(let p):
            if current.count > 1 { result.append(current) }
            current = [p]
        case .line(let p): current.append(p)
        case .quadCurve, .curve: Issue.record("outline has curves")
        case .closeSubpath:
            if current.count > 1 { result.append(current) }
            current = []
        }
    }
    if current.count > 1 { result.append(current) }
    return result
}

/// Shoelace signed area (positive for the stroker's orientation).
func signedArea(_ c: [Point]) -> Double {
    var s = 0.0
    for i in c.indices {
        let a = c[i], b = c[(i + 1) % c.count]
        s += a.x * b.y - b.x * a.y
    }
    return s / 2
}

func signedArea(of path: Path) -> Double { contours(of: path).reduce(0) { $0 + signedArea($1) } }

/// Winding number of `p` with respect to all contours (crossing rule with direction).
func winding(of path: Path, at p: Point) -> Int {
    var w = 0
    for c in contours(of: path) {
        for i in c.indices {
            let a = c[i], b = c[(i + 1) % c.count]
            if a.y <= p.y {
                if b.y > p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { w += 1 }
            } else if b.y <= p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
                w -= 1
            }
        }
    }
    return w
}

func bounds(_ pts: [Point]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    var r = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
    for p in pts { r.minX = min(r.minX, p.x); r.minY = min(r.minY, p.y); r.maxX = max(r.maxX, p.x); r.maxY = max(r.maxY, p.y) }
    return r
}

func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
    let abx = b.x - a.x, aby = b.y - a.y
    let l2 = abx * abx + aby * aby
    var t = l2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / l2 : 0
    t = max(0, min(1, t))
    let dx = a.x + t * abx - p.x, dy = a.y + t * aby - p.y
    return (dx * dx + dy * dy).squareRoot()
}

func distance(from p: Point, toPolyline pts: [Point]) -> Double {
    var d = Double.infinity
    for i in 0..<(pts.count - 1) { d = min(d, distance(from: p, toSegment: pts[i], pts[i + 1])) }
    return d
}

/// With round caps and joins a stroke is exactly the set of points within half the width of
/// the centre line; checks that on a grid, away from a band of `slack` around the boundary,
/// and that no sample has negative winding.
func expectRoundStrokeMatchesDistance(_ path: Path, centre: [Point], width: Double, slack: Double,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
    let outline = Stroker.outline(of: path, style: StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round),
                                  tolerance: 0.01)
    let b = bounds(centre)
    var mismatches = 0, negative = 0
    var y = b.minY - width
    while y <= b.maxY + width {
        var x = b.minX - width
        while x <= b.maxX + width {
            let p = Point(x: x, y: y)
            let w = winding(of: outline, at: p)
            if w < 0 { negative += 1 }
            let d = distance(from: p, toPolyline: centre)
            if d < width / 2 - slack, w == 0 { mismatches += 1 }
            if d > width / 2 + slack, w != 0 { mismatches += 1 }
            x += 0.137
        }
        y += 0.137
    }
    #expect(mismatches == 0, sourceLocation: sourceLocation)
    #expect(negative == 0, sourceLocation: sourceLocation)
}

func line(_ pts: [Point], closed: Bool = false) -> Path {
    var p = Path()
    p.addLines(pts)
    if closed { p.closeSubpath() }
    return p
}

@Suite struct StrokerTests {
    let horizontal = line([Point(x: 2, y: 5), Point(x: 12, y: 5)])

    /// Found by fuzz-scene (docs/fuzzing.md): a curve with a control point near 1.2·10⁸⁸ (the
    /// fuzzer's scene stroked "C48.9543 130 40 1217…334054 .0 110") made the step count's
    /// conversion to Int trap; the count is capped at 4096 first, so the stroke is drawn.
    @Test func hugeControlPointsAreFlattenedInBoundedSteps() {
        var cubic = Path()
        cubic.move(to: Point(x: 60, y: 130))
        cubic.addCurve(to: Point(x: 0, y: 110), control1: Point(x: 48.9543, y: 130), control2: Point(x: 40, y: 1.2173e88))
        var quad = Path()
        quad.move(to: Point(x: 60, y: 130))
        quad.addQuadCurve(to: Point(x: 0, y: 110), control: Point(x: 40, y: -1.2173e88))
        for path in [cubic, quad] {
            let o = Stroker.outline(of: path, style: StrokeStyle(lineWidth: 3), tolerance: 0.1)
            #expect(!o.isEmpty)
        }
    }

    @Test func buttCapLineIsExactlyItsRectangle() {
        let o = Stroker.outline(of: horizontal, style: StrokeStyle(lineWidth: 2), tolerance: 0.1)
        let cs = contours(of: o)
        #expect(cs.count == 1)
        #expect(abs(signedArea(cs[0]) - 20) < 1e-9)
        let b = bounds(cs[0])
        #expect(b.minX == 2 && b.maxX == 12 && b.minY == 4 && b.maxY == 6)
    }

    @Test func squareCapsAddWidthSquared() {
        let o = Stroker.outline(of: horizontal, style: StrokeStyle(lineWidth: 2, lineCap: .square), tolerance: 0.1)
        #expect(abs(signedArea(of: o) - (20 + 4)) < 1e-9)
        let b = bounds(contours(of: o)[0])
        #expect(b.minX == 1 && b.maxX == 13)
    }

    @Test func roundCapsAddADiscWithinTolerance() {
        let tol = 0.01
        let o = Stroker.outline(of: horizontal, style: StrokeStyle(lineWidth: 2, lineCap: .round), tolerance: tol)
        let area = signedArea(of: o)
        // An inscribed polygon within `tol` of the circle loses at most perimeter·tol.
        #expect(area <= 20 + Double.pi + 1e-9)
        #expect(area >= 20 + Double.pi - 2 * Double.pi * 1 * tol)
        let b = bounds(contours(of: o)[0])
        #expect(abs(b.minX - 1) < 1e-9 && abs(b.maxX - 13) < 1e-9)
    }

    @Test func contoursArePositivelyWound() {
        let zigzag = line([Point(x: 0, y: 0), Point(x: 10, y: 3), Point(x: 0, y: 6), Point(x: 10, y: 9)])
        for join in [StrokeStyle.LineJoin.miter, .round, .bevel] {
            for cap in [StrokeStyle.LineCap.butt, .round, .square] {
                let o = Stroker.outline(of: zigzag, style: StrokeStyle(lineWidth: 3, lineCap: cap, lineJoin: join),
                                        tolerance: 0.05)
                for c in contours(of: o) { #expect(signedArea(c) > 0) }
            }
        }
    }

    /// Path (0,0) → (10,0) → (10,10): a right-angle turn; the outer corner is (11, −1) for width 2.
    let corner = line([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])

    @Test func miterJoinReachesTheCorner() {
        let o = Stroker.outline(of: corner, style: StrokeStyle(lineWidth: 2, lineJoin: .miter), tolerance: 0.1)
        let b = bounds(contours(of: o).flatMap { $0 })
        #expect(b.maxX == 11 && b.minY == -1)
        #expect(winding(of: o, at: Point(x: 10.95, y: -0.95)) != 0)
        // The union: two 10×2 segments overlapping in the 1×1 inner square, plus the 1×1
        // miter square outside. The inner corner is cut, so nothing is covered twice and the
        // signed area is the union's area.
        #expect(abs(signedArea(of: o) - 40) < 1e-9)
        #expect(winding(of: o, at: Point(x: 9.5, y: 0.5)) == 1)
    }

    @Test func bevelJoinCutsTheCorner() {
        let o = Stroker.outline(of: corner, style: StrokeStyle(lineWidth: 2, lineJoin: .bevel), tolerance: 0.1)
        #expect(winding(of: o, at: Point(x: 10.95, y: -0.95)) == 0)
        #expect(winding(of: o, at: Point(x: 10.4, y: -0.4)) != 0)  // inside the bevel triangle
        #expect(abs(signedArea(of: o) - 39.5) < 1e-9)  // 20 + 20 − 1 + the ½ bevel triangle
    }

    @Test func roundJoinIsTheDistanceSet() {
        expectRoundStrokeMatchesDistance(corner, centre: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)],
                                         width: 2, slack: 0.02)
    }

    @Test func sharpZigzagWideStrokeHasNoHolesOrNegativeWinding() {
        let pts = [Point(x: 0, y: 0), Point(x: 6, y: 1), Point(x: 0, y: 2), Point(x: 6, y: 3.5), Point(x: 1, y: 3)]
        expectRoundStrokeMatchesDistance(line(pts), centre: pts, width: 3, slack: 0.02)
    }

    @Test func miterLimitSwitchesAtCosecantOfHalfAngle() {
        // Two segments meeting at ψ = 60°: the miter ratio is 1/sin(30°) = 2.
        let psi = Double.pi / 3
        let p = line([Point(x: 0, y: 0), Point(x: 10, y: 0),
                      Point(x: 10 - 10 * cos(psi), y: 10 * sin(psi))])
        func maxX(_ limit: Double) -> Double {
            let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, lineJoin: .miter, miterLimit: limit),
                                    tolerance: 0.1)
            return bounds(contours(of: o).flatMap { $0 }).maxX
        }
        // The miter tip lies at distance h/sin(ψ/2) = 2 from the vertex along the bisector,
        // which points away at angle ψ/2 below the +x axis: x = 10 + 2·cos(30°).
        let tipX = 10 + 2 * cos(psi / 2)
        #expect(abs(maxX(2.0001) - tipX) < 1e-9)
        // Beveled: the outer offset corners are (10, −1) and the second segment's start offset.
        #expect(maxX(1.9999) < tipX - 0.5)
        #expect(abs(maxX(1.9999) - (10 + sin(psi))) < 1e-9)
    }

    @Test func closedRectangleHasOuterAndInnerContours() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 10, height: 6))
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, lineJoin: .miter), tolerance: 0.1)
        let cs = contours(of: o)
        #expect(cs.count == 2)
        let all = bounds(cs.flatMap { $0 })
        #expect(all.minX == -1 && all.minY == -1 && all.maxX == 11 && all.maxY == 7)
        // Ring between the 12×8 and 8×4 rectangles, with winding 1 in the ring and 0 inside.
        #expect(winding(of: o, at: Point(x: 5, y: 3)) == 0)
        #expect(winding(of: o, at: Point(x: -0.5, y: 3)) == 1)
        #expect(winding(of: o, at: Point(x: -0.9, y: -0.9)) == 1)
        #expect(winding(of: o, at: Point(x: 5, y: 6.5)) == 1)
    }

    @Test func closedSubpathGetsAJoinNotCaps() {
        // A closed triangle with square caps: no cap may stick out at the start vertex.
        let tri = line([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 10)], closed: true)
        let o = Stroker.outline(of: tri, style: StrokeStyle(lineWidth: 2, lineCap: .square, lineJoin: .bevel),
                                tolerance: 0.1)
        #expect(winding(of: o, at: Point(x: -1.5, y: -0.5)) == 0)
        #expect(winding(of: o, at: Point(x: -0.5, y: -0.5)) != 0)  // bevel at the start vertex
    }

    @Test func roundStrokeOfCurveMatchesDistanceToCurve() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 2, y: 8), control2: Point(x: 8, y: -8))
        let fine = p.flattened(tolerance: 0.0005)
        let centre = contours(of: fine).first ?? []
        expectRoundStrokeMatchesDistance(p, centre: centre, width: 2, slack: 0.03)
    }

    @Test func zeroLengthSubpathsFollowCairo() {
        var dot = Path()
        dot.move(to: Point(x: 5, y: 5)); dot.addLine(to: Point(x: 5, y: 5))
        let round = Stroker.outline(of: dot, style: StrokeStyle(lineWidth: 4, lineCap: .round), tolerance: 0.01)
        let a = signedArea(of: round)
        #expect(a <= 4 * Double.pi && a > 4 * Double.pi - 2 * Double.pi * 2 * 0.01)
        // cairo 1.16 (the reference renderer) draws nothing for square caps here.
        #expect(Stroker.outline(of: dot, style: StrokeStyle(lineWidth: 4, lineCap: .square), tolerance: 0.01).isEmpty)
        #expect(Stroker.outline(of: dot, style: StrokeStyle(lineWidth: 4, lineCap: .butt), tolerance: 0.01).isEmpty)
        // A lone move draws nothing, whatever the cap.
        var lone = Path(); lone.move(to: Point(x: 1, y: 1))
        #expect(Stroker.outline(of: lone, style: StrokeStyle(lineWidth: 4, lineCap: .round), tolerance: 0.01).isEmpty)
        // move + close is a degenerate subpath too.
        var closed = Path(); closed.move(to: Point(x: 1, y: 1)); closed.closeSubpath()
        #expect(!Stroker.outline(of: closed, style: StrokeStyle(lineWidth: 4, lineCap: .round), tolerance: 0.01).isEmpty)
    }

    @Test func degenerateSegmentsInsideAPathAreIgnored() {
        let p = line([Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 0), Point(x: 10, y: 0)])
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2), tolerance: 0.1)
        #expect(abs(signedArea(of: o) - 20) < 1e-9)
    }

    @Test func badWidthsGiveEmptyOutlines() {
        for w in [0, -1, Double.nan, Double.infinity] {
            #expect(Stroker.outline(of: horizontal, style: StrokeStyle(lineWidth: w), tolerance: 0.1).isEmpty)
        }
    }

    @Test func extremeInputDoesNotCrashAndStaysFinite() {
        var p = Path()
        p.move(to: Point(x: -1e308, y: 0)); p.addLine(to: Point(x: 1e308, y: 1))
        p.addCurve(to: Point(x: 0, y: 1e308), control1: Point(x: 1e308, y: -1e308), control2: .zero)
        p.closeSubpath()
        for style in [StrokeStyle(lineWidth: 1e300, lineCap: .round, lineJoin: .round),
                      StrokeStyle(lineWidth: 2, dash: [1, 1]), StrokeStyle(lineWidth: 1e-300, lineCap: .square)] {
            let o = Stroker.outline(of: p, style: style, tolerance: 0.1)
            let finite = o.points.allSatisfy { $0.isFinite }
            #expect(finite)
        }
        // Tolerance that is zero, negative or NaN falls back to a default.
        for tol in [0, -1, Double.nan] {
            #expect(!Stroker.outline(of: corner, style: StrokeStyle(lineWidth: 2, lineJoin: .round), tolerance: tol).isEmpty)
        }
    }

    @Test func uTurnWithRoundJoinDrawsAHalfDisc() {
        let p = line([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 4, y: 0)])
        expectRoundStrokeMatchesDistance(p, centre: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 4, y: 0)],
                                         width: 2, slack: 0.02)
    }
}
