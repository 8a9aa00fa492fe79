/// Where `fusedOpaqueOver` takes its opaque premultiplied source pixels.
protocol OpaqueQuadSource {
    /// Pixels `i ..< i + 4`.
    func quad(_ i: Int) -> SIMD4<UInt32>
    /// Pixel `i`.
    func pixel(_ i: Int) -> UInt32
}

/// One opaque pixel everywhere (a solid paint).
struct SolidQuads: OpaqueQuadSource {
    let quadValue: SIMD4<UInt32>
    let value: UInt32
    init(_ pixel: UInt32) { value = pixel; quadValue = SIMD4(repeating: pixel) }
    @inline(__always) func quad(_ i: Int) -> SIMD4<UInt32> { quadValue }
    @inline(__always) func pixel(_ i: Int) -> UInt32 { value }
}

/// A run of opaque pixels (a shader's span, shaded beforehand).
struct PixelQuads: OpaqueQuadSource {
    let pixels: UnsafePointer<UInt32>
    init(pixels: UnsafeMutablePointer<UInt32>) { self.pixels = UnsafePointer(pixels) }
    @inline(__always) func quad(_ i: Int) -> SIMD4<UInt32> {
        UnsafeRawPointer(pixels + i).loadUnaligned(as: SIMD4<UInt32>.self)
    }
    @inline(__always) func pixel(_ i: Int) -> UInt32 { pixels[i] }
}

extension SpanBlender {
    /// The fused `accumulatedRows` of an opaque solid source over (`fusedOpaqueOver` a row),
    /// with the band's loop state in registers: a seat's box is a few rows of a few pixels, so
    /// the work around each row's call weighed as much as its blend.
    @inline(__always)
    mutating func accumulatedRows(_ rows: Range<Int>, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>,
                                  trailing: Int, evenOdd: Bool) -> Bool {
        guard !evenOdd && opaqueSolidOver else { return false }
        let source = SolidQuads(solid)
        var pixels = UnsafeMutableRawPointer(row(rows.lowerBound) + x), cellRow = cells
        for y in rows {
            let acc = fusedOpaqueOver(pixels.assumingMemoryBound(to: UInt32.self), count: count, cells: cellRow,
                                      source: source)
            if _slowPath(acc != 0) && trailing > 0 {
                let a = CoverageAccumulator.nonZeroAlpha(acc)
                if a != 0 { constantSpan(y: y, x: x &+ count, count: trailing, alpha: a) }
            }
            pixels += stride
            cellRow += count
        }
        return true
    }

    /// Fused prefix sum and opaque source-over, four cells at a time: the running sums and
    /// their nonzero coverage c in `SIMD4<Int32>` lanes, then four pixels blended as channel
    /// pairs in 16-bit lanes — an opaque source scaled by c has alpha exactly c, so source-over
    /// is s·c/255 + d·(255 − c)/255, each rounded (the formulas of `blendSolid`'s opaque case
    /// and of `Compositor.sourceOver`) — with coverage 0 skipped and 255 stored; the remainder
    /// pixel by pixel. Same bytes as the unfused path (`ScalarRasterizer` is the reference).
    /// Zeroes the `count` cells and returns the final sum.
    @inline(__always)
    func fusedOpaqueOver<Source: OpaqueQuadSource>(_ d: UnsafeMutablePointer<UInt32>, count: Int,
                                                   cells: UnsafeMutablePointer<Int32>, source: Source) -> Int32 {
        var acc: Int32 = 0
        var i = 0
        if count >= 4 {
            let low = SIMD8<UInt16>(repeating: 0x00FF)
            let none = SIMD4<Int32>(), full = SIMD4<Int32>(repeating: 255)
            while i &+ 4 <= count {
                let a = CoverageAccumulator.nonZeroAlpha4(cells + i, acc: &acc)
                if a == none { i &+= 4; continue }
                let p = UnsafeMutableRawPointer(d + i)
                let q = source.quad(i)
                if a == full {
                    p.storeBytes(of: q, as: SIMD4<UInt32>.self)
                } else {
                    let sv = unsafeBitCast(q, to: SIMD8<UInt16>.self)
                    let c = unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self)
                    let ic = low &- c
                    let w = p.loadUnaligned(as: SIMD8<UInt16>.self)
                    // (Each sum is at most 255: s·c/255 rounds to at most c, d·(255 − c)/255 to
                    // at most 255 − c, so nothing carries out of a channel.)
                    let e = Compositor.div255((sv & low) &* c) &+ Compositor.div255((w & low) &* ic)
                    let o = Compositor.div255((sv &>> 8) &* c) &+ Compositor.div255((w &>> 8) &* ic)
                    p.storeBytes(of: e | (o &<< 8), as: SIMD8<UInt16>.self)
                }
                i &+= 4
            }
        }
        while i < count {
            acc &+= cells[i]; cells[i] = 0
            if acc != 0 {
                let c = CoverageAccumulator.nonZeroAlpha(acc)
                if c == 255 { d[i] = source.pixel(i) } else if c != 0 {
                    d[i] = Compositor.opaqueOver(source.pixel(i), coverage: c, d[i])
                }
            }
            i &+= 1
        }
        return acc
    }
}
