import Geometry

/// Samples an `ImagePattern` for device pixels: device → texel mapping prepared once, then
/// bilinear filtering with pixman's 7-bit weights (exact texels for integer translations).
/// With `.none` the pattern is transparent outside and bilinear taps that fall outside read
/// transparent (cairo's EXTEND_NONE); `.pad` repeats the edge texels; `.repeat` wraps within
/// the source rectangle.
struct ImageSampler {
    let image: Surface
    /// Device → texel coordinates (texel (i, j) covers [i, i+1)×[j, j+1)).
    let m: AffineTransform
    /// The source rectangle in texels.
    let x0: Int, y0: Int, w: Int, h: Int
    let extend: ImagePattern.Extend
    /// Opacity as 0…255 (255: unchanged).
    let alpha: UInt32
    /// Set when `m` is a pure integer translation: texel = device + offset.
    let integerOffset: (x: Int, y: Int)?

    init?(pattern p: ImagePattern, userToDevice: AffineTransform, opacity: Double) {
        let iw = p.image.width, ih = p.image.height
        guard iw > 0, ih > 0, p.scale.isFinite, p.scale > 0, p.transform.isFinite else { return nil }
        let src = p.sourceRect.standardized
        guard src.origin.isFinite, src.size.isFinite else { return nil }
        func clampX(_ v: Double) -> Int { Int(Swift.max(0, Swift.min(Double(iw), (v * Double(iw)).rounded()))) }
        func clampY(_ v: Double) -> Int { Int(Swift.max(0, Swift.min(Double(ih), (v * Double(ih)).rounded()))) }
        x0 = clampX(src.minX); y0 = clampY(src.minY)
        w = clampX(src.maxX) - x0; h = clampY(src.maxY) - y0
        guard w > 0, h > 0 else { return nil }
        let patternToDevice = p.transform.concatenating(userToDevice)
        let det = patternToDevice.determinant
        guard det != 0, det.isFinite else { return nil }
        m = patternToDevice.inverted()
            .concatenating(AffineTransform(scaleX: 1 / p.scale, y: 1 / p.scale))
            .concatenating(AffineTransform(translationX: Double(x0), y: Double(y0)))
        image = p.image
        extend = p.extend
        alpha = UInt32((Swift.max(0, Swift.min(1, opacity)) * 255).rounded())
        if m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx == m.tx.rounded(), m.ty == m.ty.rounded(),
           abs(m.tx) < 1e9, abs(m.ty) < 1e9 {
            integerOffset = (Int(m.tx), Int(m.ty))
        } else {
            integerOffset = nil
        }
    }

    /// The texel at (i, j) of the source rectangle's plane, wrapped or transparent outside.
    @inline(__always) func texel(_ i: Int, _ j: Int) -> UInt32 {
        var u = i - x0, v = j - y0
        switch extend {
        case .repeat:
            u %= w; if u < 0 { u += w }
            v %= h; if v < 0 { v += h }
        case .pad:
            u = Swift.min(Swift.max(u, 0), w - 1)
            v = Swift.min(Swift.max(v, 0), h - 1)
        case .none:
            if u < 0 || u >= w || v < 0 || v >= h { return 0 }
        }
        return image.row(y0 + v)[x0 + u]
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        if let o = integerOffset {
            for i in 0..<count { out[i] = texel(x + i + o.x, y + o.y) }
        } else {
            let fx = Double(x) + 0.5, fy = Double(y) + 0.5
            // Sample positions relative to the texel grid (centres at +0.5).
            var sx = m.a * fx + m.c * fy + m.tx - 0.5
            var sy = m.b * fx + m.d * fy + m.ty - 0.5
            let fw = Double(w), fh = Double(h), fx0 = Double(x0), fy0 = Double(y0)
            for i in 0..<count {
                var gx = sx, gy = sy
                sx += m.a; sy += m.b
                switch extend {
                case .repeat:
                    // Reduce into one period first so huge coordinates stay exact integers.
                    gx = fx0 + (gx - fx0) - ((gx - fx0) / fw).rounded(.down) * fw
                    gy = fy0 + (gy - fy0) - ((gy - fy0) / fh).rounded(.down) * fh
                case .pad:
                    // Clamp far positions to just outside the edge: same texels, no overflow.
                    gx = Swift.min(Swift.max(gx, fx0 - 1), fx0 + fw)
                    gy = Swift.min(Swift.max(gy, fy0 - 1), fy0 + fh)
                case .none:
                    if !(gx > fx0 - 1 && gx < fx0 + fw && gy > fy0 - 1 && gy < fy0 + fh) {
                        out[i] = 0
                        continue
                    }
                }
                let ix = gx.rounded(.down), iy = gy.rounded(.down)
                guard ix.isFinite, iy.isFinite else { out[i] = 0; continue }
                // pixman: 16.16 fixed point, top 7 fraction bits, widened to 8.
                let dx = UInt32(Int((gx - ix) * 65536) >> 9 & 0x7F) << 1
                let dy = UInt32(Int((gy - iy) * 65536) >> 9 & 0x7F) << 1
                let i0 = Int(ix), j0 = Int(iy)
                let tl = texel(i0, j0), tr = texel(i0 + 1, j0)
                let bl = texel(i0, j0 + 1), br = texel(i0 + 1, j0 + 1)
                let wbr = dx * dy
                let wtr = dx * (256 - dy)
                let wbl = (256 - dx) * dy
                let wtl = (256 - dx) * (256 - dy)
                @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                    let c = (tl >> shift & 0xFF) * wtl + (tr >> shift & 0xFF) * wtr
                        + (bl >> shift & 0xFF) * wbl + (br >> shift & 0xFF) * wbr
                    return (c >> 16) << shift
                }
                out[i] = channel(0) | channel(8) | channel(16) | channel(24)
            }
        }
        if alpha < 255 {
            for i in 0..<count {
                let p = out[i]
                @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                    let t = (p >> shift & 0xFF) * alpha + 128
                    return ((t + (t >> 8)) >> 8) << shift
                }
                out[i] = channel(0) | channel(8) | channel(16) | channel(24)
            }
        }
    }
}
