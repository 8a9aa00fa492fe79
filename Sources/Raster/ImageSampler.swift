import Geometry

/// Bilinear sampling of a premultiplied surface through an affine map, for
/// `DrawingContext.drawImage`: pixel centres of the target map back into the image, and the
/// four nearest image pixel centres are blended with 8-bit weights; outside the image the edge
/// pixels extend (the drawn rect's anti-aliased edge does the cut-off).
struct ImageSampler {
    let image: Surface
    /// Target pixel space → image pixel space.
    let inverse: AffineTransform

    /// Writes `count` samples for target pixel centres (x + i + ½, y + ½).
    func sample(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { out.update(repeating: 0, count: count); return }
        let t = inverse
        let py = Double(y) + 0.5
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            // Image coordinates relative to pixel centres.
            let u = t.a * px + t.c * py + t.tx - 0.5
            let v = t.b * px + t.d * py + t.ty - 0.5
            guard u.isFinite, v.isFinite else { out[i] = 0; continue }
            let uc = Swift.min(Swift.max(u, -1), Double(w)), vc = Swift.min(Swift.max(v, -1), Double(h))
            let fu = uc.rounded(.down), fv = vc.rounded(.down)
            let wx = UInt64((uc - fu) * 256), wy = UInt64((vc - fv) * 256)
            let x0 = Swift.min(Swift.max(Int(fu), 0), w - 1), x1 = Swift.min(Swift.max(Int(fu) + 1, 0), w - 1)
            let y0 = Swift.min(Swift.max(Int(fv), 0), h - 1), y1 = Swift.min(Swift.max(Int(fv) + 1, 0), h - 1)
            let r0 = image.row(y0), r1 = image.row(y1)
            let top = lerp(Compositor.unpack(r0[x0]), Compositor.unpack(r0[x1]), wx)
            let bottom = lerp(Compositor.unpack(r1[x0]), Compositor.unpack(r1[x1]), wx)
            out[i] = Compositor.pack(lerp(top, bottom, wy))
        }
    }

    /// Lane-wise a + (b − a)·w/256 for unpacked pixels, w in 0…256.
    @inline(__always) private func lerp(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 &- w) &+ b &* w) >> 8) & Compositor.laneMask
    }
}
