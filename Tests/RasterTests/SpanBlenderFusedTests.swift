import Testing
import Geometry
@testable import Raster

/// The fused sum-and-blend (`SpanBlender.fusedOpaqueOver`) under an opaque tiled pattern (the
/// chart's tribunes) gives the bytes of the per-pixel reference: `ScalarRasterizer` with each
/// pixel's texel worked out here from the tile and its offset.
struct SpanBlenderFusedTests {
    typealias T = RasterTestSupport

    /// Opaque texels (alpha 255, any colour: premultiplied stays valid).
    static func opaqueTile(_ rng: inout T.Random, width: Int, height: Int) -> [[UInt32]] {
        (0..<height).map { _ in
            (0..<width).map { _ in 0xFF00_0000 | UInt32(rng.int(256)) << 16 | UInt32(rng.int(256)) << 8 | UInt32(rng.int(256)) }
        }
    }

    /// Pixels that differ from the reference, and pixels of partial coverage (neither the
    /// background nor the texel) the fill left, for one random case.
    func runCase(seed: UInt64, maxSize: Int) -> (differing: Int, partial: Int) {
        var rng = T.Random(seed: seed)
        let w = 1 + rng.int(maxSize), h = 1 + rng.int(maxSize)
        let fast = Surface(width: w, height: h), ref = Surface(width: w, height: h)
        var background = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let p = ReferenceEquivalenceTests.randomPixel(&rng)
                background[y * w + x] = p
                fast.setPixel(PremultipliedPixel(rawValue: p), x: x, y: y)
                ref.setPixel(PremultipliedPixel(rawValue: p), x: x, y: y)
            }
        }
        let tw = 1 + rng.int(9), th = 1 + rng.int(5)
        let texels = Self.opaqueTile(&rng, width: tw, height: th)
        let tile = Surface(width: tw, height: th)
        for (v, row) in texels.enumerated() { for (u, p) in row.enumerated() { tile.row(v)[u] = p } }
        // A whole-pixel offset (the chart's case): device pixel (x, y) shows texel
        // ((x − ox) mod tw, (y − oy) mod th).
        let ox = rng.int(41) - 20, oy = rng.int(41) - 20
        let pattern = ImagePattern(image: tile, transform: AffineTransform(translationX: Double(ox), y: Double(oy)))
        func texel(_ x: Int, _ y: Int) -> UInt32 {
            texels[((y - oy) % th + th) % th][((x - ox) % tw + tw) % tw]
        }

        let ctx = DrawingContext(surface: fast)
        if rng.int(3) == 0 {
            ctx.clip(to: Rect(x: Double(rng.int(w)), y: Double(rng.int(h)), width: Double(rng.int(w + 1)),
                              height: Double(rng.int(h + 1))))
        }
        let clip = ctx.clipRect
        let rule: FillRule = rng.int(4) == 0 ? .evenOdd : .nonZero
        let path = ReferenceEquivalenceTests.randomPath(&rng, width: w, height: h)
        ctx.fill(path, with: .image(pattern), rule: rule)
        ScalarRasterizer.fill(path, transform: .identity, rule: rule, clip: clip, surface: ref, mode: .sourceOver,
                              source: texel)

        var differing = 0, partial = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = fast.pixel(x: x, y: y).rawValue
                if p != ref.pixel(x: x, y: y).rawValue { differing += 1 }
                if p != background[y * w + x] && p != texel(x, y) { partial += 1 }
            }
        }
        return (differing, partial)
    }

    /// Every case of `seeds` matches the reference, and together they reach the blend of
    /// partial coverage, not only stores and skips.
    func expectMatches(seeds: ClosedRange<UInt64>, maxSize: Int) {
        var partial = 0
        for seed in seeds {
            let r = runCase(seed: seed, maxSize: maxSize)
            #expect(r.differing == 0, "seed \(seed): \(r.differing) pixels differ")
            partial += r.partial
        }
        #expect(partial > 2_000, "\(partial) pixels of partial coverage")
    }

    @Test func opaquePatternFillsMatchTheReference() { expectMatches(seeds: 1...200, maxSize: 90) }

    /// Wide surfaces: large paths take the marked-block sweep, whose runs of touched blocks go
    /// through the fused blend.
    @Test func wideOpaquePatternFillsMatchTheReference() { expectMatches(seeds: 501...512, maxSize: 700) }
}
