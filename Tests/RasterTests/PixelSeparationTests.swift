import Foundation
import Geometry
import Testing
@testable import Raster

/// Runs of subpaths whose pixel boxes meet are kept apart only when no pixel can take coverage
/// from both, whether their boxes overlap or not.
struct PixelSeparationTests {
    typealias T = RasterTestSupport
    typealias R = InclusionExclusionResolverTests

    static let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)

    /// Whether `a` and `b` (one subpath each, each a run of its own) are to be joined.
    static func mayJoin(_ a: Path, _ b: Path) throws -> Bool {
        var path = a
        path.addPath(b)
        let r = Rasterizer()
        let e = try #require(r.buildEdgesInside(path, transform: .identity, clip: clip))
        try #require(e.shapeCount == 2)
        let runs = [SubpathShape(start: 0, end: 1, convex: true, orientation: 1),
                    SubpathShape(start: 1, end: 2, convex: true, orientation: 1)]
        let pixels = [r.shapes[0].pixelBox, r.shapes[1].pixelBox]
        var sides = [SIMD2<Int64>](repeating: SIMD2(), count: 2)
        return runs.withUnsafeBufferPointer { runs in
            pixels.withUnsafeBufferPointer { pixels in
                sides.withUnsafeMutableBufferPointer { sides in
                    PixelSeparation(runs: runs.baseAddress!, shapes: r.shapes, vertices: r.vertices,
                                    pixels: pixels.baseAddress!, longestSides: sides.baseAddress!).mayJoin(0, 1)
                }
            }
        }
    }

    /// Diamonds on a diagonal whose pixel boxes meet at pixel (13, 13) but whose boxes do not:
    /// 6.8 px apart across their sides (x + y from 24 to 30.8), apart. Squares 0.2 px apart
    /// in pixel column 6: joined. Diamonds whose boxes overlap, their shapes 2.8 px apart
    /// (x + y from 24 to 28): apart.
    @Test func runsApartOnlyWhenNoPixelIsShared() throws {
        let diamond = { (cx: Double, cy: Double) in T.polygon([(cx, cy - 3), (cx + 3, cy), (cx, cy + 3), (cx - 3, cy)]) }
        #expect(try !Self.mayJoin(diamond(10.5, 10.5), diamond(16.9, 16.9)))
        #expect(try Self.mayJoin(T.rectPath(2.2, 2.2, 3.9, 3.9), T.rectPath(6.3, 2.5, 2.7, 2.5)))
        #expect(try !Self.mayJoin(diamond(10.5, 10.5), diamond(15.5, 15.5)))
    }

    /// 1,500 pairs of small turned rectangles near each other: where a pair is kept apart, no
    /// pixel has coverage from both (each drawn alone); and some pairs are kept apart whose
    /// pixel boxes meet, so the test is not empty.
    @Test func runsKeptApartShareNoCoveredPixel() throws {
        var rng = T.Random(seed: 29)
        var apartWithMeetingBoxes = 0
        for _ in 0..<1500 {
            let a = R.rotatedRect(30 + rng.range(-1, 1), 30 + rng.range(-1, 1), rng.range(2, 9), rng.range(1, 5),
                                  rng.range(-1.6, 1.6))
            let b = R.rotatedRect(30 + rng.range(-7, 7), 30 + rng.range(-7, 7), rng.range(2, 9), rng.range(1, 5),
                                  rng.range(-1.6, 1.6))
            guard try !Self.mayJoin(a, b) else { continue }
            let (ca, cb) = (Self.covered(a), Self.covered(b))
            #expect(ca.isDisjoint(with: cb), "\(ca.intersection(cb).count) pixels covered by both")
            let (ra, rb) = (Self.pixelRange(ca), Self.pixelRange(cb))
            if ra.x.overlaps(rb.x) && ra.y.overlaps(rb.y) { apartWithMeetingBoxes += 1 }
        }
        #expect(apartWithMeetingBoxes >= 20, "\(apartWithMeetingBoxes) pairs apart with meeting pixel boxes")
    }

    /// The pixels (y · 64 + x) `path` alone gives nonzero coverage.
    static func covered(_ path: Path) -> Set<Int> {
        let mask = CoverageMask(bounds: clip)
        var sink = MaskWriter(mask: mask, previous: nil)
        Rasterizer().fill(path, transform: .identity, rule: .nonZero, clip: clip, into: &sink)
        return Set((0..<(clip.width * clip.height)).filter { mask.bytes[$0] != 0 })
    }

    /// The columns and rows `pixels` span.
    static func pixelRange(_ pixels: Set<Int>) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let xs = pixels.map { $0 % 64 }, ys = pixels.map { $0 / 64 }
        return (xs.min()!...xs.max()!, ys.min()!...ys.max()!)
    }
}
