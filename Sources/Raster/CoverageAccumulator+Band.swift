import Geometry

extension CoverageAccumulator {
    /// `accumulate` for the dense band of a whole path (every seat), whose rows are the edges'
    /// own: no edge reaches outside them, so the clamps to the band and the empty-range test
    /// drop out. `rows` addresses the cells by pixel row and column: cell (x, y) is at
    /// `rows[y·stride + x]` (`cells − originY·stride − originX`; only the band's cells are
    /// touched). With `blocks`, addressed the same way by row (`blockWords` words a row), the
    /// touched 8-cell blocks are marked with bit 0 at column `originX`. One cell past the band's
    /// last must exist (`coverPiece` may add 0 to the cell after a piece's last column).
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
            let (lo, hi) = coverPiece(rows + Int(j0) &* stride, xs: Swift.min(xq0, xq1), xe: Swift.max(xq0, xq1), d: ((yq1 &- yq0) << 8) &* sign)
            if let blocks { mark(blocks + Int(j0) &* blockWords, lo, hi, originX: originX) }
            return
        }
        accumulateRowsWithinBand(xq0: xq0, yq0: yq0, xq1: xq1, yq1: yq1, sign: sign, rows: rows, stride: stride,
                                 blocks: blocks, blockWords: blockWords, originX: originX)
    }

    /// `accumulateWithinBand` (no blocks) of the `count` edges at `edges`, their pieces listed
    /// in `batch` (which the caller flushes into `cells`): cell (x, y) is at
    /// `cells[(y − originY)·stride + x − originX]`.
    @inline(__always)
    static func accumulateWithinBand(edges: UnsafePointer<SIMD4<Int32>>, count: Int, cells: UnsafeMutablePointer<Int32>,
                                     originX: Int, originY: Int, stride: Int, batch target: inout PieceBatch) {
        // (A local copy: its fields stay in registers instead of being reloaded after every store.)
        var batch = target
        defer { target = batch }
        // Offsets fit in Int32: the band holds at most `cellBudget` cells, columns < 2²¹.
        @inline(__always) func offset(_ j: Int32) -> Int32 {
            Int32(truncatingIfNeeded: (Int(j) &- originY) &* stride &- originX)
        }
        let step = Int32(truncatingIfNeeded: stride)
        for i in 0..<count {
            var xq0 = edges[i].x, yq0 = edges[i].y, xq1 = edges[i].z, yq1 = edges[i].w
            var sign: Int32 = 1
            if yq0 > yq1 { swap(&xq0, &xq1); swap(&yq0, &yq1); sign = -1 }
            if yq0 == yq1 { continue }
            let j0 = yq0 >> 8, jLast = (yq1 &- 1) >> 8
            var row = offset(j0)
            if j0 == jLast {
                batch.add(row: row, xs: Swift.min(xq0, xq1), xe: Swift.max(xq0, xq1), d: ((yq1 &- yq0) << 8) &* sign,
                          cells: cells)
                continue
            }
            // Row-boundary x as `accumulateRows` computes it.
            let slope = Double(xq1 &- xq0) / Double(yq1 &- yq0)
            let fx0 = Double(xq0)
            var yb = (j0 &+ 1) << 8
            var xa = xq0, xb = FastRounding.int32(fx0 + Double(yb &- yq0) * slope)
            batch.add(row: row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: ((yb &- yq0) << 8) &* sign, cells: cells)
            var j = j0 &+ 1
            let whole = sign << 16
            while j < jLast {
                row &+= step
                xa = xb; yb &+= 256; xb = FastRounding.int32(fx0 + Double(yb &- yq0) * slope)
                batch.add(row: row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: whole, cells: cells)
                j &+= 1
            }
            row &+= step
            batch.add(row: row, xs: Swift.min(xb, xq1), xe: Swift.max(xb, xq1), d: ((yq1 &- yb) << 8) &* sign, cells: cells)
        }
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
}
