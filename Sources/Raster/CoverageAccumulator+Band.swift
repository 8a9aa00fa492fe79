import Geometry

extension CoverageAccumulator {
    /// `accumulate` for the dense band of a whole path (every seat), whose rows are the edges'
    /// own: no edge reaches outside them, so the clamps to the band and the empty-range test
    /// drop out. `rows` addresses the cells by pixel row and column: cell (x, y) is at
    /// `rows[y·stride + x]` (`cells − originY·stride − originX`; only the band's cells are
    /// touched). With `blocks`, addressed the same way by row (`blockWords` words a row), the
    /// touched 8-cell blocks are marked with bit 0 at column `originX`. One cell past the band's
    /// last must exist (`coverNarrowRow` adds 0 to the cell after a piece's last column).
    ///
    /// Same pieces, same arithmetic, so the same cells as `accumulate`: a piece's ends are
    /// `xAt` at the row boundaries, and at the edge's own ends `xAt` gives its end points
    /// exactly (the Double error is ≪ 1/2 unit, as `accumulate`'s one-row case relies on), so
    /// they are taken as they are; a whole row in between has height 256 (d = ±65536).
    @inline(__always)
    static func accumulateWithinBand(edge e: SIMD4<Int32>, rows: UnsafeMutablePointer<Int32>, stride: Int,
                                     blocks: UnsafeMutablePointer<UInt64>? = nil, blockWords: Int = 1,
                                     originX: Int = 0) {
        var xq0 = e.x, yq0 = e.y, xq1 = e.z, yq1 = e.w
        var sign: Int32 = 1
        if yq0 > yq1 { swap(&xq0, &xq1); swap(&yq0, &yq1); sign = -1 }
        if yq0 == yq1 { return }
        let j0 = yq0 >> 8
        let jLast = (yq1 &- 1) >> 8
        if j0 == jLast {
            let (lo, hi) = coverNarrowRow(rows + Int(j0) &* stride, xs: Swift.min(xq0, xq1), xe: Swift.max(xq0, xq1), d: ((yq1 &- yq0) << 8) &* sign)
            if let blocks { mark(blocks + Int(j0) &* blockWords, lo, hi, originX: originX) }
            return
        }
        accumulateRowsWithinBand(xq0: xq0, yq0: yq0, xq1: xq1, yq1: yq1, sign: sign, rows: rows, stride: stride,
                                 blocks: blocks, blockWords: blockWords, originX: originX)
    }

    /// `accumulateWithinBand` for an edge (top to bottom, `sign` its winding) over more than one
    /// pixel row: a first and a last piece, and whole rows between them.
    static func accumulateRowsWithinBand(xq0: Int32, yq0: Int32, xq1: Int32, yq1: Int32, sign: Int32,
                                         rows: UnsafeMutablePointer<Int32>, stride: Int,
                                         blocks: UnsafeMutablePointer<UInt64>?, blockWords: Int, originX: Int) {
        let j0 = yq0 >> 8, jLast = (yq1 &- 1) >> 8
        var row = rows + Int(j0) &* stride
        // Row-boundary x as `accumulateRows` computes it.
        let slope = Double(xq1 &- xq0) / Double(yq1 &- yq0)
        let fx0 = Double(xq0)
        var yb = (j0 &+ 1) << 8
        var xa = xq0, xb = FastRounding.int32(fx0 + Double(yb &- yq0) * slope)
        var (lo, hi) = coverRow(row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: ((yb &- yq0) << 8) &* sign)
        if let blocks { mark(blocks + Int(j0) &* blockWords, lo, hi, originX: originX) }
        var j = j0 &+ 1
        let whole = sign << 16
        while j < jLast {
            row += stride
            xa = xb; yb &+= 256; xb = FastRounding.int32(fx0 + Double(yb &- yq0) * slope)
            (lo, hi) = coverRow(row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: whole)
            if let blocks { mark(blocks + Int(j) &* blockWords, lo, hi, originX: originX) }
            j &+= 1
        }
        row += stride
        (lo, hi) = coverRow(row, xs: Swift.min(xb, xq1), xe: Swift.max(xb, xq1), d: ((yq1 &- yb) << 8) &* sign)
        if let blocks { mark(blocks + Int(jLast) &* blockWords, lo, hi, originX: originX) }
    }

    /// `coverRow` for a one-row edge, the same cells bit for bit, with one store for both of
    /// its narrow cases: cells ix0, ix0 + 1 and ix0 + 2 take the one-column or the two-column
    /// values (0 in the third for one column; that cell must exist). Wider pieces go to
    /// `coverRow`. Measured, not reasoned: this shape draws small shapes faster than
    /// `coverRow` (the compiler still branches around the division, and a version without
    /// that branch was slower), while edges over several rows were slower with it, so they
    /// keep `coverRow`.
    @inline(__always)
    static func coverNarrowRow(_ row: UnsafeMutablePointer<Int32>, xs: Int32, xe: Int32, d: Int32) -> (Int32, Int32) {
        let ix0 = xs >> 8, ix1 = xe >> 8
        if _slowPath(ix1 &- ix0 > 1) { return coverRow(row, xs: xs, xe: xe, d: d) }
        let qs = (d &* (512 &- (xs & 255) &- (xe & 255))) >> 9
        let fd = Float(d)
        let inv256: Float = 1.0 / 256
        let fs = Float(xs & 255) * inv256, fe = Float(xe & 255) * inv256
        let invW = 1 / (1 + fe - fs)
        let u0 = 1 - fs
        let q0 = FastRounding.int32(Swift.min(u0 * u0 * 0.5 * invW, 1) * fd)
        let u1 = 2 - fs, v = 1 - fe
        let q1 = FastRounding.int32(Swift.min((u1 - 0.5 - v * v * 0.5) * invW, 1) * fd)
        let two = ix1 != ix0
        let a = two ? q0 : qs
        let b = two ? q1 &- q0 : d &- qs
        let c = two ? d &- q1 : 0
        let p = row + Int(ix0)
        p[0] &+= a; p[1] &+= b; p[2] &+= c
        return (ix0, ix1 &+ 1)
    }
}
