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
        for yy in r.minY..<r.maxY {
            let m = mask + (yy - y) * rowBytes + (r.minX - x)
            let d = surface.row(yy) + r.minX
            for i in 0..<r.width {
                let cov = UInt32(m[i])
                if cov == 0 { continue }
                if cov == 255 && opaque { d[i] = src; continue }
                let s = cov == 255 ? src : scale(src, cov)
                d[i] = s &+ scale(d[i], 255 &- (s >> 24))
            }
        }
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
