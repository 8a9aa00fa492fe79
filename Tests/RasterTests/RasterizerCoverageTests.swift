import Testing
import Geometry
@testable import Raster

/// Coverage values derived by hand from the pixel-area definition: pixel (i, j) covers
/// [i, i+1)×[j, j+1) and its alpha is round(covered area · 255).
struct RasterizerCoverageTests {
    typealias T = RasterTestSupport
    let black = Paint.solid(.black)

    func render(_ path: Path, rule: FillRule = .nonZero, size: Int = 12) -> Surface {
        let s = Surface(width: size, height: size)
        DrawingContext(surface: s).fill(path, with: black, rule: rule)
        return s
    }

    @Test func integerRectFillsExactlyItsPixels() {
        let s = render(T.rectPath(2, 3, 4, 5))
        for y in 0..<12 {
            for x in 0..<12 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(s.pixel(x: x, y: y).rawValue == (inside ? 0xFF00_0000 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfCoveredPixelGets128() {
        // Area ½ → 127.5 → rounds half up to 128, whichever way the half is cut.
        #expect(render(T.rectPath(1, 1, 0.5, 1)).pixel(x: 1, y: 1).alpha == 128)
        #expect(render(T.rectPath(1.25, 1, 0.5, 1)).pixel(x: 1, y: 1).alpha == 128)
        #expect(render(T.rectPath(1, 1.5, 1, 0.5)).pixel(x: 1, y: 1).alpha == 128)
        // Quarter pixel: 63.75 → 64. A rect 1.5 px wide from x = 1.5: ½, 1, and nothing beyond.
        #expect(render(T.rectPath(1, 1, 0.5, 0.5)).pixel(x: 1, y: 1).alpha == 64)
        let s = render(T.rectPath(1.5, 2, 2, 1))
        #expect(s.pixel(x: 1, y: 2).alpha == 128)
        #expect(s.pixel(x: 2, y: 2).alpha == 255)
        #expect(s.pixel(x: 3, y: 2).alpha == 128)
        #expect(s.pixel(x: 4, y: 2).alpha == 0)
        #expect(s.pixel(x: 2, y: 1).alpha == 0 && s.pixel(x: 2, y: 3).alpha == 0)
    }

    @Test func diagonalHalvesAPixel() {
        // The triangle (0,0),(1,0),(1,1) covers exactly half of pixel (0,0), nothing else.
        let s = render(T.polygon([(0, 0), (1, 0), (1, 1)]), size: 3)
        #expect(s.pixel(x: 0, y: 0).alpha == 128)
        #expect(s.pixel(x: 1, y: 0).alpha == 0 && s.pixel(x: 0, y: 1).alpha == 0)
    }

    @Test func triangleCoverageSumsToItsArea() {
        // Area of (1.3,0.7),(10.6,2.2),(4.1,11.4) by the shoelace formula.
        let pts = [(1.3, 0.7), (10.6, 2.2), (4.1, 11.4)]
        var area2 = 0.0
        for i in 0..<3 {
            let (x0, y0) = pts[i], (x1, y1) = pts[(i + 1) % 3]
            area2 += x0 * y1 - x1 * y0
        }
        let area = abs(area2) / 2
        let total = T.alphas(render(T.polygon(pts))).reduce(0) { $0 + Double($1) }
        // Each pixel's alpha is rounded (±0.5), about 30 edge pixels.
        #expect(abs(total / 255 - area) < 0.1, "sum \(total / 255) vs area \(area)")
    }

    @Test func doublyWoundSquareNonZeroVsEvenOdd() {
        var p = T.rectPath(2, 2, 6, 6)
        p.addPath(T.rectPath(2, 2, 6, 6))
        let nz = render(p, rule: .nonZero), eo = render(p, rule: .evenOdd)
        #expect(nz.pixel(x: 4, y: 4).alpha == 255)
        #expect(eo.pixel(x: 4, y: 4).alpha == 0)
        // Opposite windings cancel under nonzero too.
        var q = T.rectPath(2, 2, 6, 6)
        q.addPath(T.polygon([(2, 2), (2, 8), (8, 8), (8, 2)]))
        #expect(render(q).pixel(x: 4, y: 4).alpha == 0)
        // Nested squares with the same winding: even-odd leaves a hole, nonzero does not.
        var r = T.rectPath(1, 1, 10, 10)
        r.addPath(T.rectPath(4, 4, 4, 4))
        #expect(render(r, rule: .evenOdd).pixel(x: 5, y: 5).alpha == 0)
        #expect(render(r, rule: .evenOdd).pixel(x: 2, y: 2).alpha == 255)
        #expect(render(r, rule: .nonZero).pixel(x: 5, y: 5).alpha == 255)
        // A half-covered edge of a doubly wound rect: the right half of pixel 2 has winding 2,
        // the left half 0. Nonzero covers the right half (½ → 128); even-odd nothing (2 is
        // even) — not the folded sums min(|2·½|, 1) = 1 or |1 − 2·round(½)| = 1.
        var h = T.rectPath(2.5, 2, 4, 4)
        h.addPath(T.rectPath(2.5, 2, 4, 4))
        #expect(render(h, rule: .nonZero).pixel(x: 2, y: 3).alpha == 128)
        #expect(render(h, rule: .evenOdd).pixel(x: 2, y: 3).alpha == 0)
        #expect(render(h, rule: .evenOdd).pixel(x: 4, y: 3).alpha == 0)
        // Two rects wound opposite ways meeting in the middle of pixel 5: winding +1 on its left
        // half, −1 on its right half. Both rules cover all of it (the summed winding is 0).
        var o = T.rectPath(2, 2, 3.5, 4)
        o.addPath(T.polygon([(5.5, 2), (5.5, 6), (8.5, 6), (8.5, 2)]))
        #expect(render(o, rule: .nonZero).pixel(x: 5, y: 3).alpha == 255)
        #expect(render(o, rule: .evenOdd).pixel(x: 5, y: 3).alpha == 255)
    }

    @Test func curvesFlattenCloseToTheTrueArea() {
        // A circle of radius 20 (four cubic arcs): area π·400.
        var p = Path()
        let c = Point(x: 30, y: 30)
        p.addArc(center: c, radius: 20, startAngle: .zero, endAngle: Angle(radians: 2 * .pi), clockwise: false)
        p.closeSubpath()
        let total = T.alphas(render(p, size: 60)).reduce(0) { $0 + Double($1) } / 255
        // Chords within 0.1 px of the arc lose at most ⅔·0.1·perimeter ≈ 8.4 px² of area.
        #expect(total < Double.pi * 400 + 1 && total > Double.pi * 400 - 8.4, "circle coverage \(total)")
    }

    @Test func largePathUsesBandsAndStaysExact() {
        // 900×700 px rect at half-pixel offsets needs several bands (budget 65536 cells).
        let s = Surface(width: 1000, height: 800)
        DrawingContext(surface: s).fill(T.rectPath(10.5, 20.5, 900, 700), with: black)
        #expect(s.pixel(x: 10, y: 100).alpha == 128)
        #expect(s.pixel(x: 11, y: 100).alpha == 255)
        #expect(s.pixel(x: 500, y: 20).alpha == 128)
        #expect(s.pixel(x: 10, y: 20).alpha == 64)
        #expect(s.pixel(x: 910, y: 720).alpha == 64)
        #expect(s.pixel(x: 911, y: 500).alpha == 0)
        #expect(s.pixel(x: 500, y: 400).alpha == 255)
        let total = T.alphas(s).reduce(0) { $0 + Int($1) }
        // Interior 899×699 full, 2·(899+699) half pixels (127.5 → 128), 4 quarter pixels (63.75 → 64).
        #expect(total == 899 * 699 * 255 + 2 * (899 + 699) * 128 + 4 * 64)
    }

    @Test func hugeFiniteCoordinatesStillFill() {
        // Rect.infinite's corners are ±9e307: the whole surface is inside.
        var p = Path(); p.addRect(.infinite)
        #expect(T.alphas(render(p, size: 5)).allSatisfy { $0 == 255 })
        // A triangle with far vertices whose edges cross the surface: the half-plane
        // below the diagonal y = x through the 12×12 surface (exactly half of each diagonal pixel).
        let t = render(T.polygon([(-1e307, -1e307), (1e307, 1e307), (-1e307, 1e307)]))
        #expect(t.pixel(x: 2, y: 9).alpha == 255 && t.pixel(x: 9, y: 2).alpha == 0)
        #expect(t.pixel(x: 5, y: 5).alpha == 128)
    }

    @Test func pathsBeyondTheSurfaceAreClipped() {
        // A rect from far off-screen left to the middle: everything left of x = 5 full.
        let s = render(T.rectPath(-1e9, 2, 1e9 + 5, 3))
        #expect(s.pixel(x: 0, y: 3).alpha == 255)
        #expect(s.pixel(x: 4, y: 3).alpha == 255)
        #expect(s.pixel(x: 5, y: 3).alpha == 0)
        // Extending past the right and bottom edges.
        let t = render(T.rectPath(6, 6, 1e7, 1e7))
        #expect(t.pixel(x: 11, y: 11).alpha == 255 && t.pixel(x: 5, y: 11).alpha == 0)
    }
}
