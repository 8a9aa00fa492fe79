import Geometry

/// Seat masks at every sub-pixel phase from one rasterization per rotation step: the outline's
/// exact signed area on a grid `finePerPixel` times finer than the pixels (one fine cell per
/// phase step), kept as a summed-area table. A mask pixel at phase (kx, ky) is the block of
/// 8 × 8 fine cells shifted by (kx, ky), so its winding-weighted area is four lookups.
/// Accumulated area is linear in the cells, so this is the area a pixel-grid accumulation of
/// the shifted outline gives (up to `Double` rounding, ≪ one coverage level); the nonzero rule
/// `min(|a|, 1)` applies after, per pixel. The area model is Raster's (cell (i, j) covers
/// [i, i+1)×[j, j+1)).
///
/// A rotation step's masks (up to 64 phases) then cost one fine rasterization (a few thousand
/// cells) plus a few lookups per mask pixel, where rasterizing each phase anew cost a full
/// accumulation and prefix sum per mask. Large seats (zoomed in) have few phases per step and
/// a fine grid 64 times their area: above `tableCellBudget` fine cells a mask is rasterized on
/// its own (`rasterize`), with the same area arithmetic on the pixel grid.
///
/// Not thread-safe: one per worker (it owns its buffers).
final class SeatMaskRasterizer {
    /// Fine cells per pixel along each axis: the phases per pixel (`SeatMaskCache.phases`).
    static let finePerPixel = SeatMaskCache.phases
    /// Most fine cells a summed-area table may take (512 KiB of `Double`): seats up to about
    /// 30 px.
    static let tableCellBudget = 65536

    /// True when the fine grid of an outline within `radius` px of its centre fits
    /// `tableCellBudget` (the table is worth making).
    static func fitsTable(radius: Double) -> Bool {
        let side = 2 * radius * Double(finePerPixel) + 3
        return side * side <= Double(tableCellBudget)
    }

    /// First differences of the fine coverage (`fineWidth + 2` per row); all zero between calls.
    private var cells: UnsafeMutablePointer<Double>
    private var cellCapacity = 1024
    /// The summed-area table: `table[y · (fineWidth + 1) + x]` is the signed area of fine cells
    /// [0, x) × [0, y), in fine cells.
    private var table: UnsafeMutablePointer<Double>
    private var tableCapacity = 1024
    /// Fine cell (0, 0)'s corner, in fine units (1/8 px) from the seat centre.
    private var fineX0 = 0, fineY0 = 0
    /// The fine grid's size: every fine cell outside it has zero coverage.
    private var fineWidth = 0, fineHeight = 0

    init() {
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        table = .allocate(capacity: tableCapacity)
    }

    deinit { cells.deallocate(); table.deallocate() }

    /// Rasterizes the closed polygons `points` (device px from the seat centre; contours
    /// delimited by `starts`, each contour `starts[k] ..< starts[k + 1]`) onto the fine grid
    /// and builds the summed-area table that `mask` reads.
    func prepare(points: UnsafePointer<SIMD2<Float>>, starts: UnsafePointer<Int32>, contours: Int) {
        let scale = Double(SeatMaskRasterizer.finePerPixel)
        let first = Int(starts[0]), end = Int(starts[contours])
        guard end > first else { fineWidth = 0; fineHeight = 0; return }
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for i in first..<end {
            let p = SIMD2<Double>(Double(points[i].x), Double(points[i].y)) * scale
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
        }
        fineX0 = Int(lo.x.rounded(.down)); fineY0 = Int(lo.y.rounded(.down))
        fineWidth = Int(hi.x.rounded(.up)) - fineX0 + 1
        fineHeight = Int(hi.y.rounded(.up)) - fineY0 + 1
        let stride = fineWidth + 2
        let tableStride = fineWidth + 1
        if stride * fineHeight > cellCapacity {
            cells.deallocate()
            cellCapacity = stride * fineHeight
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if tableStride * (fineHeight + 1) > tableCapacity {
            table.deallocate()
            tableCapacity = tableStride * (fineHeight + 1)
            table = .allocate(capacity: tableCapacity)
        }
        let origin = SIMD2<Double>(Double(fineX0), Double(fineY0))
        for k in 0..<contours {
            let s = Int(starts[k]), e = Int(starts[k + 1])
            guard e - s >= 3 else { continue }
            @inline(__always) func fine(_ i: Int) -> SIMD2<Double> {
                SIMD2<Double>(Double(points[i].x), Double(points[i].y)) * scale - origin
            }
            var prev = fine(e - 1)
            for i in s..<e {
                let p = fine(i)
                line(prev, p, stride: stride, height: fineHeight)
                prev = p
            }
        }
        // Row prefix sums turn first differences into coverage (zeroing the cells as they are
        // read: the buffer stays clean), a second one and the row above into the table.
        table.update(repeating: 0, count: tableStride)
        for y in 0..<fineHeight {
            let row = cells + y * stride
            let above = table + y * tableStride, out = above + tableStride
            out[0] = 0
            var coverage = 0.0, rowSum = 0.0
            for x in 0..<fineWidth {
                coverage += row[x]; row[x] = 0
                rowSum += coverage
                out[x + 1] = above[x + 1] + rowSum
            }
            row[fineWidth] = 0; row[fineWidth + 1] = 0
        }
    }

    /// Writes the mask of the prepared outline centred at (`margin` + kx/8, `margin` + ky/8)
    /// into `out` (`side` bytes a row): only the pixels the outline's fine box reaches, which it
    /// returns as (x0, y0, x1, y1), ends exclusive (empty when nothing was prepared); `out`'s
    /// other pixels are left alone.
    func mask(phaseX kx: Int, phaseY ky: Int, margin: Int, side: Int,
              into out: UnsafeMutablePointer<UInt8>) -> SIMD4<Int> {
        guard fineWidth > 0, fineHeight > 0 else { return SIMD4(0, 0, 0, 0) }
        let n = SeatMaskRasterizer.finePerPixel
        // Pixel i covers fine cells [n(i − margin) − kx − fineX0, … + n).
        @inline(__always) func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let x0 = Swift.max(0, margin + floorDiv(kx + fineX0, n))
        let x1 = Swift.min(side, margin + floorDiv(fineWidth + kx + fineX0 + n - 1, n))
        let y0 = Swift.max(0, margin + floorDiv(ky + fineY0, n))
        let y1 = Swift.min(side, margin + floorDiv(fineHeight + ky + fineY0 + n - 1, n))
        guard x0 < x1, y0 < y1 else { return SIMD4(0, 0, 0, 0) }
        let tableStride = fineWidth + 1
        let perPixel = 1 / Double(n * n)
        let columns = x1 - x0
        // The table columns of the pixels' left borders, clamped to the grid, and the last
        // pixel's right one: the same in every row, and pixel x's right border is pixel
        // x + 1's left, so each row reads each column once (carried in registers).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: columns + 1) { border in
            for k in 0...columns {
                border[k] = Swift.min(Swift.max(n * (x0 + k - margin) - kx - fineX0, 0), fineWidth)
            }
            for y in y0..<y1 {
                let fy = n * (y - margin) - ky - fineY0
                let top = table + Swift.min(Swift.max(fy, 0), fineHeight) * tableStride
                let bottom = table + Swift.min(Swift.max(fy + n, 0), fineHeight) * tableStride
                let o = out + y * side + x0
                var j = 0
                while j &+ 4 <= columns {
                    SeatMaskRasterizer.fourPixels(bottom: bottom, top: top, border: border.baseAddress.unsafelyUnwrapped + j,
                                                  perPixel: perPixel,
                                                  into: o + j)
                    j &+= 4
                }
                var bottomLeft = bottom[border[j]], topLeft = top[border[j]]
                while j < columns {
                    let r = border[j + 1]
                    let bottomRight = bottom[r], topRight = top[r]
                    let area = ((bottomRight - bottomLeft) - (topRight - topLeft)) * perPixel
                    bottomLeft = bottomRight; topLeft = topRight
                    o[j] = SeatMaskRasterizer.coverageByte(area)
                    j &+= 1
                }
            }
        }
        return SIMD4(x0, y0, x1, y1)
    }

    /// Four mask pixels of one row from the summed-area table: the pixel loop's arithmetic lane
    /// by lane (`coverageBytes`), so the same bytes. `border[0 ... 4]` are the pixels' left
    /// borders' table columns and the last one's right; `bottom` and `top` the table rows.
    @inline(__always)
    static func fourPixels(bottom: UnsafePointer<Double>, top: UnsafePointer<Double>, border: UnsafePointer<Int>,
                           perPixel: Double, into o: UnsafeMutablePointer<UInt8>) {
        let r0 = border[0], r1 = border[1], r2 = border[2], r3 = border[3], r4 = border[4]
        let b1 = bottom[r1], b2 = bottom[r2], b3 = bottom[r3], t1 = top[r1], t2 = top[r2], t3 = top[r3]
        let bottomLeft = SIMD4(bottom[r0], b1, b2, b3), bottomRight = SIMD4(b1, b2, b3, bottom[r4])
        let topLeft = SIMD4(top[r0], t1, t2, t3), topRight = SIMD4(t1, t2, t3, top[r4])
        let area = ((bottomRight - bottomLeft) - (topRight - topLeft)) * perPixel
        UnsafeMutableRawPointer(o).storeBytes(of: coverageBytes(area), as: SIMD4<UInt8>.self)
    }

    /// The mask byte of a signed area (pixels): `min(|area|, 1) · 255 + 0.5`, truncated.
    @inline(__always)
    static func coverageByte(_ area: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: Int32(Swift.min(abs(area), 1) * 255 + 0.5))
    }

    /// The mask bytes of four signed areas: `coverageByte` lane by lane, the same operations in
    /// the same order, so the same bytes.
    @inline(__always)
    static func coverageBytes(_ area: SIMD4<Double>) -> SIMD4<UInt8> {
        // |area| (the sign bit cleared), then min with 1 as `Swift.min` takes it.
        let magnitude = unsafeBitCast(unsafeBitCast(area, to: SIMD4<UInt64>.self) & (UInt64.max >> 1),
                                      to: SIMD4<Double>.self)
        let v = magnitude.replacing(with: 1, where: magnitude .> 1) * 255 + 0.5
        // Truncation of v ∈ [0.5, 255.5] without a trapping conversion: adding 1.5·2⁵² rounds
        // to the nearest integer (into the low mantissa bits); one less where that rounded up.
        let magic = SIMD4<Double>(repeating: FastRounding.doubleBias)
        let shifted = v + magic
        let roundedUp = SIMD4<Int64>().replacing(with: -1, where: (shifted - magic) .> v)
        return SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(shifted, to: SIMD4<Int64>.self) &+ roundedUp)
    }

    /// Rasterizes the polygons straight onto the pixel grid, shifted by (`dx`, `dy`), into `out`
    /// (`width × height` bytes, all written): the mask of one phase, for seats too large for a
    /// table. Points must lie in [0, width) × [0, height) after the shift.
    func rasterize(points: UnsafePointer<SIMD2<Float>>, starts: UnsafePointer<Int32>, contours: Int,
                   dx: Double, dy: Double, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        let stride = width + 2
        if stride * height > cellCapacity {
            cells.deallocate()
            cellCapacity = stride * height
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        let shift = SIMD2<Double>(dx, dy)
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for k in 0..<contours {
            let s = Int(starts[k]), e = Int(starts[k + 1])
            guard e - s >= 3 else { continue }
            var prev = SIMD2<Double>(Double(points[e - 1].x), Double(points[e - 1].y)) + shift
            for i in s..<e {
                let p = SIMD2<Double>(Double(points[i].x), Double(points[i].y)) + shift
                line(prev, p, stride: stride, height: height)
                lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
                prev = p
            }
        }
        // Only the outline's box holds cells `line` wrote (its rows; its columns and the one
        // after, where a segment's last column gives the rest of its area): the pixels outside
        // have area 0 (right of the outline, what is left of a row's sum is a rounding residue
        // far below half a level), so their bytes are 0 without a sweep.
        let rowLo = lo.y.isFinite ? Swift.max(0, Int(lo.y.rounded(.down))) : 0
        let rowHi = hi.y.isFinite ? Swift.min(height, Int(hi.y.rounded(.up))) : 0
        let colLo = lo.x.isFinite ? Swift.min(width, Swift.max(0, Int(lo.x.rounded(.down)))) : 0
        let colHi = hi.x.isFinite ? Swift.max(colLo, Swift.min(width, Int(hi.x.rounded(.up)) &+ 2)) : 0
        for y in 0..<height {
            let row = cells + y * stride
            let o = out + y * width
            guard y >= rowLo && y < rowHi else { o.update(repeating: 0, count: width); continue }
            o.update(repeating: 0, count: colLo)
            (o + colHi).update(repeating: 0, count: width &- colHi)
            var area = 0.0
            var x = colLo
            // Four pixels at a time: the running sum added cell by cell, in the pixel loop's
            // order (the same rounding), the bytes lane by lane.
            while x &+ 4 <= colHi {
                let a0 = area + row[x], a1 = a0 + row[x &+ 1], a2 = a1 + row[x &+ 2], a3 = a2 + row[x &+ 3]
                area = a3
                UnsafeMutableRawPointer(row + x).storeBytes(of: SIMD4<Double>(), as: SIMD4<Double>.self)
                UnsafeMutableRawPointer(o + x).storeBytes(of: Self.coverageBytes(SIMD4(a0, a1, a2, a3)),
                                                          as: SIMD4<UInt8>.self)
                x &+= 4
            }
            while x < colHi {
                area += row[x]; row[x] = 0
                o[x] = Self.coverageByte(area)
                x &+= 1
            }
            row[width] = 0; row[width + 1] = 0
        }
    }

    /// Adds the signed area of segment a→b (cell units, inside the grid) to the cells: for every
    /// row of cells it crosses, the first difference of the area right of the segment (so a row's
    /// prefix sum is coverage).
    @inline(__always)
    private func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>, stride: Int, height: Int) {
        if a.y == b.y { return }
        let dir: Double = a.y < b.y ? 1 : -1
        let p0 = a.y < b.y ? a : b, p1 = a.y < b.y ? b : a
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var x = p0.x
        let yStart = Swift.max(0, Int(p0.y))
        let yEnd = Swift.min(height, Int(p1.y.rounded(.up)))
        if yStart >= yEnd { return }
        for y in yStart..<yEnd {
            let row = cells + y * stride
            let top = Swift.max(Double(y), p0.y), bottom = Swift.min(Double(y + 1), p1.y)
            let dy = bottom - top
            let xNext = x + dxdy * dy
            let d = dy * dir
            let x0 = Swift.min(x, xNext), x1 = Swift.max(x, xNext)
            let x0f = x0.rounded(.down)
            let i0 = Int(x0f)
            let i1 = Int(x1.rounded(.up))
            if i1 <= i0 + 1 {
                // Within one column: the part right of the segment is 1 − mean offset.
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
                    let a2 = a1 + Double(i1 - i0 - 3) * inv
                    row[i1 - 1] += d * (1 - a2 - am)
                }
                row[i1] += d * am
            }
            x = xNext
        }
    }
}
