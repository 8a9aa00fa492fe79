import CScanout
import Geometry

extension Surface {
    /// Copies `rect` of this upright picture (clipped to it) into `destination`, a panel buffer
    /// of `deviceWidth`×`deviceHeight` px with `pitch` bytes per row, turned clockwise by
    /// `rotation` on the way: with 90°, upright pixel (x, y) lands at panel pixel
    /// (height − 1 − y, x). Returns the panel rect written (empty when nothing was).
    ///
    /// The one pixel-turning routine, for scanout memory and ordinary surfaces alike. It only
    /// ever writes the destination, with streaming stores: dumb buffers are mapped
    /// write-combined and reading them is very slow. Pixels are copied as they are
    /// (premultiplied 0xAARRGGBB is XRGB8888's byte order).
    /// - Precondition: the panel's size is this surface's size turned by `rotation`;
    ///   `pitch ≥ deviceWidth·4`.
    @discardableResult
    public func copy(_ rect: PixelRect, turnedBy rotation: DisplayRotation,
                     to destination: UnsafeMutableRawPointer, pitch: Int,
                     deviceWidth: Int, deviceHeight: Int) -> PixelRect {
        let lw = width, lh = height
        let expected = rotation.logicalSize(deviceWidth: deviceWidth, deviceHeight: deviceHeight)
        precondition(expected.width == lw && expected.height == lh && pitch >= deviceWidth * 4,
                     "surface \(lw)×\(lh) does not match panel \(deviceWidth)×\(deviceHeight) at \(rotation)")
        let r = rect.intersection(bounds)
        if r.isEmpty { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let d = rotation.deviceRect(r, logicalWidth: lw, logicalHeight: lh)
        let s = baseAddress.assumingMemoryBound(to: UInt32.self), sp = stride / 4
        switch rotation {
        case .degrees0:
            for y in r.minY..<r.maxY {
                tribune_stream_row((destination + y * pitch + r.x * 4).assumingMemoryBound(to: UInt32.self),
                                   s + y * sp + r.x, r.width)
            }
        case .degrees180:
            // panel (dx, dy) ← upright (lw-1-dx, lh-1-dy): each row reversed.
            for y in r.minY..<r.maxY {
                tribune_stream_row_reversed((destination + (lh - 1 - y) * pitch + d.minX * 4).assumingMemoryBound(to: UInt32.self),
                                            s + y * sp + r.minX, r.width)
            }
        case .degrees90, .degrees270:
            // Panel row dy is an upright column: walk 64×64 tiles so the strided reads of one
            // tile stay in cache.
            let tile = 64
            var ty = d.minY
            while ty < d.maxY {
                let ey = min(ty + tile, d.maxY)
                var tx = d.minX
                while tx < d.maxX {
                    let ex = min(tx + tile, d.maxX)
                    let o = (destination + ty * pitch + tx * 4).assumingMemoryBound(to: UInt32.self)
                    if rotation == .degrees90 {
                        // panel (dx, dy) ← upright (x: dy, y: lh-1-dx)
                        tribune_transpose_block(o, pitch, s + (lh - 1 - tx) * sp + ty, -sp, 1, ey - ty, ex - tx)
                    } else {
                        // panel (dx, dy) ← upright (x: lw-1-dy, y: dx)
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

    /// Copies this whole upright picture into `panel` turned clockwise by `rotation`, as the
    /// panel shows it (see `copy(_:turnedBy:to:pitch:deviceWidth:deviceHeight:)`). `panel` must
    /// be `height`×`width` for 90/270 and `width`×`height` otherwise; other sizes are left untouched.
    public func turn(by rotation: DisplayRotation, into panel: Surface) {
        let (pw, ph) = rotation.logicalSize(deviceWidth: width, deviceHeight: height)
        guard panel.width == pw, panel.height == ph else { return }
        copy(bounds, turnedBy: rotation, to: panel.baseAddress, pitch: panel.stride,
             deviceWidth: pw, deviceHeight: ph)
    }
}
