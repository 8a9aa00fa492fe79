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
        switch rotation {
        case .r0:
            let bytes = r.width * 4
            for y in r.minY..<r.maxY {
                (destination + y * pitch + r.x * 4).copyMemory(from: src + y * sStride + r.x * 4, byteCount: bytes)
            }
        case .r180:
            for y in r.minY..<r.maxY {
                let s = (src + y * sStride).assumingMemoryBound(to: UInt32.self)
                let o = (destination + (lh - 1 - y) * pitch).assumingMemoryBound(to: UInt32.self)
                for x in r.minX..<r.maxX { o[lw - 1 - x] = s[x] }
            }
        case .r90, .r270:
            // Device row dy is a logical column: walk 32×32 tiles so the strided shadow reads of
            // one tile stay in a few cache lines.
            let sp = sStride / 4
            let s = src.assumingMemoryBound(to: UInt32.self)
            let tile = 64
            var ty = d.minY
            while ty < d.maxY {
                let ey = min(ty + tile, d.maxY)
                var tx = d.minX
                while tx < d.maxX {
                    let ex = min(tx + tile, d.maxX)
                    for dy in ty..<ey {
                        let o = (destination + dy * pitch).assumingMemoryBound(to: UInt32.self)
                        if rotation == .r90 {
                            // device (dx, dy) ← logical (x: dy, y: lh-1-dx)
                            var si = (lh - 1 - tx) * sp + dy
                            for dx in tx..<ex { o[dx] = s[si]; si -= sp }
                        } else {
                            // device (dx, dy) ← logical (x: lw-1-dy, y: dx)
                            var si = tx * sp + (lw - 1 - dy)
                            for dx in tx..<ex { o[dx] = s[si]; si += sp }
                        }
                    }
                    tx = ex
                }
                ty = ey
            }
        }
        return d
    }
}
