/// Blends a colour through an 8-bit coverage mask into 32-bit premultiplied pixels, with
/// Raster's source-over arithmetic (so a mask equal to the rasterizer's coverage gives the
/// rasterizer's pixels): a pixel is unpacked into four 16-bit lanes of a `UInt64`
/// (`00AA 00GG 00RR 00BB`), one multiply scales all four channels, and every division by 255
/// rounds exactly, `(x + 128 + ((x + 128) >> 8)) >> 8`.
enum SeatMaskBlender {
    static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF

    @inline(__always) static func unpack(_ p: UInt32) -> UInt64 {
        let v = UInt64(p)
        return (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
    }

    @inline(__always) static func pack(_ x: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (x & 0x00FF_00FF) | ((x >> 24) & 0xFF00_FF00))
    }

    @inline(__always) static func div255(_ x: UInt64) -> UInt64 {
        let t = x &+ 0x0080_0080_0080_0080
        return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
    }

    /// `s` scaled by coverage `c`, then source-over `d` (premultiplied, valid input).
    @inline(__always) static func sourceOver(_ s: UInt32, coverage c: UInt32, _ d: UInt32) -> UInt32 {
        let sc = c == 255 ? s : pack(div255(unpack(s) &* UInt64(c)))
        let ia = 255 &- (sc >> 24)
        if ia == 0 { return sc }
        if ia == 255 { return d }
        return pack(unpack(sc) &+ div255(unpack(d) &* UInt64(ia)))
    }

    /// Blends `color` through the `width × height` mask `mask` (row-major) whose pixel (0, 0)
    /// lands on buffer pixel (`x`, `y`), limited to the buffer rect `clip`.
    @inline(__always)
    static func blend(mask: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int, clip: PixelRectBox,
                      color: UInt32, base: UnsafeMutableRawPointer, stride: Int) {
        let x0 = Swift.max(x, clip.x0), x1 = Swift.min(x &+ width, clip.x1)
        let y0 = Swift.max(y, clip.y0), y1 = Swift.min(y &+ height, clip.y1)
        if x0 >= x1 || y0 >= y1 { return }
        let opaque = color >> 24 == 255
        let s = unpack(color)
        var yy = y0
        while yy < y1 {
            let m = mask + ((yy &- y) &* width &- x)
            let d = (base + yy &* stride).assumingMemoryBound(to: UInt32.self)
            var xx = x0
            while xx < x1 {
                let c = UInt32(m[xx])
                if c != 0 {
                    if opaque {
                        // An opaque colour: one blend, d + (s − d)·c/255, rounded once.
                        d[xx] = c == 255 ? color : pack(div255(s &* UInt64(c) &+ unpack(d[xx]) &* UInt64(255 &- c)))
                    } else {
                        d[xx] = sourceOver(color, coverage: c, d[xx])
                    }
                }
                xx &+= 1
            }
            yy &+= 1
        }
    }
}

/// A clip box in buffer pixels: `x0 ..< x1`, `y0 ..< y1` (plain integers for hot loops).
struct PixelRectBox {
    var x0: Int, y0: Int, x1: Int, y1: Int
}
