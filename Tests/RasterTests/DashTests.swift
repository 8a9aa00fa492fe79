import Testing
import Geometry
@testable import Raster

/// Dash intervals along x of a horizontal line's dashed outline (butt caps: each dash is a
/// rectangle contour spanning exactly its on-interval).
func dashIntervals(_ path: Path, dash: [Double], phase: Double, cap: StrokeStyle.LineCap = .butt) -> [(Double, Double)] {
    let o = Stroker.outline(of: path, style: StrokeStyle(lineWidth: 2, lineCap: cap, dash: dash, dashPhase: phase),
                            tolerance: 0.1)
    return contours(of: o).map { c in let b = bounds(c); return (b.minX, b.maxX) }.sorted { $0.0 < $1.0 }
}

func expectIntervals(_ got: [(Double, Double)], _ want: [(Double, Double)],
                     sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(got.count == want.count, "got \(got)", sourceLocation: sourceLocation)
    for (g, w) in zip(got, want) {
        #expect(abs(g.0 - w.0) < 1e-9 && abs(g.1 - w.1) < 1e-9, "got \(g), want \(w)", sourceLocation: sourceLocation)
    }
}

@Suite struct DashTests {
    let seg = line([Point(x: 0, y: 0), Point(x: 20, y: 0)])

    @Test func phaseShiftsThePattern() {
        // [3 on, 2 off], phase 1: the first dash has 2 left.
        expectIntervals(dashIntervals(seg, dash: [3, 2], phase: 1),
                        [(0, 2), (4, 7), (9, 12), (14, 17), (19, 20)])
        expectIntervals(dashIntervals(seg, dash: [3, 2], phase: 0),
                        [(0, 3), (5, 8), (10, 13), (15, 18)])
    }

    @Test func negativePhaseWrapsAround() {
        // Phase −1 ≡ 4 (period 5): 1 unit of "off" first.
        expectIntervals(dashIntervals(seg, dash: [3, 2], phase: -1),
                        [(1, 4), (6, 9), (11, 14), (16, 19)])
    }

    @Test func phaseLandingOnDashEndStartsInTheGap() {
        expectIntervals(dashIntervals(seg, dash: [3, 2], phase: 3), [(2, 5), (7, 10), (12, 15), (17, 20)])
    }

    @Test func oddPatternsRepeatTwice() {
        // [4] means 4 on, 4 off; [1, 2, 3] means 1 on 2 off 3 on 1 off 2 on 3 off.
        expectIntervals(dashIntervals(seg, dash: [4], phase: 0), [(0, 4), (8, 12), (16, 20)])
        expectIntervals(dashIntervals(seg, dash: [1, 2, 3], phase: 0), [(0, 1), (3, 6), (7, 9), (12, 13), (15, 18), (19, 20)])
    }

    @Test func invalidPatternsDrawSolid() {
        expectIntervals(dashIntervals(seg, dash: [3, -1], phase: 0), [(0, 20)])
        expectIntervals(dashIntervals(seg, dash: [0, 0], phase: 0), [(0, 20)])
        expectIntervals(dashIntervals(seg, dash: [Double.nan, 1], phase: 0), [(0, 20)])
    }

    @Test func dashesContinueAcrossVerticesWithJoins() {
        // 0→10 then down to (10, 10); [14, 2]: the first dash covers 10 units along x and 4 down.
        let p = line([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, lineJoin: .miter, dash: [14, 2]), tolerance: 0.1)
        let cs = contours(of: o)
        #expect(cs.count == 2)
        let first = bounds(cs[0])
        // Miter corner at (11, −1); the dash ends at y = 4.
        #expect(first.minX == 0 && first.maxX == 11 && first.minY == -1 && first.maxY == 4)
        let second = bounds(cs[1])
        #expect(second.minY == 6 && second.maxY == 10)
    }

    @Test func dashStartingExactlyAtAVertexIsJoinedThereLikeCairo() {
        // (0,0) → (10,0) → (16,8): two segments of length 10 turning by acos(0.6); width 2,
        // miter. The miter tip is (10.5, −1); (10.3, −0.95) lies inside the miter but outside
        // the bevel. [5, 5]: the second dash starts exactly at the corner; cairo begins it on
        // the first segment and joins, so the miter is painted. [10, 5]: the first dash ends
        // at the corner: a plain butt end, no join.
        let p = line([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 16, y: 8)])
        let starts = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, dash: [5, 5]), tolerance: 0.1)
        #expect(winding(of: starts, at: Point(x: 10.3, y: -0.95)) != 0)
        #expect(winding(of: starts, at: Point(x: 9.5, y: -0.5)) == 0)  // the gap [5, 10] stays empty
        let ends = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, dash: [10, 5]), tolerance: 0.1)
        #expect(winding(of: ends, at: Point(x: 10.3, y: -0.95)) == 0)
        #expect(winding(of: ends, at: Point(x: 9.9, y: -0.9)) != 0)
    }

    @Test func squareCappedDashStartingAtAVertexCoversCapJoinAndDashOnce() {
        // (0,0) → (10,0) → (10,10), width 2, square caps, miter, [5, 5]. The first dash is
        // [−1, 6] × [−1, 1] (14). The second starts at the corner: cairo caps it backwards along
        // the first segment ([9, 10] × [−1, 1]), joins with a miter ([10, 11] × [−1, 0]) and runs
        // down to y = 5 plus its cap ([9, 11] × [0, 6]); the union is 2 + 1 + 12 − 1 = 14.
        // A third dash turns on exactly at the path's end: cairo caps it on both sides there, a
        // 2 × 2 square (4). Signed area 32 means nothing is covered twice (accumulating
        // rasterizers need that).
        let p = line([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, lineCap: .square, dash: [5, 5]), tolerance: 0.1)
        #expect(abs(signedArea(of: o) - 32) < 1e-9)
        #expect(winding(of: o, at: Point(x: 10, y: 10.9)) == 1)
        #expect(winding(of: o, at: Point(x: 9.5, y: -0.5)) == 1)
        #expect(winding(of: o, at: Point(x: 10.5, y: -0.5)) == 1)
        #expect(winding(of: o, at: Point(x: 8.5, y: 0)) == 0)
        #expect(winding(of: o, at: Point(x: 9.5, y: 0.5)) == 1)
    }

    @Test func rectilinearButtDashEndingAtACornerKeepsTheCornerLikeCairo() {
        // cairo strokes all-horizontal/vertical paths (miter joins, butt caps) as boxes, and a
        // dash reaching a vertex exactly keeps the corner square. Square 10×10, [10, 5]: the
        // first dash is the top edge, ending at (10, 0): [10, 11] × [−1, 0] is painted, while
        // the right edge stays off on [10, 15].
        var p = Path(); p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, dash: [10, 5]), tolerance: 0.1)
        #expect(winding(of: o, at: Point(x: 10.9, y: -0.9)) != 0)
        #expect(winding(of: o, at: Point(x: 10.5, y: 2)) == 0)
        // With bevel joins cairo uses its general stroker: no corner.
        let bevel = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, lineJoin: .bevel, dash: [10, 5]), tolerance: 0.1)
        #expect(winding(of: bevel, at: Point(x: 10.9, y: -0.9)) == 0)
    }

    @Test func closedPathJoinsLastDashToFirst() {
        // Square of perimeter 40 from (0,0) clockwise on screen; [6, 4] with phase 2:
        // on [0,4], [8,14], [18,24], [28,34], [38,40]; the last runs into the first through (0,0).
        var p = Path(); p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, lineJoin: .miter, dash: [6, 4], dashPhase: 2),
                                tolerance: 0.1)
        let cs = contours(of: o)
        #expect(cs.count == 4)
        // The merged dash has a miter at the start corner, reaching (−1, −1).
        #expect(winding(of: o, at: Point(x: -0.9, y: -0.9)) == 1)
        #expect(winding(of: o, at: Point(x: 3.5, y: 0)) == 1)
        #expect(winding(of: o, at: Point(x: 0, y: 1.5)) == 1)
        #expect(winding(of: o, at: Point(x: 5, y: 0)) == 0)   // gap [4, 8]
        #expect(winding(of: o, at: Point(x: 0, y: 3)) == 0)   // gap [34, 38] on the left side
    }

    @Test func zeroLengthDashesWithRoundCapsAreDots() {
        let o = Stroker.outline(of: seg, style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [0, 5]),
                                tolerance: 0.01)
        // Dots at 0, 5, 10, 15, 20.
        let centres = contours(of: o).map { c -> Double in let b = bounds(c); return (b.minX + b.maxX) / 2 }.sorted()
        #expect(centres.count == 5)
        for (c, want) in zip(centres, [0.0, 5, 10, 15, 20]) { #expect(abs(c - want) < 1e-6) }
        // Butt caps draw nothing for zero-length dashes.
        let none = Stroker.outline(of: seg, style: StrokeStyle(lineWidth: 2, lineCap: .butt, dash: [0, 5]), tolerance: 0.01)
        #expect(none.isEmpty)
    }

    @Test func squareDotsTurnAlongTheLine() {
        let diagonal = line([Point(x: 0, y: 0), Point(x: 30, y: 40)])  // direction (0.6, 0.8)
        let o = Stroker.outline(of: diagonal, style: StrokeStyle(lineWidth: 2, lineCap: .square, dash: [0, 100]),
                                tolerance: 0.01)
        let cs = contours(of: o)
        #expect(cs.count == 1)
        // A 2×2 square rotated so its sides follow (0.6, 0.8): its x-extent is 0.6·2 + 0.8·2 = 2.8.
        let b = bounds(cs[0])
        #expect(abs((b.maxX - b.minX) - 2.8) < 1e-9)
        #expect(abs(signedArea(cs[0]) - 4) < 1e-9)
    }

    @Test func dashRestartsOnEachSubpath() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0)); p.addLine(to: Point(x: 7, y: 0))
        p.move(to: Point(x: 0, y: 10)); p.addLine(to: Point(x: 7, y: 10))
        let o = Stroker.outline(of: p, style: StrokeStyle(lineWidth: 2, dash: [3, 2]), tolerance: 0.1)
        let xs = contours(of: o).map { c -> (Double, Double, Double) in let b = bounds(c); return (b.minY, b.minX, b.maxX) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        #expect(xs.count == 4)
        #expect(xs.map(\.1) == [0, 5, 0, 5] && xs.map(\.2) == [3, 7, 3, 7])
    }

    @Test func absurdlyFinePatternDoesNotHang() {
        let o = Stroker.outline(of: seg, style: StrokeStyle(lineWidth: 2, dash: [1e-12, 1e-12]), tolerance: 0.1)
        #expect(!o.isEmpty)
    }
}
