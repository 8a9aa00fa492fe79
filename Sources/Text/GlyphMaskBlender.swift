import Raster

/// Composites a colour through an 8-bit coverage mask into a `Surface`: premultiplied
/// source-over, every product rounded exactly (x·m/255 to nearest), clipped to a rectangle.
public enum GlyphMaskBlender {
    /// Blends `color` through `mask` (`width`×`height` bytes, `rowBytes` apart; 0 transparent,
    /// 255 full coverage) with the mask's top-left at pixel (`x`, `y`) of `surface`, touching
    /// only pixels inside `clip` and the surface.
    public static func blend(mask: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int,
                             color: PremultipliedPixel, into surface: Surface, x: Int, y: Int, clip: PixelRect) {
        let r = PixelRect(x: x, y: y, width: width, height: height).intersection(clip).intersection(surface.bounds)
        guard !r.isEmpty, color.rawValue != 0 else { return }
        let src = color.rawValue
        let opaque = src >> 24 == 255
        let source = SIMD4<UInt32>(repeating: src)
        for yy in r.minY..<r.maxY {
            let m = mask + (yy - y) * rowBytes + (r.minX - x)
            let d = surface.row(yy) + r.minX
            // Four pixels at a time. The formula needs no per-pixel cases: scale by 255 is the
            // identity and by 0 gives 0, so uncovered lanes keep their pixel exactly and the
            // bytes equal the pixel loop's below. Whole groups of 0 or of opaque 255 skip it.
            var i = 0
            while i &+ 4 <= r.width {
                let m4 = UnsafeRawPointer(m + i).loadUnaligned(as: UInt32.self)
                if m4 == 0 { i &+= 4; continue }
                let p = UnsafeMutableRawPointer(d + i)
                if m4 == ~0 && opaque {
                    p.storeBytes(of: source, as: SIMD4<UInt32>.self)
                } else {
                    let cov = SIMD4<UInt32>(m4 & 0xFF, (m4 >> 8) & 0xFF, (m4 >> 16) & 0xFF, m4 >> 24)
                    let s = scale(source, cov)
                    let old = p.loadUnaligned(as: SIMD4<UInt32>.self)
                    p.storeBytes(of: s &+ scale(old, SIMD4(repeating: 255) &- (s &>> 24)), as: SIMD4<UInt32>.self)
                }
                i &+= 4
            }
            while i < r.width {
                defer { i &+= 1 }
                let cov = UInt32(m[i])
                if cov == 0 { continue }
                if cov == 255 && opaque { d[i] = src; continue }
                let s = cov == 255 ? src : scale(src, cov)
                d[i] = s &+ scale(d[i], 255 &- (s >> 24))
            }
        }
    }

    /// `scale` of four pixels, each by its own lane of `m` (0…255).
    @inline(__always)
    static func scale(_ p: SIMD4<UInt32>, _ m: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let low = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
        var rb = (p & low) &* m &+ half
        rb = ((rb &+ ((rb &>> 8) & low)) &>> 8) & low
        var ag = ((p &>> 8) & low) &* m &+ half
        ag = (ag &+ ((ag &>> 8) & low)) & SIMD4(repeating: 0xFF00_FF00)
        return rb | ag
    }

    /// Each channel of `p` times `m`/255, rounded to nearest, two channels per 32-bit lane pair.
    @inline(__always)
    static func scale(_ p: UInt32, _ m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }
}
