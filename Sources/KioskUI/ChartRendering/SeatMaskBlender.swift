import Raster

/// Blends a colour pattern through an 8-bit coverage mask into 32-bit premultiplied pixels,
/// with Raster's arithmetic (`Compositor`: a translucent colour source-over, an opaque one in
/// place of the pixel at its coverage, every division by 255 rounded exactly; the vector paths
/// compute the same in 16-bit lanes).
///
/// The colour comes from a pattern tile (`SeatPattern` as pixels, `TileShape`): `period` rows
/// of `row` pixels, buffer pixel (x, y) taking `tile[(y & mask) · row + (x & mask)]`; each row
/// holds its `period` pixels twice, so four consecutive pixels are one unaligned load from any
/// x. A plain colour is a tile of one colour: no branch per pixel either way.
enum SeatMaskBlender {
    /// A tile's geometry for patterns of `scale` px per pattern pixel: a period of 8·scale
    /// (a power of two, so the hot loops index with a mask).
    struct TileShape: Equatable {
        /// Device pixels per pattern pixel (1, 2, 4 or 8).
        let scale: Int
        /// Rows, and pixels before the pattern repeats along a row.
        var period: Int { 8 &* scale }
        var mask: Int { period &- 1 }
        /// Pixels per row (the period twice).
        var row: Int { 2 &* period }
        /// Pixels per tile.
        var size: Int { period &* row }
        static let standard = TileShape(scale: 1)
    }
    /// The standard (1 px per pattern pixel) tile's row and size.
    static let tileRow = TileShape.standard.row
    static let tileSize = TileShape.standard.size

    /// The tile of `pattern` with premultiplied pixels `fill` and `ink`, its (0, 0) at buffer
    /// pixel `origin` (mod the period), in `shape`, appended to `tiles`.
    static func appendTile(_ pattern: SeatPattern, fill: UInt32, ink: UInt32, origin: (x: Int, y: Int) = (0, 0),
                           shape: TileShape = .standard, to tiles: inout [UInt32]) {
        for y in 0..<shape.period {
            for x in 0..<shape.row {
                tiles.append(pattern.isInk(x: x - origin.x, y: y - origin.y, scale: shape.scale) ? ink : fill)
            }
        }
    }

    /// Blends the pattern `tile` (all of one alpha) through the `width × height` mask `mask`
    /// (row-major) whose pixel (0, 0) lands on buffer pixel (`x`, `y`), limited to the buffer
    /// rect `clip`.
    @inline(__always)
    static func blend(mask: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int, clip: PixelRectBox,
                      tile: UnsafePointer<UInt32>, shape: TileShape = .standard, base: UnsafeMutableRawPointer, stride: Int) {
        let x0 = Swift.max(x, clip.x0), x1 = Swift.min(x &+ width, clip.x1)
        let y0 = Swift.max(y, clip.y0), y1 = Swift.min(y &+ height, clip.y1)
        if x0 >= x1 || y0 >= y1 { return }
        let opaque = tile[0] >> 24 == 255
        let tmask = shape.mask, trow = shape.row
        var yy = y0
        while yy < y1 {
            let m = mask + ((yy &- y) &* width &- x)
            let d = (base + yy &* stride).assumingMemoryBound(to: UInt32.self)
            let colors = tile + ((yy & tmask) &* trow)
            var xx = x0
            while xx < x1 {
                let c = UInt32(m[xx])
                if c != 0 {
                    let color = colors[xx & tmask]
                    // An opaque colour: one blend, d + (s − d)·c/255, rounded once.
                    d[xx] = opaque ? Compositor.copy(color, coverage: c, d[xx]) : Compositor.sourceOver(color, coverage: c, d[xx])
                }
                xx &+= 1
            }
            yy &+= 1
        }
    }
}

extension SeatMaskBlender {
    /// Widest mask (px) `blendOpaque` takes: one 8-byte load per mask row.
    static let rowLoadWidth = 8

    /// The mask row at `row` (`width` ≤ 8 coverage bytes, pixel k in byte k) as one 8-byte
    /// load, the bytes past the width cleared: the caller guarantees 8 readable bytes there
    /// (`SeatMaskCache` pads its arena), whatever they hold.
    @inline(__always) static func maskRow(_ row: UnsafePointer<UInt8>, widthMask: UInt64) -> UInt64 {
        UnsafeRawPointer(row).loadUnaligned(as: UInt64.self) & widthMask
    }

    /// The mask bytes kept for a row `width` (1…8) pixels wide.
    @inline(__always) static func widthMask(_ width: Int) -> UInt64 {
        width >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: 8 &* width)) &- 1
    }

    /// Four coverage bytes (pixel k in byte k) as blend lanes: each pixel's coverage in both
    /// 16-bit lanes of its 32-bit slot, so the blend multiplies channel pairs (B R, G A).
    @inline(__always) static func lanes(_ c: UInt32) -> SIMD8<UInt16> {
        let b = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(c, to: SIMD4<UInt8>.self))
        return unsafeBitCast(b | (b &<< 16), to: SIMD8<UInt16>.self)
    }

    /// `blend` for an opaque pattern `tile` through a `width × height` byte mask (row-major,
    /// `width` ≤ `rowLoadWidth`, 8 readable bytes from every row's start): a group of four pixels
    /// inside `clip` blends in one pass — `d + (s − d)·c/255` per channel pair, rounded as
    /// `div255` — and the rest pixel by pixel, so the bytes equal `blend`'s. Pixels past the
    /// mask's width get coverage 0 and keep their value (they are inside `clip`, so no other
    /// thread writes them). Reading the mask's bytes, not rows widened ahead of time, keeps the
    /// masks of a 4K chart in L2.
    @inline(__always)
    static func blendOpaque(mask: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int, clip: PixelRectBox,
                            tile: UnsafePointer<UInt32>, shape: TileShape = .standard,
                            base: UnsafeMutableRawPointer, stride: Int) {
        let tmask = shape.mask, rowBytes = shape.row &* 4
        let keep = widthMask(width)
        // The common case (a dot or a small seat inside its tile): one vector per row.
        if width <= 4 && x >= clip.x0 && x &+ 4 <= clip.x1 {
            let y0 = Swift.max(y, clip.y0), y1 = Swift.min(y &+ height, clip.y1)
            let low = SIMD8<UInt16>(repeating: 0x00FF)
            var row = mask + (y0 &- y) &* width
            var p = base + y0 &* stride + x &* 4
            let colors = UnsafeRawPointer(tile + (x & tmask))
            var yy = y0
            while yy < y1 {
                let sv = colors.loadUnaligned(fromByteOffset: (yy & tmask) &* rowBytes, as: SIMD8<UInt16>.self)
                let c = UInt32(truncatingIfNeeded: maskRow(row, widthMask: keep))
                blendVector(lanes(c), at: p, sEven: sv & low, sOdd: sv &>> 8)
                row += width; p += stride; yy &+= 1
            }
            return
        }
        // A seat of five to eight pixels inside its tile (4K's home view): two vectors per row.
        if width <= 8 && x >= clip.x0 && x &+ 8 <= clip.x1 {
            let y0 = Swift.max(y, clip.y0), y1 = Swift.min(y &+ height, clip.y1)
            let low = SIMD8<UInt16>(repeating: 0x00FF)
            var row = mask + (y0 &- y) &* width
            var p = base + y0 &* stride + x &* 4
            let colors = UnsafeRawPointer(tile + (x & tmask))
            var yy = y0
            while yy < y1 {
                let offset = (yy & tmask) &* rowBytes
                let sv0 = colors.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt16>.self)
                let sv1 = colors.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD8<UInt16>.self)
                let c = maskRow(row, widthMask: keep)
                blendVector(lanes(UInt32(truncatingIfNeeded: c)), at: p, sEven: sv0 & low, sOdd: sv0 &>> 8)
                blendVector(lanes(UInt32(truncatingIfNeeded: c >> 32)), at: p + 16, sEven: sv1 & low, sOdd: sv1 &>> 8)
                row += width; p += stride; yy &+= 1
            }
            return
        }
        blendOpaqueClipped(mask: mask, width: width, height: height, x: x, y: y, clip: clip, tile: tile, shape: shape,
                           base: base, stride: stride)
    }

    /// Four pixels at `p` ← `d + (s − d)·c/255` per channel pair (`c`: coverage lanes; `sEven`,
    /// `sOdd`: the colour's B R and G A bytes in 16-bit lanes).
    @inline(__always)
    static func blendVector(_ c: SIMD8<UInt16>, at p: UnsafeMutableRawPointer, sEven: SIMD8<UInt16>, sOdd: SIMD8<UInt16>) {
        let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 128)
        let w = p.loadUnaligned(as: SIMD8<UInt16>.self)
        let ic = low &- c
        var e = (w & low) &* ic &+ sEven &* c &+ half
        var o = (w &>> 8) &* ic &+ sOdd &* c &+ half
        e = (e &+ (e &>> 8)) &>> 8
        o = (o &+ (o &>> 8)) &>> 8
        p.storeBytes(of: e | (o &<< 8), as: SIMD8<UInt16>.self)
    }

    /// `blendOpaque` for a mask whose group of four or eight pixels crosses the clip's sides.
    @inline(never)
    static func blendOpaqueClipped(mask: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int,
                                   clip: PixelRectBox, tile: UnsafePointer<UInt32>, shape: TileShape,
                                   base: UnsafeMutableRawPointer, stride: Int) {
        let y0 = Swift.max(y, clip.y0), y1 = Swift.min(y &+ height, clip.y1)
        if y0 >= y1 || x >= clip.x1 || x &+ width <= clip.x0 { return }
        let tmask = shape.mask, trow = shape.row
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let keep = widthMask(width)
        var yy = y0
        while yy < y1 {
            let row = maskRow(mask + (yy &- y) &* width, widthMask: keep)
            let d = base + yy &* stride
            let colors = tile + ((yy & tmask) &* trow)
            var v = 0
            while v &* 4 < width {
                let px = x &+ v &* 4
                let c = UInt32(truncatingIfNeeded: row >> UInt64(truncatingIfNeeded: 32 &* v))
                if px >= clip.x0 && px &+ 4 <= clip.x1 {
                    let sv = UnsafeRawPointer(colors + (px & tmask)).loadUnaligned(as: SIMD8<UInt16>.self)
                    blendVector(lanes(c), at: d + px &* 4, sEven: sv & low, sOdd: sv &>> 8)
                } else {
                    let pixels = d.assumingMemoryBound(to: UInt32.self)
                    for k in 0..<4 {
                        let xx = px &+ k
                        let cov = (c >> UInt32(8 &* k)) & 0xFF
                        if cov == 0 || xx < clip.x0 || xx >= clip.x1 { continue }
                        let color = colors[xx & tmask]
                        pixels[xx] = Compositor.copy(color, coverage: cov, pixels[xx])
                    }
                }
                v &+= 1
            }
            yy &+= 1
        }
    }
}

/// A clip box in buffer pixels: `x0 ..< x1`, `y0 ..< y1` (plain integers for hot loops).
struct PixelRectBox {
    var x0: Int, y0: Int, x1: Int, y1: Int
}
