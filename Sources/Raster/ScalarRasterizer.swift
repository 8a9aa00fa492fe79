import Geometry

/// The reference rasterizer: the same coverage math as `Rasterizer` (shared `EdgeBuilder` and
/// `CoverageAccumulator`, and `Rasterizer.preparedEdges` for the edges) done the obvious way — one cell buffer for the whole clip, every
/// pixel swept, every channel blended separately with plain integer arithmetic, no bands, no
/// span skipping, no packed lanes. The fast path must produce bit-identical pixels.
enum ScalarRasterizer {
    /// Fills `path` through `transform` with a solid premultiplied `pixel`, limited to `clip`
    /// (∩ the surface), through `mask` when given.
    static func fill(_ path: Path, transform: AffineTransform, rule: FillRule, clip rawClip: PixelRect,
                     surface: Surface, pixel: UInt32, mode: BlendMode, mask: CoverageMask? = nil) {
        fill(path, transform: transform, rule: rule, clip: rawClip, surface: surface, mode: mode, mask: mask) { _, _ in pixel }
    }

    /// `fill` with the premultiplied source pixel of each target pixel (x, y) from `source`.
    static func fill(_ path: Path, transform: AffineTransform, rule: FillRule, clip rawClip: PixelRect,
                     surface: Surface, mode: BlendMode, mask: CoverageMask? = nil,
                     source: (_ x: Int, _ y: Int) -> UInt32) {
        let clip = Rasterizer.addressable(rawClip.intersection(surface.bounds))
        guard !clip.isEmpty, transform.isFinite else { return }
        // Edge building and overlap resolution are shared with the fast path (they decide the
        // geometry); everything after them is done the obvious way here.
        let rasterizer = Rasterizer()
        let e = rasterizer.preparedEdges(path, transform: transform, rule: rule, clip: clip)
        let edges = rasterizer.edges
        let stride = clip.width + 2
        // (+1: a piece's third cell, 0 for one column, may follow the last row; `coverPiece`.)
        var cells = [Int32](repeating: 0, count: stride * clip.height + 1)
        var rowMin = [Int32](repeating: 0, count: clip.height)
        var rowMax = [Int32](repeating: 0, count: clip.height)
        cells.withUnsafeMutableBufferPointer { c in
            rowMin.withUnsafeMutableBufferPointer { lo in
                rowMax.withUnsafeMutableBufferPointer { hi in
                    for i in 0..<e.count {
                        CoverageAccumulator.accumulate(edge: edges[i], rowBegin: Int32(clip.minY),
                                                       rowEnd: Int32(clip.maxY), cells: c.baseAddress!,
                                                       originX: clip.minX, originY: Int32(clip.minY), stride: stride,
                                                       rowMin: lo.baseAddress!, rowMax: hi.baseAddress!)
                    }
                }
            }
        }
        for y in clip.minY..<clip.maxY {
            var acc: Int32 = 0
            for x in clip.minX..<clip.maxX {
                acc = acc &+ cells[(y - clip.minY) * stride + x - clip.minX]
                var c = rule == .evenOdd ? CoverageAccumulator.evenOddAlpha(acc) : CoverageAccumulator.nonZeroAlpha(acc)
                if let m = mask { c = div255(c * UInt32(m.value(x: x, y: y))) }
                if c == 0 { continue }
                let d = surface.pixel(x: x, y: y).rawValue
                surface.setPixel(PremultipliedPixel(rawValue: blend(mode, source(x, y), coverage: c, d)), x: x, y: y)
            }
        }
    }

    static func div255(_ x: UInt32) -> UInt32 { (x + 128 + ((x + 128) >> 8)) >> 8 }

    static func channel(_ p: UInt32, _ k: UInt32) -> UInt32 { (p >> (8 * k)) & 0xFF }

    /// Per-channel Porter–Duff with coverage (see `Compositor` for the formulas).
    static func blend(_ mode: BlendMode, _ s: UInt32, coverage c: UInt32, _ d: UInt32) -> UInt32 {
        var out: UInt32 = 0
        switch mode {
        case .sourceOver:
            let sa = c == 255 ? channel(s, 3) : div255(channel(s, 3) * c)
            for k: UInt32 in 0..<4 {
                let sk = c == 255 ? channel(s, k) : div255(channel(s, k) * c)
                out |= Swift.min(255, sk + div255(channel(d, k) * (255 - sa))) << (8 * k)
            }
        case .copy:
            for k: UInt32 in 0..<4 {
                let v = c == 255 ? channel(s, k) : div255(channel(s, k) * c + channel(d, k) * (255 - c))
                out |= v << (8 * k)
            }
        case .clear:
            for k: UInt32 in 0..<4 {
                out |= (c == 255 ? 0 : div255(channel(d, k) * (255 - c))) << (8 * k)
            }
        }
        return out
    }
}
