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
        let height = surface.height, width = surface.width
        let band = 16
        let bands = (height + band - 1) / band
        let bufferWidth = grid.columns * grid.tileSize, bufferHeight = grid.rows * grid.tileSize
        let one = 65536.0
        let stepX = Int((a.a * one).rounded()), stepY = Int((a.b * one).rounded())
        let vx0 = valid.minX, vy0 = valid.minY, vx1 = valid.maxX - 1, vy1 = valid.maxY - 1
        let base = grid.buffer.baseAddress, stride = grid.buffer.stride
        let mask = SeatMaskBlender.laneMask
        let wMask = bufferWidth - 1, hMask = bufferHeight - 1
        let vw = UInt(Swift.max(0, vx1 - vx0)), vh = UInt(Swift.max(0, vy1 - vy0))
        workers.run(count: bands) { _, k in
            let yEnd = Swift.min(height, (k + 1) * band)
            var y = k * band
            while y < yEnd {
                let out = surface.row(y)
                if smooth {
                    // Source of this row's first pixel centre, minus half a pixel (bilinear taps).
                    let fx = a.a * 0.5 + a.c * (Double(y) + 0.5) + a.tx - 0.5
                    let fy = a.b * 0.5 + a.d * (Double(y) + 0.5) + a.ty - 0.5
                    var ux = Int((fx * one).rounded(.down)), uy = Int((fy * one).rounded(.down))
                    for x in 0..<width {
                        let ix = ux >> 16, iy = uy >> 16
                        if UInt(bitPattern: ix &- vx0) >= vw || UInt(bitPattern: iy &- vy0) >= vh {
                            out[x] = background
                        } else {
                            let bx = ix & wMask, by = iy & hMask
                            let bx1 = (ix &+ 1) & wMask, by1 = (iy &+ 1) & hMask
                            let r0 = (base + by &* stride).assumingMemoryBound(to: UInt32.self)
                            let r1 = (base + by1 &* stride).assumingMemoryBound(to: UInt32.self)
                            let wx = UInt64((ux >> 8) & 255), wy = UInt64((uy >> 8) & 255)
                            let p00 = SeatMaskBlender.unpack(r0[bx]), p01 = SeatMaskBlender.unpack(r0[bx1])
                            let p10 = SeatMaskBlender.unpack(r1[bx]), p11 = SeatMaskBlender.unpack(r1[bx1])
                            let top = ((p00 &* (256 &- wx) &+ p01 &* wx) >> 8) & mask
                            let bottom = ((p10 &* (256 &- wx) &+ p11 &* wx) >> 8) & mask
                            out[x] = SeatMaskBlender.pack(((top &* (256 &- wy) &+ bottom &* wy) >> 8) & mask)
                        }
                        ux &+= stepX; uy &+= stepY
                    }
                } else {
                    // Nearest pixel: the source pixel containing the mapped pixel centre.
                    let fx = a.a * 0.5 + a.c * (Double(y) + 0.5) + a.tx
                    let fy = a.b * 0.5 + a.d * (Double(y) + 0.5) + a.ty
                    var ux = Int((fx * one).rounded(.down)), uy = Int((fy * one).rounded(.down))
                    // Where the whole row's source surely lies inside `valid` (an interval, as the
                    // source moves in a straight line; found in floating point and shrunk by a
                    // pixel each side), pixels need no test; the ends keep it.
                    var inner = 0..<0
                    if !testsEveryPixel, let ax = interval(ux, stepX, vx0, vx0 + Int(vw), width), let ay = interval(uy, stepY, vy0, vy0 + Int(vh), width) {
                        let lo = Swift.max(ax.lowerBound, ay.lowerBound), hi = Swift.min(ax.upperBound, ay.upperBound)
                        if lo < hi { inner = lo..<hi }
                    }
                    var x = 0
                    while x < width {
                        if x == inner.lowerBound && !inner.isEmpty {
                            while x < inner.upperBound {
                                out[x] = (base + ((uy >> 16) & hMask) &* stride).assumingMemoryBound(to: UInt32.self)[(ux >> 16) & wMask]
                                ux &+= stepX; uy &+= stepY; x &+= 1
                            }
                            continue
                        }
                        let ix = ux >> 16, iy = uy >> 16
                        if UInt(bitPattern: ix &- vx0) > vw || UInt(bitPattern: iy &- vy0) > vh {
                            out[x] = background
                        } else {
                            out[x] = (base + (iy & hMask) &* stride).assumingMemoryBound(to: UInt32.self)[ix & wMask]
                        }
                        ux &+= stepX; uy &+= stepY; x &+= 1
                    }
                }
                y += 1
            }
        }
    }
}
