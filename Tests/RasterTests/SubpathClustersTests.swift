import Foundation
import Geometry
import Testing
@testable import Raster

/// Paths with more subpaths than are tested pairwise (a block of seats as one path): the groups
/// of overlapping subpaths are found through the grid and resolved on their own, exactly.
struct SubpathClustersTests {
    typealias T = RasterTestSupport
    typealias Reference = SupersampledReferenceTests

    /// `count` seats on a grid of `pitch` px from (3, 3), turned a little each: neighbours'
    /// boxes overlap below a pitch of ~9 px, their shapes below ~7.
    static func seatBlock(count: Int, pitch: Double, columns: Int, seed: UInt64) -> Path {
        var p = Path()
        var rng = T.Random(seed: seed)
        for i in 0..<count {
            let r = Rect(x: 3 + Double(i % columns) * pitch + rng.unit() * 0.5,
                         y: 3 + Double(i / columns) * pitch + rng.unit() * 0.5, width: 8, height: 8)
            p.addPath(T.seat(in: r, rotation: rng.range(-0.6, 0.6)))
        }
        return p.flattened(tolerance: 0.1)
    }

    /// Blocks of 36 seats (108 subpaths) as one path, nonzero (each group by inclusion–
    /// exclusion; packed tightest, the boxes chain into a group too large and it is swept) and
    /// even-odd (partial overlaps: swept), against the reference.
    @Test func seatBlocksAsOnePathAreExact() {
        for (pitch, seed, grouped) in [(9.5, UInt64(1), true), (8.0, 2, true), (6.5, 3, false)] {
            let block = Self.seatBlock(count: 36, pitch: pitch, columns: 6, seed: seed)
            // The groups are small enough for the resolver (so this is what is tested).
            let r = Rasterizer()
            let e = r.buildEdgesInside(block, transform: .identity, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))!
            let c = SubpathClusters()
            #expect(e.shapeCount > Rasterizer.maxConvexShapes)
            #expect(c.find(shapes: r.shapes, count: e.shapeCount, bounds: SIMD4(e.minX, e.minY, e.maxX, e.maxY)))
            let largest = (0..<c.groupCount).map { c.groupStart[$0 + 1] - c.groupStart[$0] }.max() ?? 0
            #expect(largest >= 3 && (largest <= Int32(InclusionExclusionResolver.maxPolygons)) == grouped,
                    "pitch \(pitch): largest group \(largest)")
            for rule in [FillRule.nonZero, .evenOdd] {
                let r = Reference.maxError(block, size: 64, rule: rule)
                #expect(r.error <= Reference.bound, "pitch \(pitch) \(rule): max error \(r.error) at (\(r.x), \(r.y))")
            }
        }
    }

    /// The groups: overlapping boxes joined (through others too), lone subpaths in none, each
    /// group's members in order.
    /// A find with no overlapping boxes after one with groups: no groups, and the groups'
    /// end offset (`groupStart[groupCount]`, read by the parts of a batch) is 0, not the last
    /// find's.
    @Test func findWithoutOverlapsLeavesNoGroups() {
        let c = SubpathClusters()
        let r = Rasterizer()
        var overlapping = Path()
        for (x, y) in [(2.0, 2.0), (6.0, 3.0), (10.0, 5.0)] { overlapping.addPath(T.rectPath(x, y, 5, 5)) }
        let e1 = r.buildEdgesInside(overlapping, transform: .identity, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))!
        #expect(c.find(shapes: r.shapes, count: e1.shapeCount, bounds: SIMD4(e1.minX, e1.minY, e1.maxX, e1.maxY)))
        #expect(c.groupCount == 1 && c.groupStart[1] == 3)
        var apart = Path()
        for k in 0..<5 { apart.addPath(T.rectPath(2 + 10 * Double(k), 2, 4, 4)) }
        let e2 = r.buildEdgesInside(apart, transform: .identity, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))!
        #expect(c.find(shapes: r.shapes, count: e2.shapeCount, bounds: SIMD4(e2.minX, e2.minY, e2.maxX, e2.maxY)))
        #expect(c.groupCount == 0 && c.groupStart[0] == 0)
    }

    @Test func groupsJoinOverlappingBoxes() {
        // Rects: 0–1 overlap, 1–2 overlap (so 0, 1, 2 together), 3 alone, 4–5 overlap.
        let rects = [(2.0, 2.0), (6.0, 3.0), (10.0, 5.0), (30.0, 30.0), (50.0, 2.0), (53.0, 4.0)]
        var p = Path()
        for (x, y) in rects { p.addPath(T.rectPath(x, y, 5, 5)) }
        let r = Rasterizer()
        let e = r.buildEdgesInside(p, transform: .identity, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))!
        let c = SubpathClusters()
        #expect(c.find(shapes: r.shapes, count: e.shapeCount, bounds: SIMD4(e.minX, e.minY, e.maxX, e.maxY)))
        var groups: [[Int32]] = []
        for g in 0..<c.groupCount {
            groups.append((Int(c.groupStart[g])..<Int(c.groupStart[g + 1])).map { c.members[$0] })
        }
        #expect(groups == [[0, 1, 2], [4, 5]])
    }

    /// Counts the pairs it is asked about and refuses the pair (0, 1).
    final class RefusingFirstPair: ClusterJoinTest {
        var asked: [[Int]] = []
        func mayJoin(_ a: Int, _ b: Int) -> Bool { asked.append([a, b].sorted()); return [a, b].sorted() != [0, 1] }
    }

    /// Three 20 × 12 px boxes overlapping in a chain, 0–1 and 1–2 (each pair sharing two 16 px
    /// grid cells), 0 and 2 apart: a test refusing 0–1 leaves one group, 1 and 2; each pair is
    /// asked about once.
    @Test func aJoinTestKeepsOverlappingBoxesApart() throws {
        var chain = Path()
        for x in [2.0, 14.0, 26.0] { chain.addPath(T.rectPath(x, 3, 20, 12)) }
        let r = Rasterizer()
        let e = try #require(r.buildEdgesInside(chain, transform: .identity, clip: PixelRect(x: 0, y: 0, width: 128, height: 64)))
        let c = SubpathClusters(), test = RefusingFirstPair()
        #expect(c.find(shapes: r.shapes, count: e.shapeCount, bounds: SIMD4(e.minX, e.minY, e.maxX, e.maxY), joining: test))
        #expect(c.groupCount == 1 && [c.members[0], c.members[1]] == [1, 2])
        #expect(test.asked.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 1], [1, 2]])
    }
}
