import Foundation
import Geometry
import Testing
@testable import Raster

/// Overlapping convex subpaths resolved by inclusion–exclusion: the edges with the intersection
/// outlines added stay closed (every pixel row's edges sum to no net winding, so nothing leaks
/// to the right of the shapes) and exact against the supersampled reference, including
/// coincident, touching and identical outlines, intersections of three and more subpaths, and
/// sets with too many terms (declined, then swept).
struct InclusionExclusionResolverTests {
    typealias T = RasterTestSupport
    typealias Reference = SupersampledReferenceTests

    /// A rectangle of size w×h centred on (cx, cy), turned by `angle`, wound like `T.rectPath`.
    static func rotatedRect(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double, _ angle: Double) -> Path {
        let c = cos(angle), s = sin(angle)
        let corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
        return T.polygon(corners.map { (cx + $0.0 * c - $0.1 * s, cy + $0.0 * s + $0.1 * c) })
    }

    /// The prepared edges of `path` as the rasterizer would accumulate them.
    static func preparedEdges(_ path: Path, rule: FillRule, size: Int) -> [SIMD4<Int32>] {
        let r = Rasterizer()
        let e = r.preparedEdges(path, transform: .identity, rule: rule, clip: PixelRect(x: 0, y: 0, width: size, height: size))
        // (Edges the resolver emptied have no height and add nothing.)
        return (0..<e.count).map { r.edges[$0] }.filter { $0.y != $0.w }
    }

    /// Net signed height (1/256 px) the edges cross within each pixel row: zero for a closed outline.
    static func rowResiduals(_ edges: [SIMD4<Int32>], rows: Int) -> [Int64] {
        var net = [Int64](repeating: 0, count: rows)
        for e in edges {
            let (top, bottom, sign) = e.y < e.w ? (e.y, e.w, Int64(1)) : (e.w, e.y, Int64(-1))
            for r in 0..<rows {
                let a = max(top, Int32(r * 256)), b = min(bottom, Int32((r + 1) * 256))
                if b > a { net[r] += sign * Int64(b - a) }
            }
        }
        return net
    }

    /// Random overlapping convex shapes: rotated rectangles and ellipses, some sharing corners
    /// and sides, some repeated exactly.
    static func randomShapes(_ rng: inout T.Random) -> Path {
        var p = Path()
        let first = rotatedRect(rng.range(14, 26), rng.range(14, 26), rng.range(6, 16), rng.range(3, 12), rng.range(0, 3.2))
        p.addPath(first)
        for _ in 0..<(2 + rng.int(4)) {
            switch rng.int(4) {
            case 0: p.addPath(rotatedRect(rng.range(10, 30), rng.range(10, 30), rng.range(2, 14), rng.range(1, 9), rng.range(0, 3.2)))
            case 1:
                var e = Path()
                e.addEllipse(in: Rect(x: rng.range(4, 24), y: rng.range(4, 24), width: rng.range(4, 14), height: rng.range(4, 14)))
                p.addPath(e.flattened(tolerance: 0.1))
            case 2: p.addPath(first)   // the same outline again
            default:
                // An axis-aligned rect sharing the first one's top-left corner region exactly.
                p.addPath(T.rectPath(Double(rng.int(8)) + 10, Double(rng.int(8)) + 10, 6, Double(rng.int(6)) + 3))
            }
        }
        return p
    }

    @Test func resolvedOutlinesStayClosed() {
        var rng = T.Random(seed: 17)
        for n in 0..<200 {
            let p = Self.randomShapes(&rng)
            for rule in [FillRule.nonZero, .evenOdd] {
                let residual = Self.rowResiduals(Self.preparedEdges(p, rule: rule, size: 40), rows: 40)
                #expect(residual.allSatisfy { $0 == 0 }, "shape set \(n) \(rule): row residuals \(residual)")
            }
        }
    }

    @Test func randomOverlapsAreExactAndLeakNothing() {
        var rng = T.Random(seed: 5)
        for n in 0..<40 {
            let p = Self.randomShapes(&rng)
            for rule in [FillRule.nonZero, .evenOdd] {
                let r = Reference.maxError(p, size: 40, rule: rule)
                #expect(r.error <= Reference.bound, "shape set \(n) \(rule): max error \(r.error) at (\(r.x), \(r.y))")
            }
            // Drawn at the left of a wide surface: the columns right of every shape stay empty.
            let s = Surface(width: 120, height: 40)
            DrawingContext(surface: s).fill(p, with: .solid(.black))
            var stray = 0
            for y in 0..<40 { for x in 44..<120 where s.pixel(x: x, y: y).alpha != 0 { stray += 1 } }
            #expect(stray == 0, "shape set \(n): \(stray) pixels painted right of the shapes")
        }
    }

    @Test func coincidentAndTouchingOutlines() {
        // The same rotated rect three times: nonzero covers it once, even-odd once (3 is odd).
        var triple = Path()
        for _ in 0..<3 { triple.addPath(Self.rotatedRect(16.3, 15.8, 17, 9, 0.41)) }
        let once = Self.rotatedRect(16.3, 15.8, 17, 9, 0.41)
        for rule in [FillRule.nonZero, .evenOdd] {
            let a = Surface(width: 32, height: 32), b = Surface(width: 32, height: 32)
            DrawingContext(surface: a).fill(triple, with: .solid(.black), rule: rule)
            DrawingContext(surface: b).fill(once, with: .solid(.black), rule: rule)
            #expect(PixelDifference(a, b).maximum <= 1, "\(rule)")
        }
        // Two rects sharing a side at x = 10.5 (touching), and one lying along the other's
        // top side from inside (a coincident side in the same direction).
        var touching = T.rectPath(3.25, 4.5, 7.25, 9)
        touching.addPath(T.rectPath(10.5, 6.75, 8, 9))
        var inner = T.rectPath(3.5, 3.5, 20, 12)
        inner.addPath(T.rectPath(8.25, 3.5, 6, 5.5))
        for (name, p) in [("touching", touching), ("inner", inner)] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let r = Reference.maxError(p, size: 32, rule: rule)
                #expect(r.error <= Reference.bound, "\(name) \(rule): max error \(r.error) at (\(r.x), \(r.y))")
            }
        }
    }

    /// A subpath lying wholly inside another leaves no edge under nonzero (the outer outline
    /// alone), and comes back reversed under even-odd (a hole), exactly: no point recomputed.
    @Test func aSubpathInsideAnotherIsDroppedOrReversed() {
        var outer = Path()
        outer.addRoundedRect(in: Rect(x: 3.3, y: 4.6, width: 17.2, height: 12.9), cornerSize: Size(width: 2.5, height: 2.5))
        outer = outer.flattened(tolerance: 0.1)
        var inner = Path()
        inner.addEllipse(in: Rect(x: 7.1, y: 8.2, width: 6.4, height: 4.3))
        inner = inner.flattened(tolerance: 0.1)
        var both = outer
        both.addPath(inner)
        let outerEdges = Self.preparedEdges(outer, rule: .nonZero, size: 24)
        #expect(Self.preparedEdges(both, rule: .nonZero, size: 24) == outerEdges)
        let innerEdges = Self.preparedEdges(inner, rule: .nonZero, size: 24)
        let reversed = innerEdges.map { SIMD4($0.z, $0.w, $0.x, $0.y) }
        #expect(Self.preparedEdges(both, rule: .evenOdd, size: 24) == outerEdges + reversed)
        // Rings nested three deep: the middle one is the hole, the innermost filled again.
        var rings = outer
        var middle = Path()
        middle.addEllipse(in: Rect(x: 5.2, y: 6.3, width: 13.1, height: 9.4))
        rings.addPath(middle.flattened(tolerance: 0.1))
        rings.addPath(inner)
        let r = Reference.maxError(rings, size: 24, rule: .evenOdd)
        #expect(r.error <= Reference.bound, "rings: max error \(r.error) at (\(r.x), \(r.y))")
        let middleEdges = Self.preparedEdges(middle.flattened(tolerance: 0.1), rule: .nonZero, size: 24)
        #expect(Self.preparedEdges(rings, rule: .evenOdd, size: 24)
                == outerEdges + middleEdges.map { SIMD4($0.z, $0.w, $0.x, $0.y) } + innerEdges)
    }

    /// Boxes that overlap while the outlines stay apart: a square in the corner of a disc's
    /// box, outside the disc — once near enough for a side of the disc to show it outside, once
    /// deep in the corner where no side's segment comes near its box (then one vertex tells).
    /// Nothing is emptied or added, and the coverage is exact.
    @Test func overlappingBoxesWithOutlinesApart() {
        var disc = Path()
        disc.addEllipse(in: Rect(x: 4, y: 4, width: 24, height: 24))
        disc = disc.flattened(tolerance: 0.1)
        let discEdges = Self.preparedEdges(disc, rule: .nonZero, size: 32)
        for square in [T.rectPath(4.5, 4.5, 2.5, 2.5), T.rectPath(4.2, 4.2, 1.3, 1.3)] {
            var both = disc
            both.addPath(square)
            let squareEdges = Self.preparedEdges(square, rule: .nonZero, size: 32)
            for rule in [FillRule.nonZero, .evenOdd] {
                #expect(Self.preparedEdges(both, rule: rule, size: 32) == discEdges + squareEdges, "\(rule)")
                let r = Reference.maxError(both, size: 32, rule: rule)
                #expect(r.error <= Reference.bound, "\(rule): max error \(r.error) at (\(r.x), \(r.y))")
            }
        }
    }

    /// Three discs sharing a middle region (nonzero: the term of all three, added forwards;
    /// even-odd: partial overlaps, swept), and four rects sharing a corner (a term of four:
    /// swept under both rules).
    @Test func intersectionsOfThreeAndFourAreExact() {
        var discs = Path()
        for (cx, cy) in [(13.2, 12.7), (18.6, 13.1), (15.9, 17.8)] {
            var d = Path()
            d.addEllipse(in: Rect(x: cx - 5.3, y: cy - 5.3, width: 10.6, height: 10.6))
            discs.addPath(d.flattened(tolerance: 0.1))
        }
        var corner = Path()
        for (k, angle) in [0.1, 0.7, 1.3, 2.2].enumerated() {
            corner.addPath(Self.rotatedRect(16 + Double(k) * 0.35, 15.5 - Double(k) * 0.2, 13, 7, angle))
        }
        for (name, p) in [("discs", discs), ("corner", corner)] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let r = Reference.maxError(p, size: 32, rule: rule)
                #expect(r.error <= Reference.bound, "\(name) \(rule): max error \(r.error) at (\(r.x), \(r.y))")
            }
        }
    }

    /// Sixteen rects all over one another have more terms than the resolver takes; the sweep
    /// takes them, as exact.
    @Test func tooManyTermsAreSwept() {
        var p = Path()
        for k in 0..<16 { p.addPath(Self.rotatedRect(16 + Double(k % 4) * 0.3, 16 - Double(k / 4) * 0.3, 14, 9, Double(k) * 0.19)) }
        for rule in [FillRule.nonZero, .evenOdd] {
            let r = Reference.maxError(p, size: 32, rule: rule)
            #expect(r.error <= Reference.bound, "\(rule): max error \(r.error) at (\(r.x), \(r.y))")
        }
    }
}
