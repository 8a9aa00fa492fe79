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
        var (lo, hi) = coverPiece(row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: ((yb &- yq0) << 8) &* sign)
        if let blocks { mark(blocks + Int(j0) &* blockWords, lo, hi, originX: originX) }
        var j = j0 &+ 1
        let whole = sign << 16
        while j < jLast {
            row += stride
            xa = xb; yb &+= 256; xb = FastRounding.int32(fx0 + Double(yb &- yq0) * slope)
            (lo, hi) = coverPiece(row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: whole)
            if let blocks { mark(blocks + Int(j) &* blockWords, lo, hi, originX: originX) }
            j &+= 1
        }
        row += stride
        (lo, hi) = coverPiece(row, xs: Swift.min(xb, xq1), xe: Swift.max(xb, xq1), d: ((yq1 &- yb) << 8) &* sign)
        if let blocks { mark(blocks + Int(jLast) &* blockWords, lo, hi, originX: originX) }
    }

    /// `coverRow` for a one-row edge, the same cells bit for bit, without a branch between its
    /// narrow cases: cells ix0, ix0 + 1 and ix0 + 2 take the one-column or the two-column
    /// values (0 in the third for one column; that cell must exist), both computed. Wider
    /// pieces go to `coverRow`. Whether a piece spans one column or two follows the outline's
    /// angle, which changes from seat to seat: a branch on it is mispredicted.
    @inline(__always)
    static func coverNarrowRow(_ row: UnsafeMutablePointer<Int32>, xs: Int32, xe: Int32, d: Int32) -> (Int32, Int32) {
        let ix0 = xs >> 8, ix1 = xe >> 8
        if _slowPath(ix1 &- ix0 > 1) { return coverRow(row, xs: xs, xe: xe, d: d) }
        let fsI = xs & 255, feI = xe & 255
        let qs = (d &* (512 &- fsI &- feI)) >> 9
        // The two-column values in vector lanes [first, second]: in this form the compiler
        // keeps them unconditional, where it branched around a scalar division.
        let inv256: Float = 1.0 / 256
        let fs = Float(fsI) * inv256, fe = Float(feI) * inv256
        let invW = SIMD2<Float>(repeating: 1) / SIMD2<Float>(repeating: 1 + fe - fs)
        let u0 = 1 - fs, v = 1 - fe
        let t = SIMD2<Float>(u0 * u0 * 0.5, 1.5 - fs - v * v * 0.5) * invW
        let one = SIMD2<Float>(repeating: 1)
        let bias = SIMD2<Float>(repeating: FastRounding.floatBias)
        let q = unsafeBitCast(t.replacing(with: one, where: t .> one) * Float(d) + bias, to: SIMD2<Int32>.self)
            &- SIMD2<Int32>(repeating: Int32(bitPattern: FastRounding.floatBias.bitPattern))
        // All ones for two columns: the lanes' values, else the one-column ones.
        let m = 0 &- (ix1 &- ix0)
        let q0 = q[0], q1 = q[1]
        let a = qs ^ ((qs ^ q0) & m)
        let b = (d &- qs) ^ (((d &- qs) ^ (q1 &- q0)) & m)
        let c = (d &- q1) & m
        let p = row + Int(ix0)
        p[0] &+= a; p[1] &+= b; p[2] &+= c
        return (ix0, ix1 &+ 1)
    }
}
