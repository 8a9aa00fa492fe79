import CScanout
import Raster

/// Copies rectangles of a shadow `Surface` (logical, rotated size, ordinary cached memory) into
/// scanout memory of the device size with the kernel's pitch, rotating on the way. It only ever
/// writes the destination — dumb buffers are write-combined and reading them is very slow.
/// Pixels are copied as they are: premultiplied 0xAARRGGBB is XRGB8888's byte order.
public enum ShadowCopier {
    /// Copies logical `rect` (clipped to the shadow) from `shadow` into `destination`, a
    /// `deviceWidth`×`deviceHeight` buffer with `pitch` bytes per row. Returns the device rect
    /// written (empty when nothing was).
    /// - Precondition: the device size is the shadow's size turned by `rotation`; `pitch ≥ deviceWidth·4`.
    @discardableResult
    public static func copy(_ rect: PixelRect, from shadow: Surface, rotation: DRMRotation,
                            to destination: UnsafeMutableRawPointer, pitch: Int,
                            deviceWidth: Int, deviceHeight: Int) -> PixelRect {
        let lw = shadow.width, lh = shadow.height
        let expected = rotation.logicalSize(deviceWidth: deviceWidth, deviceHeight: deviceHeight)
        precondition(expected.width == lw && expected.height == lh && pitch >= deviceWidth * 4,
                     "shadow \(lw)×\(lh) does not match device \(deviceWidth)×\(deviceHeight) at \(rotation)")
        let r = rect.intersection(shadow.bounds)
        if r.isEmpty { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let d = rotation.deviceRect(r, logicalWidth: lw, logicalHeight: lh)
        let src = shadow.baseAddress, sStride = shadow.stride
        let s = src.assumingMemoryBound(to: UInt32.self), sp = sStride / 4
        switch rotation {
        case .r0:
            for y in r.minY..<r.maxY {
                tribune_stream_row((destination + y * pitch + r.x * 4).assumingMemoryBound(to: UInt32.self),
                                   s + y * sp + r.x, r.width)
            }
        case .r180:
            // device (dx, dy) ← logical (lw-1-dx, lh-1-dy): each row reversed.
            for y in r.minY..<r.maxY {
                tribune_stream_row_reversed((destination + (lh - 1 - y) * pitch + d.minX * 4).assumingMemoryBound(to: UInt32.self),
                                            s + y * sp + r.minX, r.width)
            }
        case .r90, .r270:
            // Device row dy is a logical column: walk 64×64 tiles so the strided shadow reads of
            // one tile stay in cache.
            let tile = 64
            var ty = d.minY
            while ty < d.maxY {
                let ey = min(ty + tile, d.maxY)
                var tx = d.minX
                while tx < d.maxX {
                    let ex = min(tx + tile, d.maxX)
                    let o = (destination + ty * pitch + tx * 4).assumingMemoryBound(to: UInt32.self)
                    if rotation == .r90 {
                        // device (dx, dy) ← logical (x: dy, y: lh-1-dx)
                        tribune_transpose_block(o, pitch, s + (lh - 1 - tx) * sp + ty, -sp, 1, ey - ty, ex - tx)
                    } else {
                        // device (dx, dy) ← logical (x: lw-1-dy, y: dx)
                        tribune_transpose_block(o, pitch, s + tx * sp + (lw - 1 - ty), sp, -1, ey - ty, ex - tx)
                    }
                    tx = ex
                }
                ty = ey
            }
        }
        tribune_stream_fence()
        return d
    }
}
