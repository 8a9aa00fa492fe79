import Geometry
import Raster

/// Draws an in-flight pinch or rotate frame by resampling the back buffer: every screen pixel
/// maps back into content space through one affine transform and takes the bilinear blend of
/// the four nearest content pixels (16.16 fixed-point stepping along rows, 8-bit weights, all
/// four channels at once in 16-bit lanes of a `UInt64`). Pixels whose source lies outside
/// `valid` get the background.
enum TileResampler {
    /// - Parameters:
    ///   - screenToContent: screen px → content px.
    ///   - valid: content rect whose pixels are in the grid (the last exact frame's window).
    static func resample(_ grid: TileGrid, screenToContent a: AffineTransform, valid: PixelRect, background: UInt32,
                         into surface: Surface, workers: RowBandWorkers) {
        let height = surface.height, width = surface.width
        let band = 16
        let bands = (height + band - 1) / band
        let bufferWidth = grid.columns * grid.tileSize, bufferHeight = grid.rows * grid.tileSize
        let one = 65536.0
        let stepX = Int((a.a * one).rounded()), stepY = Int((a.b * one).rounded())
        let vx0 = valid.minX, vy0 = valid.minY, vx1 = valid.maxX - 1, vy1 = valid.maxY - 1
        let sx0 = TileGrid.mod(vx0, bufferWidth), sy0 = TileGrid.mod(vy0, bufferHeight)
        let base = grid.buffer.baseAddress, stride = grid.buffer.stride
        let mask = SeatMaskBlender.laneMask
        workers.run(count: bands) { _, k in
            let yEnd = Swift.min(height, (k + 1) * band)
            var y = k * band
            while y < yEnd {
                let out = surface.row(y)
                // Source of this row's first pixel centre, minus half a pixel (bilinear taps).
                let fx = a.a * 0.5 + a.c * (Double(y) + 0.5) + a.tx - 0.5
                let fy = a.b * 0.5 + a.d * (Double(y) + 0.5) + a.ty - 0.5
                var ux = Int((fx * one).rounded(.down)), uy = Int((fy * one).rounded(.down))
                for x in 0..<width {
                    let ix = ux >> 16, iy = uy >> 16
                    if ix < vx0 || ix >= vx1 || iy < vy0 || iy >= vy1 {
                        out[x] = background
                    } else {
                        var bx = ix - vx0 + sx0
                        if bx >= bufferWidth { bx -= bufferWidth }
                        var by = iy - vy0 + sy0
                        if by >= bufferHeight { by -= bufferHeight }
                        let bx1 = bx + 1 == bufferWidth ? 0 : bx + 1
                        let by1 = by + 1 == bufferHeight ? 0 : by + 1
                        let r0 = (base + by * stride).assumingMemoryBound(to: UInt32.self)
                        let r1 = (base + by1 * stride).assumingMemoryBound(to: UInt32.self)
                        let wx = UInt64((ux >> 8) & 255), wy = UInt64((uy >> 8) & 255)
                        let p00 = SeatMaskBlender.unpack(r0[bx]), p01 = SeatMaskBlender.unpack(r0[bx1])
                        let p10 = SeatMaskBlender.unpack(r1[bx]), p11 = SeatMaskBlender.unpack(r1[bx1])
                        let top = ((p00 &* (256 &- wx) &+ p01 &* wx) >> 8) & mask
                        let bottom = ((p10 &* (256 &- wx) &+ p11 &* wx) >> 8) & mask
                        out[x] = SeatMaskBlender.pack(((top &* (256 &- wy) &+ bottom &* wy) >> 8) & mask)
                    }
                    ux &+= stepX; uy &+= stepY
                }
                y += 1
            }
        }
    }
}
