/// Exact-area coverage of a small polygon set into an 8-bit mask: dense signed-area
/// accumulation in `Float` (one cell per pixel, plus one carry cell per row), a prefix sum per
/// row, nonzero rule `min(|a|, 1)`. The same area model as Raster's rasterizer (pixel (i, j)
/// covers [i, i+1)×[j, j+1)), sized for seat masks: a few dozen edges in a box of a few
/// hundred pixels, where a dense buffer beats any sparse structure.
///
/// Not thread-safe: one per worker (it owns its accumulation buffer).
final class SeatMaskRasterizer {
    private var cells: UnsafeMutablePointer<Float>
    private var capacity: Int

    init() {
        capacity = 1024
        cells = .allocate(capacity: capacity)
        cells.initialize(repeating: 0, count: capacity)
    }

    deinit { cells.deallocate() }

    /// Rasterizes the closed polygons `points` (contours delimited by `starts`, each contour
    /// `starts[k] ..< starts[k + 1]`), shifted by (`dx`, `dy`), into `out` (`width × height`
    /// bytes, row-major). Points must lie in [0, width) × [0, height) after the shift.
    func rasterize(points: UnsafePointer<SIMD2<Float>>, starts: UnsafePointer<Int32>, contours: Int,
                   dx: Float, dy: Float, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        let stride = width + 2
        let n = stride * height
        if n > capacity {
            cells.deallocate()
            capacity = n
            cells = .allocate(capacity: n)
            cells.initialize(repeating: 0, count: n)
        }
        let shift = SIMD2<Float>(dx, dy)
        for k in 0..<contours {
            let s = Int(starts[k]), e = Int(starts[k + 1])
            guard e - s >= 3 else { continue }
            var prev = points[e - 1] + shift
            for i in s..<e {
                let p = points[i] + shift
                line(prev, p, stride: stride, height: height)
                prev = p
            }
        }
        // Prefix sum per row; zero the cells as they are read (the buffer stays clean).
        for y in 0..<height {
            let row = cells + y * stride
            let o = out + y * width
            var acc: Float = 0
            for x in 0..<width {
                acc += row[x]; row[x] = 0
                let c = Swift.min(abs(acc), 1)
                o[x] = UInt8(truncatingIfNeeded: Int32(c * 255 + 0.5))
            }
            row[width] = 0; row[width + 1] = 0
        }
    }

    /// Adds the signed area of segment a→b to the cells: for every pixel row it crosses, the
    /// first difference of the area right of the segment (so a row's prefix sum is coverage).
    @inline(__always)
    private func line(_ a: SIMD2<Float>, _ b: SIMD2<Float>, stride: Int, height: Int) {
        if a.y == b.y { return }
        let dir: Float = a.y < b.y ? 1 : -1
        let p0 = a.y < b.y ? a : b, p1 = a.y < b.y ? b : a
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var x = p0.x
        let yStart = Swift.max(0, Int(p0.y))
        let yEnd = Swift.min(height, Int(p1.y.rounded(.up)))
        if yStart >= yEnd { return }
        for y in yStart..<yEnd {
            let row = cells + y * stride
            let top = Swift.max(Float(y), p0.y), bottom = Swift.min(Float(y + 1), p1.y)
            let dy = bottom - top
            let xNext = x + dxdy * dy
            let d = dy * dir
            let x0 = Swift.min(x, xNext), x1 = Swift.max(x, xNext)
            let x0f = x0.rounded(.down)
            let i0 = Int(x0f)
            let i1 = Int(x1.rounded(.up))
            if i1 <= i0 + 1 {
                // Within one pixel column: the part right of the segment is 1 − mean offset.
                let m = 0.5 * (x + xNext) - x0f
                row[i0] += d - d * m
                row[i0 + 1] += d * m
            } else {
                // Across columns: area right of the segment rises linearly between the ends,
                // with quadratic pieces in the first and last column.
                let inv = 1 / (x1 - x0)
                let f0 = x0 - x0f
                let a0 = 0.5 * inv * (1 - f0) * (1 - f0)
                let f1 = x1 - x1.rounded(.up) + 1
                let am = 0.5 * inv * f1 * f1
                row[i0] += d * a0
                if i1 == i0 + 2 {
                    row[i0 + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = inv * (1.5 - f0)
                    row[i0 + 1] += d * (a1 - a0)
                    var i = i0 + 2
                    while i < i1 - 1 { row[i] += d * inv; i += 1 }
                    let a2 = a1 + Float(i1 - i0 - 3) * inv
                    row[i1 - 1] += d * (1 - a2 - am)
                }
                row[i1] += d * am
            }
            x = xNext
        }
    }
}
