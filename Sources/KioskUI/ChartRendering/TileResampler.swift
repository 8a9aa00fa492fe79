import Geometry
import Raster

/// Draws an in-flight pinch or rotate frame by resampling the back buffer: every screen pixel
/// maps back into content space through one affine transform and takes the bilinear blend of
/// the four nearest content pixels (16.16 fixed-point stepping along rows, 8-bit weights, all
/// four channels at once in 16-bit lanes of a `UInt64`). Pixels whose source lies outside
/// `valid` get the background. Nearest-pixel sampling is the default for in-flight frames
/// (bilinear costs about 40 operations per pixel, too many for a 1080p frame in a few ms here).
enum TileResampler {
    /// The pixels x in 0..<width whose 16.16 coordinate `u + x·step` lies, whole part, surely in
    /// `lo...hi`: a conservative interval (one pixel shrunk at each end); nil when there is none.
    @inline(__always)
    static func interval(_ u: Int, _ step: Int, _ lo: Int, _ hi: Int, _ width: Int) -> Range<Int>? {
        let a = Double(lo) * 65536 - Double(u), b = Double(hi + 1) * 65536 - Double(u)
        var x0: Double, x1: Double
        if step == 0 {
            guard a <= 0 && b > 0 else { return nil }
            return 0..<width
        } else if step > 0 {
            x0 = a / Double(step); x1 = b / Double(step)
        } else {
            x0 = b / Double(step); x1 = a / Double(step)
        }
        x0 = (x0.rounded(.up) + 1); x1 = (x1.rounded(.down) - 1)
        guard x0.isFinite, x1.isFinite else { return nil }
        let s = Int(Swift.max(0, Swift.min(Double(width), x0))), e = Int(Swift.max(0, Swift.min(Double(width), x1)))
        return s < e ? s..<e : nil
    }

    /// - Parameters:
    ///   - screenToContent: screen px → content px.
    ///   - valid: content rect whose pixels are in the grid (the last exact frame's window).
    ///   - smooth: bilinear (true) or nearest pixel (false, about four times cheaper).
    ///   - testsEveryPixel: test every pixel against `valid`, no untested interior (the
    ///     reference the tests compare the interior against).
    static func resample(_ grid: TileGrid, screenToContent a: AffineTransform, valid: PixelRect, background: UInt32,
                         smooth: Bool, into surface: Surface, workers: RowBandWorkers, testsEveryPixel: Bool = false) {
        let height = surface.height
        let band = 16
        let bands = (height + band - 1) / band
        let g = Steps(grid, a, valid)
        workers.run(count: bands) { _, k in
            let rows = k * band..<Swift.min(height, (k + 1) * band)
            if smooth {
                bilinear(rows: rows, g, screenToContent: a, background: background, into: surface)
            } else {
                nearest(rows: rows, g, screenToContent: a, background: background, into: surface,
                        testsEveryPixel: testsEveryPixel)
            }
        }
    }

    /// What both samplers take from the mapping, `valid` and the grid, in their integer forms.
    struct Steps {
        /// Source step per screen pixel along a row, 16.16.
        let stepX: Int, stepY: Int
        /// `valid`'s first pixel and its last minus its first (an unsigned compare tests both ends).
        let vx0: Int, vy0: Int, vw: UInt, vh: UInt
        let base: UnsafeMutableRawPointer, stride: Int
        /// Content px → buffer px (the ring: `TileGrid`).
        let wMask: Int, hMask: Int

        init(_ grid: TileGrid, _ a: AffineTransform, _ valid: PixelRect) {
            stepX = Int((a.a * 65536).rounded()); stepY = Int((a.b * 65536).rounded())
            vx0 = valid.minX; vy0 = valid.minY
            vw = UInt(Swift.max(0, valid.maxX - 1 - valid.minX)); vh = UInt(Swift.max(0, valid.maxY - 1 - valid.minY))
            base = grid.buffer.baseAddress; stride = grid.buffer.stride
            wMask = grid.columns * grid.tileSize - 1; hMask = grid.rows * grid.tileSize - 1
        }
    }

    /// A row's first pixel's 16.16 source and the columns whose source needs no test.
    struct RowStart {
        var ux: Int, uy: Int
        var untested: Range<Int>
    }

    /// The bilinear rows `rows` of `resample`.
    static func bilinear(rows: Range<Int>, _ g: Steps, screenToContent a: AffineTransform, background: UInt32,
                         into surface: Surface) {
        let width = surface.width, one = 65536.0
        let mask = Compositor.laneMask
        for y in rows {
            let out = surface.row(y)
            // Source of this row's first pixel centre, minus half a pixel (bilinear taps).
            let fx = a.a * 0.5 + a.c * (Double(y) + 0.5) + a.tx - 0.5
            let fy = a.b * 0.5 + a.d * (Double(y) + 0.5) + a.ty - 0.5
            var ux = Int((fx * one).rounded(.down)), uy = Int((fy * one).rounded(.down))
            for x in 0..<width {
                let ix = ux >> 16, iy = uy >> 16
                if UInt(bitPattern: ix &- g.vx0) >= g.vw || UInt(bitPattern: iy &- g.vy0) >= g.vh {
                    out[x] = background
                } else {
                    let bx = ix & g.wMask, by = iy & g.hMask
                    let bx1 = (ix &+ 1) & g.wMask, by1 = (iy &+ 1) & g.hMask
                    let r0 = (g.base + by &* g.stride).assumingMemoryBound(to: UInt32.self)
                    let r1 = (g.base + by1 &* g.stride).assumingMemoryBound(to: UInt32.self)
                    let wx = UInt64((ux >> 8) & 255), wy = UInt64((uy >> 8) & 255)
                    let p00 = Compositor.unpack(r0[bx]), p01 = Compositor.unpack(r0[bx1])
                    let p10 = Compositor.unpack(r1[bx]), p11 = Compositor.unpack(r1[bx1])
                    let top = ((p00 &* (256 &- wx) &+ p01 &* wx) >> 8) & mask
                    let bottom = ((p10 &* (256 &- wx) &+ p11 &* wx) >> 8) & mask
                    out[x] = Compositor.pack(((top &* (256 &- wy) &+ bottom &* wy) >> 8) & mask)
                }
                ux &+= g.stepX; uy &+= g.stepY
            }
        }
    }

    /// Screen columns drawn together across a band's rows when the view is turned: a turned row
    /// walks across the content's rows, a new cache line every few pixels, and the next row
    /// needs nearly the same lines again — gone from the first-level cache by then when rows
    /// are drawn whole (4K rotate frames took 15–21 ms, 4 ms unturned). 64 columns × a band's
    /// 16 rows read a few dozen lines, each loaded once.
    static let turnedColumns = 64

    /// The nearest-pixel rows `rows` of `resample`: each pixel takes the content pixel that
    /// contains its mapped centre, in column blocks of `turnedColumns` when the view is turned
    /// (the same pixels as row by row: every pixel's 16.16 source is its row's start plus
    /// x steps, exactly).
    static func nearest(rows: Range<Int>, _ g: Steps, screenToContent a: AffineTransform, background: UInt32,
                        into surface: Surface, testsEveryPixel: Bool) {
        let width = surface.width, one = 65536.0
        let turned = g.stepY != 0 || a.c != 0
        let columns = turned ? turnedColumns : Swift.max(width, 1)
        withUnsafeTemporaryAllocation(of: RowStart.self, capacity: rows.count) { row in
            // Per row: its first pixel's 16.16 source (x, y) and the columns whose source surely
            // lies inside `valid` (an interval, as the source moves in a straight line; found
            // in floating point and shrunk by a pixel each side), which need no test.
            for (r, y) in rows.enumerated() {
                let fx = a.a * 0.5 + a.c * (Double(y) + 0.5) + a.tx
                let fy = a.b * 0.5 + a.d * (Double(y) + 0.5) + a.ty
                let ux = Int((fx * one).rounded(.down)), uy = Int((fy * one).rounded(.down))
                var inner = 0..<0
                if !testsEveryPixel, let ax = interval(ux, g.stepX, g.vx0, g.vx0 + Int(g.vw), width),
                   let ay = interval(uy, g.stepY, g.vy0, g.vy0 + Int(g.vh), width) {
                    let lo = Swift.max(ax.lowerBound, ay.lowerBound), hi = Swift.min(ax.upperBound, ay.upperBound)
                    if lo < hi { inner = lo..<hi }
                }
                row.initializeElement(at: r, to: RowStart(ux: ux, uy: uy, untested: inner))
            }
            var cx0 = 0
            while cx0 < width {
                let cx1 = Swift.min(width, cx0 &+ columns)
                for (r, y) in rows.enumerated() {
                    let out = surface.row(y)
                    let start = row[r]
                    var ux = start.ux &+ cx0 &* g.stepX, uy = start.uy &+ cx0 &* g.stepY
                    let fastLo = Swift.max(start.untested.lowerBound, cx0), fastHi = Swift.min(start.untested.upperBound, cx1)
                    var x = cx0
                    while x < cx1 {
                        if x == fastLo && fastLo < fastHi {
                            while x < fastHi {
                                out[x] = (g.base + ((uy >> 16) & g.hMask) &* g.stride).assumingMemoryBound(to: UInt32.self)[(ux >> 16) & g.wMask]
                                ux &+= g.stepX; uy &+= g.stepY; x &+= 1
                            }
                            continue
                        }
                        let ix = ux >> 16, iy = uy >> 16
                        if UInt(bitPattern: ix &- g.vx0) > g.vw || UInt(bitPattern: iy &- g.vy0) > g.vh {
                            out[x] = background
                        } else {
                            out[x] = (g.base + (iy & g.hMask) &* g.stride).assumingMemoryBound(to: UInt32.self)[ix & g.wMask]
                        }
                        ux &+= g.stepX; uy &+= g.stepY; x &+= 1
                    }
                }
                cx0 = cx1
            }
        }
    }
}
