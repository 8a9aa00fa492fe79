import Geometry

/// Samples an `ImagePattern` for device pixels: device → texel mapping prepared once, then
/// bilinear filtering with pixman's 7-bit weights (exact texels for integer translations), or
/// for images shrunk below 0.75× a box filter as cairo's GOOD filter does.
/// With `.none` the pattern is transparent outside and bilinear taps that fall outside read
/// transparent (cairo's EXTEND_NONE); `.pad` repeats the edge texels; `.repeat` wraps within
/// the source rectangle.
struct ImageSampler {
    /// `base`'s owner, kept alive by the shader's paint (the pattern holds it): unowned, so the
    /// span loops copy samplers without reference counting.
    unowned(unsafe) let image: Surface
    let base: UnsafeMutableRawPointer
    let rowBytes: Int
    /// Device → texel coordinates (texel (i, j) covers [i, i+1)×[j, j+1)).
    let m: AffineTransform
    /// The source rectangle in texels.
    let x0: Int, y0: Int, w: Int, h: Int
    let extend: ImagePattern.Extend
    /// Opacity as 0…255 (255: unchanged).
    let alpha: UInt32
    /// Set when `m` is a pure integer translation: texel = device + offset.
    let integerOffset: (x: Int, y: Int)?
    /// Box filter widths in texels when the image is shrunk by more than 0.75 (cairo's GOOD
    /// filter switches from bilinear to a box there); nil for bilinear.
    let box: (x: Double, y: Double)?
    /// True when every shaded pixel is opaque: exact texels (`integerOffset`) that cover the
    /// plane (`repeat` or `pad`), all of alpha 255, at full opacity. Checked only for sources of
    /// at most `opaqueCheckTexels` (pattern tiles); larger images count as translucent.
    let isOpaque: Bool
    static let opaqueCheckTexels = 4096

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
        base = p.image.baseAddress
        rowBytes = p.image.stride
        extend = p.extend
        alpha = UInt32((Swift.max(0, Swift.min(1, opacity)) * 255).rounded())
        // cairo: texels per device pixel along the texel axes; up to 1/0.75 counts as 1
        // (bilinear), at most 16.
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        let sy = sx > 0 ? abs(m.determinant) / sx : 0
        func width(_ v: Double) -> Double { v < 1 / 0.75 || !v.isFinite ? 1 : Swift.min(v, 16) }
        let bx = width(sx), by = width(sy)
        box = bx > 1 || by > 1 ? (bx, by) : nil
        if m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx == m.tx.rounded(), m.ty == m.ty.rounded(),
           abs(m.tx) < 1e9, abs(m.ty) < 1e9 {
            integerOffset = (Int(m.tx), Int(m.ty))
        } else {
            integerOffset = nil
        }
        var opaque = integerOffset != nil && extend != .none && alpha == 255 && w * h <= ImageSampler.opaqueCheckTexels
        if opaque {
            for j in y0..<(y0 + h) {
                let row = (base + j * rowBytes).assumingMemoryBound(to: UInt32.self)
                for i in x0..<(x0 + w) where row[i] >> 24 != 255 { opaque = false }
            }
        }
        isOpaque = opaque
    }

    /// The 2×2 texels from (i, j) for bilinear filtering; like four `texel` calls but with
    /// the wrapping done once (positions were already reduced into the source rect).
    @inline(__always) func taps(_ i: Int, _ j: Int) -> (UInt32, UInt32, UInt32, UInt32) {
        var u0 = i - x0, v0 = j - y0
        var u1 = u0 + 1, v1 = v0 + 1
        switch extend {
        case .repeat:
            if u0 < 0 || u0 >= w { u0 %= w; if u0 < 0 { u0 += w } }
            if v0 < 0 || v0 >= h { v0 %= h; if v0 < 0 { v0 += h } }
            u1 = u0 + 1 == w ? 0 : u0 + 1
            v1 = v0 + 1 == h ? 0 : v0 + 1
        case .pad:
            u0 = Swift.min(Swift.max(u0, 0), w - 1); u1 = Swift.min(Swift.max(u1, 0), w - 1)
            v0 = Swift.min(Swift.max(v0, 0), h - 1); v1 = Swift.min(Swift.max(v1, 0), h - 1)
        case .none:
            let c0 = u0 >= 0 && u0 < w, c1 = u1 >= 0 && u1 < w
            let r0 = v0 >= 0 && v0 < h, r1 = v1 >= 0 && v1 < h
            let top = r0 ? pixels(v0) : nil, bottom = r1 ? pixels(v1) : nil
            return (c0 ? top?[u0] ?? 0 : 0, c1 ? top?[u1] ?? 0 : 0,
                    c0 ? bottom?[u0] ?? 0 : 0, c1 ? bottom?[u1] ?? 0 : 0)
        }
        let top = pixels(v0), bottom = pixels(v1)
        return (top[u0], top[u1], bottom[u0], bottom[u1])
    }

    /// Row `v` of the source rect (0 ≤ v < h), from its first texel.
    @inline(__always) func pixels(_ v: Int) -> UnsafeMutablePointer<UInt32> {
        (base + (y0 + v) &* rowBytes).assumingMemoryBound(to: UInt32.self) + x0
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
        return pixels(v)[u]
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        if let b = box {
            shadeBox(x: x, y: y, count: count, width: b, into: out)
        } else if let o = integerOffset, extend == .repeat {
            // A pattern tile repeated at whole pixels (the chart's tribunes): one row of the
            // tile, wrapped, with no division per pixel (`texel` reduces each one).
            var u = (x + o.x - x0) % w, v = (y + o.y - y0) % h
            if u < 0 { u += w }
            if v < 0 { v += h }
            let row = pixels(v)
            let period = Swift.min(count, w)
            for i in 0..<period {
                out[i] = row[u]
                u &+= 1
                if u == w { u = 0 }
            }
            // The rest repeats the first period: copied from what is written, doubling (a
            // tribune's span is hundreds of pixels of an 8-pixel tile).
            var done = period
            while done < count {
                let n = Swift.min(done, count &- done)
                (out + done).update(from: out, count: n)
                done &+= n
            }
        } else if let o = integerOffset {
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
                let (tl, tr, bl, br) = taps(Int(ix), Int(iy))
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

    /// Area-weighted average of the texels under a `width`-sized box centred on each pixel's
    /// texel position (texels as unit squares): cairo's GOOD filter when shrinking. (`shade` applies the opacity.)
    func shadeBox(x: Int, y: Int, count: Int, width: (x: Double, y: Double), into out: UnsafeMutablePointer<UInt32>) {
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        var cx = m.a * fx + m.c * fy + m.tx
        var cy = m.b * fx + m.d * fy + m.ty
        let fw = Double(w), fh = Double(h), fx0 = Double(x0), fy0 = Double(y0)
        let hx = width.x / 2, hy = width.y / 2
        let norm = 1 / (width.x * width.y)
        for i in 0..<count {
            var gx = cx, gy = cy
            cx += m.a; cy += m.b
            switch extend {
            case .repeat:
                gx = fx0 + (gx - fx0) - ((gx - fx0) / fw).rounded(.down) * fw
                gy = fy0 + (gy - fy0) - ((gy - fy0) / fh).rounded(.down) * fh
            case .pad:
                gx = Swift.min(Swift.max(gx, fx0 - hx - 1), fx0 + fw + hx + 1)
                gy = Swift.min(Swift.max(gy, fy0 - hy - 1), fy0 + fh + hy + 1)
            case .none:
                if !(gx + hx > fx0 && gx - hx < fx0 + fw && gy + hy > fy0 && gy - hy < fy0 + fh) {
                    out[i] = 0
                    continue
                }
            }
            guard gx.isFinite, gy.isFinite else { out[i] = 0; continue }
            let left = gx - hx, right = gx + hx, top = gy - hy, bottom = gy + hy
            let i0 = Int(left.rounded(.down)), i1 = Int(right.rounded(.down))
            let j0 = Int(top.rounded(.down)), j1 = Int(bottom.rounded(.down))
            var sa = 0.0, sr = 0.0, sg = 0.0, sb = 0.0
            for j in j0...j1 {
                let wy = Swift.min(Double(j + 1), bottom) - Swift.max(Double(j), top)
                if wy <= 0 { continue }
                var ra = 0.0, rr = 0.0, rg = 0.0, rb = 0.0
                for t in i0...i1 {
                    let wx = Swift.min(Double(t + 1), right) - Swift.max(Double(t), left)
                    if wx <= 0 { continue }
                    let p = texel(t, j)
                    ra += wx * Double(p >> 24); rr += wx * Double(p >> 16 & 0xFF)
                    rg += wx * Double(p >> 8 & 0xFF); rb += wx * Double(p & 0xFF)
                }
                sa += wy * ra; sr += wy * rr; sg += wy * rg; sb += wy * rb
            }
            @inline(__always) func q(_ v: Double) -> UInt32 { UInt32(Swift.min(255, Swift.max(0, v * norm + 0.5))) }
            let a = q(sa)
            out[i] = a << 24 | Swift.min(q(sr), a) << 16 | Swift.min(q(sg), a) << 8 | Swift.min(q(sb), a)
        }
    }
}
