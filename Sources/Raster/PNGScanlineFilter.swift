/// Turns surface rows into PNG's filtered scanline stream, top to bottom: each row of
/// premultiplied pixels becomes straight 8-bit RGBA (rounded), or with `opaque` the RGB of the
/// pixels as composited over black, then the filter libpng's heuristic picks (the smallest sum
/// of |signed bytes| over the five filters) follows its type byte. Used by still and animated
/// PNG alike, so both encode a row the same way.
struct PNGScanlineFilter {
    let opaque: Bool
    /// Pixels per row.
    let width: Int
    private var raw: [UInt8]
    private var previous: [UInt8]
    private var candidate: [UInt8]
    private var best: [UInt8]

    var channels: Int { opaque ? 3 : 4 }

    init(width: Int, opaque: Bool) {
        self.width = width
        self.opaque = opaque
        let rowBytes = width * (opaque ? 3 : 4)
        raw = [UInt8](repeating: 0, count: rowBytes)
        previous = raw
        candidate = raw
        best = raw
    }

    /// Appends the filtered scanline of the `width` pixels at `src` to `out`.
    mutating func append(row src: UnsafePointer<UInt32>, to out: inout [UInt8]) {
        let channels = self.channels, opaque = self.opaque, width = self.width
        let rowBytes = width * channels
        raw.withUnsafeMutableBufferPointer { r in
            for x in 0..<width {
                let p = src[x]
                let a = Int(p >> 24)
                var cr = Int((p >> 16) & 0xFF), cg = Int((p >> 8) & 0xFF), cb = Int(p & 0xFF)
                let o = x * channels
                if opaque {
                    r[o] = UInt8(cr); r[o + 1] = UInt8(cg); r[o + 2] = UInt8(cb)
                } else {
                    if a == 0 {
                        cr = 0; cg = 0; cb = 0
                    } else if a < 255 {
                        cr = Swift.min(255, (cr * 255 + a / 2) / a)
                        cg = Swift.min(255, (cg * 255 + a / 2) / a)
                        cb = Swift.min(255, (cb * 255 + a / 2) / a)
                    }
                    r[o] = UInt8(cr); r[o + 1] = UInt8(cg); r[o + 2] = UInt8(cb); r[o + 3] = UInt8(a)
                }
            }
        }
        var bestType: UInt8 = 0, bestScore = Int.max
        for type in UInt8(0)...4 {
            let score = raw.withUnsafeBufferPointer { r in
                previous.withUnsafeBufferPointer { pr in
                    candidate.withUnsafeMutableBufferPointer { c in
                        PNGFilter.apply(type, raw: r.baseAddress!, previous: pr.baseAddress!, count: rowBytes,
                                        bpp: channels, into: c.baseAddress!)
                    }
                }
            }
            if score < bestScore { bestScore = score; bestType = type; swap(&best, &candidate) }
        }
        out.append(bestType)
        out.append(contentsOf: best)
        swap(&raw, &previous)
    }
}
