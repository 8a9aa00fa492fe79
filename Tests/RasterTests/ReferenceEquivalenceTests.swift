import Testing
import func Foundation.cos
import func Foundation.sin
import Geometry
@testable import Raster

/// The fast rasterizer (bands, span skipping, packed-lane blending, solid stores) must give
/// the same bytes as `ScalarRasterizer`, the obvious per-pixel implementation.
struct ReferenceEquivalenceTests {
    typealias T = RasterTestSupport

    static func randomPath(_ rng: inout T.Random, width: Int, height: Int) -> Path {
        var p = Path()
        let kind = rng.int(4)
        // Scale: tiny (a few px), surface-sized, or far larger than the surface.
        let span: Double = [3.0, Double(max(width, height)), Double(max(width, height)) * 4, 12][kind]
        let cx = rng.range(-10, Double(width) + 10), cy = rng.range(-10, Double(height) + 10)
        func pt(_ r: inout T.Random) -> Point { Point(x: cx + r.range(-span, span), y: cy + r.range(-span, span)) }
        let subpaths = 1 + rng.int(3)
        for _ in 0..<subpaths {
            p.move(to: pt(&rng))
            for _ in 0..<(2 + rng.int(12)) {
                switch rng.int(4) {
                case 0: p.addQuadCurve(to: pt(&rng), control: pt(&rng))
                case 1: p.addCurve(to: pt(&rng), control1: pt(&rng), control2: pt(&rng))
                default: p.addLine(to: pt(&rng))
                }
            }
            if rng.int(3) != 0 { p.closeSubpath() }
        }
        return p
    }

    static func randomPixel(_ rng: inout T.Random) -> UInt32 {
        let a = UInt32(rng.int(256))
        let r = UInt32(rng.int(Int(a) + 1)), g = UInt32(rng.int(Int(a) + 1)), b = UInt32(rng.int(Int(a) + 1))
        return a << 24 | r << 16 | g << 8 | b
    }

    func runCase(seed: UInt64, maxSize: Int) -> Int {
        var rng = T.Random(seed: seed)
        let w = 1 + rng.int(maxSize), h = 1 + rng.int(maxSize)
        let fast = Surface(width: w, height: h), ref = Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let p = PremultipliedPixel(rawValue: Self.randomPixel(&rng))
                fast.setPixel(p, x: x, y: y); ref.setPixel(p, x: x, y: y)
            }
        }
        let ctx = DrawingContext(surface: fast)
        var clip = fast.bounds
        var mask: CoverageMask? = nil
        switch rng.int(4) {
        case 0:
            let r = Rect(x: Double(rng.int(w)), y: Double(rng.int(h)), width: Double(rng.int(w + 1)), height: Double(rng.int(h + 1)))
            ctx.clip(to: r)
            clip = ctx.clipRect
        case 1:
            ctx.clip(to: Self.randomPath(&rng, width: w, height: h), rule: rng.int(2) == 0 ? .nonZero : .evenOdd)
            clip = ctx.clipRect; mask = ctx.clipMask
        default: break
        }
        let rule: FillRule = rng.int(2) == 0 ? .nonZero : .evenOdd
        let mode: BlendMode = [.sourceOver, .sourceOver, .copy, .clear][rng.int(4)]
        ctx.blendMode = mode
        let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.int(2) == 0 ? 1 : rng.unit())
        var transform = AffineTransform.identity
        if rng.int(2) == 0 {
            transform = AffineTransform(translationX: rng.range(-5, 5), y: rng.range(-5, 5))
                .rotated(by: rng.range(-3, 3)).scaledBy(x: rng.range(0.3, 2), y: rng.range(0.3, 2))
        }
        ctx.transform = transform
        let path = Self.randomPath(&rng, width: w, height: h)
        ctx.fill(path, with: .solid(color), rule: rule)
        let pixel = color.premultiplied.rawValue
        if !(pixel == 0 && mode == .sourceOver) {
            ScalarRasterizer.fill(path, transform: transform, rule: rule, clip: clip, surface: ref,
                                  pixel: pixel, mode: mode, mask: mask)
        }
        return Self.differingPixels(fast, ref)
    }

    @Test func fastPathMatchesScalarReferenceOnSmallSurfaces() {
        for seed in 1...300 as ClosedRange<UInt64> {
            let d = runCase(seed: seed, maxSize: 70)
            #expect(d == 0, "seed \(seed): \(d) pixels differ")
        }
    }

    @Test func fastPathMatchesScalarReferenceOnBandedSurfaces() {
        // Wide surfaces so large paths take several bands of ≤ 65536 cells.
        for seed in 1001...1012 as ClosedRange<UInt64> {
            let d = runCase(seed: seed, maxSize: 700)
            #expect(d == 0, "seed \(seed): \(d) pixels differ")
        }
    }

    /// Outline rings (a tribune's border: outer contour and the inner one reversed) from narrow
    /// to 512 cells wide, where the dense sweep skips the untouched interior by marked blocks,
    /// cut by the clip on either side, under both rules and translucent too.
    @Test func ringsAcrossTheBlockSweepWidthsMatchTheReference() {
        var rng = T.Random(seed: 11)
        for width in [20.3, 23.7, 31.2, 64.9, 130.4, 255.6, 509.1] {
            let differing = Self.ringPixelsOffTheReference(width: width, height: 33.3, rotation: 0.02, surfaceHeight: 40,
                                                           lowerClipHeight: 30, &rng)
            #expect(differing == 0, "ring \(width) px wide: \(differing) pixels differ")
        }
    }

    @Test func seatsMatchTheReference() {
        let fast = Surface(width: 64, height: 64), ref = Surface(width: 64, height: 64)
        fast.clear(.white); ref.clear(.white)
        let ctx = DrawingContext(surface: fast)
        var rng = T.Random(seed: 7)
        for _ in 0..<40 {
            let seat = T.seat(in: Rect(x: rng.range(0, 56), y: rng.range(0, 56), width: 8, height: 8), rotation: rng.range(-3.2, 3.2))
            let c = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit())
            ctx.fill(seat, with: .solid(c))
            ScalarRasterizer.fill(seat, transform: .identity, rule: .nonZero, clip: ref.bounds, surface: ref,
                                  pixel: c.premultiplied.rawValue, mode: .sourceOver)
        }
        let differing = Self.differingPixels(fast, ref)
        #expect(differing == 0)
    }

    /// Cycling through fewer, then more colours than the context's solid-pixel cache holds (opaque and
    /// translucent, so both the fused opaque lane and the general blend run), with seats
    /// partly outside the surface (the clipping fallback), still matches the reference.
    @Test func cyclingColoursAndEdgeSeatsMatchTheReference() {
        let fast = Surface(width: 48, height: 40), ref = Surface(width: 48, height: 40)
        fast.clear(.white); ref.clear(.white)
        let ctx = DrawingContext(surface: fast)
        let colours = [Color(red: 0.3, green: 0.69, blue: 0.31), Color(red: 0.62, green: 0.62, blue: 0.62),
                       Color(red: 0.13, green: 0.59, blue: 0.95), Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.5),
                       Color(red: 0.1, green: 0.1, blue: 0.1), Color(red: 1, green: 0.8, blue: 0, alpha: 0.75)]
        var rng = T.Random(seed: 11)
        for i in 0..<90 {
            let seat = T.seat(in: Rect(x: rng.range(-6, 46), y: rng.range(-6, 38), width: 8, height: 8),
                              rotation: rng.range(-3.2, 3.2))
            // Three colours (cache hits), then all six (misses, evictions).
            let c = colours[i < 45 ? i % 3 : i % colours.count]
            ctx.fill(seat, with: .solid(c))
            ScalarRasterizer.fill(seat, transform: .identity, rule: .nonZero, clip: ref.bounds, surface: ref,
                                  pixel: c.premultiplied.rawValue, mode: .sourceOver)
        }
        let differing = Self.differingPixels(fast, ref)
        #expect(differing == 0)
    }

    /// Rings wider than one 64-block bitmap word (512 cells), so marked runs cross word
    /// boundaries: one dense band (40 rows) and banded (200 rows, several bands), both rules,
    /// clipped on either side.
    @Test func wideRingsAcrossBitmapWordsMatchTheReference() {
        var rng = T.Random(seed: 23)
        for (width, height) in [(700.6, 33.3), (1100.3, 33.3), (1030.5, 190.2)] {
            let differing = Self.ringPixelsOffTheReference(width: width, height: height, rotation: 0.003,
                                                           surfaceHeight: Int(height) + 8, lowerClipHeight: Int(height) + 8, &rng)
            #expect(differing == 0, "ring \(width)×\(height): \(differing) pixels differ")
        }
    }

    /// A rectangular ring (the outer rect as `addRect` winds it, the inner one the other way: a
    /// hole under both rules) `width` × `height` px, tilted by `rotation`, drawn three times —
    /// unclipped and cut by the clip on either side (the right-hand clip from row 5,
    /// `lowerClipHeight` rows) — with a random rule and colour (opaque or translucent) each
    /// time: the pixels where `DrawingContext` differs from `ScalarRasterizer`.
    static func ringPixelsOffTheReference(width: Double, height: Double, rotation: Double, surfaceHeight h: Int,
                                          lowerClipHeight: Int, _ rng: inout T.Random) -> Int {
        let w = Int(width) + 12
        let fast = Surface(width: w, height: h), ref = Surface(width: w, height: h)
        fast.clear(.white); ref.clear(.white)
        var ring = T.rectPath(3.4, 2.6, width, height)
        ring.addPath(T.polygon([(5.1, 4.45), (5.1, height + 0.75), (width + 1.7, height + 0.75), (width + 1.7, 4.45)]))
        let tilt = AffineTransform(translationX: 0, y: 1.5).rotated(by: rotation)
        for clip in [fast.bounds, PixelRect(x: 0, y: 0, width: w / 2, height: h),
                     PixelRect(x: w / 3, y: 5, width: w, height: lowerClipHeight)] {
            let rule: FillRule = rng.int(2) == 0 ? .nonZero : .evenOdd
            let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.int(2) == 0 ? 1 : 0.6)
            let ctx = DrawingContext(surface: fast)
            ctx.clip(to: Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.width), height: Double(clip.height)))
            ctx.transform = tilt
            ctx.fill(ring, with: .solid(color), rule: rule)
            ScalarRasterizer.fill(ring, transform: tilt, rule: rule, clip: ctx.clipRect, surface: ref,
                                  pixel: color.premultiplied.rawValue, mode: .sourceOver)
        }
        return differingPixels(fast, ref)
    }

    /// A block of seats drawn as one path (the batched scene's form) over a surface wide and tall
    /// enough to be banded matches the reference.
    @Test func aBatchOfSeatsAsOnePathMatchesTheReference() {
        let w = 700, h = 260
        var rng = T.Random(seed: 31)
        var batch = Path()
        for _ in 0..<600 {
            batch.addPath(T.seat(in: Rect(x: rng.range(-4, Double(w) - 4), y: rng.range(-4, Double(h) - 4), width: 8, height: 8),
                                 rotation: rng.range(-3.2, 3.2)))
        }
        #expect(Self.pixelsOffTheReference(batch, color: Color(red: 0.3, green: 0.69, blue: 0.31), width: w, height: h) == 0)
    }

    /// Blocks of seats as one path over a surface too large for one dense band, packed so some
    /// neighbours overlap (groups resolved by inclusion–exclusion), some only share pixels and
    /// some stand alone (diamonds: parts of one subpath; pairs of squares: a group alone):
    /// resolved and drawn part by part (`fillByParts`), it matches the reference.
    @Test func seatBlocksDrawnPartByPartMatchTheReference() {
        let w = 720, h = 200
        for (pitch, rule) in [(8.0, FillRule.nonZero), (9.5, .nonZero), (12.0, .nonZero), (8.0, .evenOdd)] {
            var block = Path()
            var rng = T.Random(seed: UInt64(pitch * 10))
            let columns = Int(Double(w - 12) / pitch), rows = Int(Double(h - 12) / pitch)
            for i in 0..<(columns * rows) where rng.int(5) != 0 {
                let r = Rect(x: 3 + Double(i % columns) * pitch + rng.unit() * 0.7,
                             y: 3 + Double(i / columns) * pitch + rng.unit() * 0.7, width: 8, height: 8)
                if pitch == 12 && i % 2 == 0 {
                    // A lone diamond instead: a part of its own (one subpath).
                    let (x, y) = (r.minX + 4, r.minY + 4)
                    block.addPath(T.polygon([(x, y - 3.3), (x + 3.1, y), (x, y + 3.2), (x - 3.4, y)]))
                } else if pitch == 12 && i % 3 == 1 {
                    // Two overlapping squares: a resolver group that is a part of its own.
                    block.addPath(T.rectPath(r.minX + 0.3, r.minY + 0.6, 5.2, 4.9))
                    block.addPath(T.rectPath(r.minX + 2.1, r.minY + 2.4, 5.3, 5.1))
                } else {
                    block.addPath(T.seat(in: r, rotation: rng.range(-0.6, 0.6)))
                }
            }
            let differing = Self.pixelsOffTheReference(block, color: Color(red: 0.13, green: 0.59, blue: 0.95), rule: rule,
                                                       width: w, height: h)
            #expect(differing == 0, "pitch \(pitch) \(rule): \(differing) pixels differ")
        }
    }

    /// A resolver group is drawn from where its edges lie when its subpaths follow each other
    /// and it fits one dense band, and gathered otherwise: pairs of overlapping squares (in
    /// place), pairs with a lone diamond built between them (members apart: gathered) and a
    /// chain of 60 overlapping squares larger than a dense band (gathered, then banded), each
    /// a part of its own. All match the reference.
    @Test func resolverGroupsDrawnInPlaceOrGatheredMatchTheReference() {
        let w = 720, h = 220
        var block = Path()
        for i in 0..<60 {
            // 60 squares 12 px wide, 10.3 px apart: neighbours overlap, the box is 620 × 115 px.
            block.addPath(T.rectPath(4.3 + Double(i) * 10.3, 2.6 + Double(i) * 1.7, 12, 12.4))
        }
        // (Few units, so the parts' grid is coarse enough for the chain's box.)
        for i in 0..<8 {
            let x = 6.4 + Double(i) * 88, y = 160.2 + Double(i % 3) * 13
            block.addPath(T.rectPath(x, y, 9.2, 8.9))
            if i % 2 == 1 {
                // A diamond between the squares, just right of their pixel box: the group's
                // members apart. (Its edges, drawn in the group's band, would land a row lower
                // in the box's empty bottom-left corner.)
                block.addPath(T.polygon([(x + 17, y + 8.2), (x + 18.6, y + 9.8), (x + 17, y + 11.4), (x + 15.4, y + 9.8)]))
            }
            block.addPath(T.rectPath(x + 4.1, y + 3.3, 8.7, 9.6))
        }
        #expect(Self.pixelsOffTheReference(block, color: Color(red: 0.61, green: 0.16, blue: 0.69), width: w, height: h) == 0)
    }

    /// Rows of 90 squares whose pixel boxes meet their neighbours' (no overlap) are parts of 180
    /// subpaths, more than one resolve takes: each square's smaller square, poking out below it,
    /// is a group of two resolved on its own. Where the smaller squares reach the next square
    /// instead, a row is one group of 180, too large for the resolver: every row so, and the
    /// whole path goes to the sweep; rows 5 and 11 so, and rows 0 … 4 are drawn part by part,
    /// the rest as a path of its own (`RasterizerPartsTests.rows`). All match the reference.
    @Test func partsLargerThanOneResolveMatchTheReference() {
        let w = 740, h = 150
        for chained in [Set<Int>(), Set(0..<12), [5, 11]] {
            let block = RasterizerPartsTests.rows(12, chained: chained)
            let differing = Self.pixelsOffTheReference(block, color: Color(red: 0.3, green: 0.69, blue: 0.31), width: w, height: h)
            #expect(differing == 0, "chained rows \(chained.sorted()): \(differing) pixels differ")
        }
    }

    /// 1,440 seats drawn as stars (a rod cut along one side each by a back and a squab,
    /// `InclusionExclusionResolver.subtractFromCentres`), each beside two squares overlapping at
    /// a corner (no star) whose pixel box meets the seat's: parts of two groups. The one pass
    /// resolves each group alone, the seat as a star; so must the part (one resolve of both took
    /// the seat by pairs too, into other edges: 248 pixels differed).
    @Test func starsBesideOtherGroupsInOnePartMatchTheReference() {
        let w = 860, h = 360
        var rng = T.Random(seed: 5)
        var block = Path()
        for i in 0..<(24 * 60) {
            let cx = 8 + Double(i % 60) * 14 + rng.unit() * 0.5, cy = 8 + Double(i / 60) * 14 + rng.unit() * 0.5
            let angle = rng.range(-0.7, 0.7), (c, s) = (cos(angle), sin(angle))
            let rects = [(cx + 1.95 * s, cy - 1.95 * c, 6.0, 3.5), (cx, cy, 1.8, 0.9), (cx - 1.95 * s, cy + 1.95 * c, 6, 3.5)]
            for (x, y, rw, rh) in rects { block.addPath(InclusionExclusionResolverTests.rotatedRect(x, y, rw, rh, angle)) }
            // 0.35 px right of the seat's rightmost corner; or, every other seat, over the top-right
            // corner of its box (the squares' boxes overlapping the seat's).
            let right = rects.map { $0.0 + abs(c) * $0.2 / 2 + abs(s) * $0.3 / 2 }.max()!
            let top = rects.map { $0.1 - abs(s) * $0.2 / 2 - abs(c) * $0.3 / 2 }.min()!
            let (x, y) = i % 2 == 0 ? (right + 0.35, cy - 2) : (right - 0.5, top - 2.5)
            block.addPath(T.rectPath(x, y, 3, 3))
            block.addPath(T.rectPath(x + 1.5, y + 1.5, 3, 3))
        }
        let differing = Self.pixelsOffTheReference(block, color: Color(red: 0.13, green: 0.59, blue: 0.95), width: w, height: h)
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// The pixels where `path` filled with `color` over white by `DrawingContext` differs from
    /// `ScalarRasterizer`'s fill, on a `width × height` surface.
    static func pixelsOffTheReference(_ path: Path, color: Color, rule: FillRule = .nonZero, width w: Int, height h: Int) -> Int {
        let fast = Surface(width: w, height: h), ref = Surface(width: w, height: h)
        fast.clear(.white); ref.clear(.white)
        DrawingContext(surface: fast).fill(path, with: .solid(color), rule: rule)
        ScalarRasterizer.fill(path, transform: .identity, rule: rule, clip: ref.bounds, surface: ref,
                              pixel: color.premultiplied.rawValue, mode: .sourceOver)
        return Self.differingPixels(fast, ref)
    }

    /// How many pixels of `fast` differ from `ref` (same size).
    static func differingPixels(_ fast: Surface, _ ref: Surface) -> Int {
        var differing = 0
        for y in 0..<fast.height { for x in 0..<fast.width where fast.pixel(x: x, y: y) != ref.pixel(x: x, y: y) { differing += 1 } }
        return differing
    }
}
