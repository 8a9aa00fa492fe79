import Geometry

/// The exact-area coverage math shared by the fast rasterizer and the scalar reference.
///
/// Edges are line segments in 24.8 fixed point (1/256 px). Each edge adds, for every pixel row it
/// crosses, the *first difference* of its signed coverage to a row of `Int32` cells: after a
/// prefix sum along the row, cell `i` holds the winding-weighted fraction of pixel `i` that lies
/// to the right of the edge, in units of `one` (= 65536 = a whole pixel of winding 1).
///
/// Integer cells make the prefix sum associative, so any summation order (banded, SIMD, scalar)
/// gives bit-identical coverage; quantized endpoints make every row of a closed path sum to
/// exactly zero.
enum CoverageAccumulator {
    /// Cell value of a fully covered pixel with winding 1.
    static let one: Int32 = 65536
    /// Fixed-point sub-pixel steps per pixel.
    static let subpixels: Int32 = 256

    /// Adds edge `e` = (x0, y0, x1, y1) in 24.8 fixed point, restricted to pixel rows
    /// `rowBegin ..< rowEnd`, to `cells`: cell (x, y) is at `cells[(y − originY)·stride + x − originX]`.
    /// x must be ≥ 0 and cells up to column ⌊max x⌋ + 1 must exist, and one more after them
    /// (a piece adds 0 to its third cell; `coverPiece`). With `rowMin`/`rowMax`
    /// (indexed by `y − originY`), they widen to the touched columns.
    /// With `blocks`, bit b of the `blockWords`-word bitmap at `blocks[(y − originY)·blockWords]`
    /// is set for each touched cell column originX + 8b … originX + 8b + 7.
    @inline(__always)
    static func accumulate(edge e: SIMD4<Int32>, rowBegin: Int32, rowEnd: Int32,
                           cells: UnsafeMutablePointer<Int32>, originX: Int, originY: Int32, stride: Int,
                           rowMin: UnsafeMutablePointer<Int32>? = nil, rowMax: UnsafeMutablePointer<Int32>? = nil,
                           blocks: UnsafeMutablePointer<UInt64>? = nil, blockWords: Int = 1) {
        var xq0 = e.x, yq0 = e.y, xq1 = e.z, yq1 = e.w
        var sign: Int32 = 1
        if yq0 > yq1 { swap(&xq0, &xq1); swap(&yq0, &yq1); sign = -1 }
        if yq0 == yq1 { return }
        let jBegin = Swift.max(yq0 >> 8, rowBegin)
        let jEnd = Swift.min(((yq1 &- 1) >> 8) &+ 1, rowEnd)
        if jBegin >= jEnd { return }
        if yq1 &- (jBegin << 8) <= 256 && yq0 >= jBegin << 8 {
            // Wholly inside one pixel row (most short edges): the piece is the edge itself. The
            // general path below yields the same end points exactly (xAt(yq0) = xq0 and
            // xAt(yq1) = xq1: the Double error is ≪ 1/2 unit), so skip its division.
            let row = cells + (Int(jBegin &- originY) &* stride &- originX)
            let d = ((yq1 &- yq0) << 8) &* sign
            let (lo, hi) = coverPiece(row, xs: Swift.min(xq0, xq1), xe: Swift.max(xq0, xq1), d: d)
            if let rowMin, let rowMax {
                let r = Int(jBegin &- originY)
                if lo < rowMin[r] { rowMin[r] = lo }
                if hi > rowMax[r] { rowMax[r] = hi }
            }
            if let blocks { mark(blocks + Int(jBegin &- originY) &* blockWords, lo, hi, originX: originX) }
            return
        }
        accumulateRows(xq0: xq0, yq0: yq0, xq1: xq1, yq1: yq1, sign: sign, jBegin: jBegin, jEnd: jEnd, cells: cells,
                       originX: originX, originY: originY, stride: stride, rowMin: rowMin, rowMax: rowMax,
                       blocks: blocks, blockWords: blockWords)
    }

    /// Sets the bits of the 8-cell blocks holding cells `lo ... hi` (columns; `originX` is bit 0's
    /// first) in the row bitmap `row` (64 blocks a word).
    @inline(__always)
    static func mark(_ row: UnsafeMutablePointer<UInt64>, _ lo: Int32, _ hi: Int32, originX: Int) {
        let b0 = (Int(lo) &- originX) >> 3, b1 = (Int(hi) &- originX) >> 3
        let w0 = b0 >> 6, w1 = b1 >> 6
        if _fastPath(w0 == w1) {
            row[w0] |= ((2 &<< UInt64(truncatingIfNeeded: b1 &- b0)) &- 1) &<< UInt64(truncatingIfNeeded: b0 & 63)
            return
        }
        // A piece across a word boundary (wide rows only).
        row[w0] |= ~0 &<< UInt64(truncatingIfNeeded: b0 & 63)
        var w = w0 &+ 1
        while w < w1 { row[w] = ~0; w &+= 1 }
        row[w1] |= (2 &<< UInt64(truncatingIfNeeded: b1 & 63)) &- 1
    }

    /// `accumulate` for an edge (top to bottom, `sign` its winding) crossing pixel rows
    /// `jBegin ..< jEnd` (more than one, or clipped to the band): one piece per row.
    /// Out of line: the short single-row edges stay small and inlined in the callers.
    static func accumulateRows(xq0: Int32, yq0: Int32, xq1: Int32, yq1: Int32, sign: Int32, jBegin: Int32, jEnd: Int32,
                               cells: UnsafeMutablePointer<Int32>, originX: Int, originY: Int32, stride: Int,
                               rowMin: UnsafeMutablePointer<Int32>?, rowMax: UnsafeMutablePointer<Int32>?,
                               blocks: UnsafeMutablePointer<UInt64>?, blockWords: Int) {
        // Row-boundary x in 24.8 fixed point, computed in Double: the error (≪ 1/2 unit) can
        // never round a point outside the edge's integer x range, so cells stay in the box.
        let slope = Double(xq1 &- xq0) / Double(yq1 &- yq0)
        let fx0 = Double(xq0)
        @inline(__always) func xAt(_ y: Int32) -> Int32 { FastRounding.int32(fx0 + Double(y &- yq0) * slope) }
        var j = jBegin
        // x at the top of the current row piece; carried from the previous piece's bottom, which
        // is the same expression at the same y, so banded and whole-path runs agree bit for bit.
        var ya = Swift.max(yq0, j << 8)
        var xa = xAt(ya)
        var row = cells + (Int(j &- originY) &* stride &- originX)
        while j < jEnd {
            let yb = Swift.min(yq1, (j &+ 1) << 8)
            let xb = xAt(yb)
            let (lo, hi) = coverPiece(row, xs: Swift.min(xa, xb), xe: Swift.max(xa, xb), d: ((yb &- ya) << 8) &* sign)
            if let rowMin, let rowMax {
                let r = Int(j &- originY)
                if lo < rowMin[r] { rowMin[r] = lo }
                if hi > rowMax[r] { rowMax[r] = hi }
            }
            if let blocks { mark(blocks + Int(j &- originY) &* blockWords, lo, hi, originX: originX) }
            ya = yb; xa = xb
            row += stride
            j &+= 1
        }
    }

    /// Every piece of an edge in one pixel row (a one-row edge, or one row of a longer one): a
    /// piece of at most two columns as two one-column pieces split at the column boundary, the
    /// first's part of `d` where the piece crosses it, so that one path without a branch takes
    /// both cases (which follows the edge's angle, a seat's from the last seat's: a branch on it
    /// is mispredicted). With one column the second piece is empty and the cells are
    /// `coverRow`'s; with two, the same areas, rounded as the crossing is (to a cell unit,
    /// 1/65,536 px²) where `coverRow` rounds them in `Float`. Wider pieces go to `coverRow`.
    /// Cell ix0 + 2 must exist.
    @inline(__always)
    static func coverPiece(_ row: UnsafeMutablePointer<Int32>, xs: Int32, xe: Int32, d: Int32) -> (Int32, Int32) {
        let ix1 = xe >> 8
        if _slowPath(ix1 &- (xs >> 8) > 1) { return coverRow(row, xs: xs, xe: xe, d: d) }
        let (ix0, a, b) = pieceDifferences(xs: OneLane(xs), xe: OneLane(xe), d: OneLane(d))
        let first = a.value, second = b.value
        let p = row + Int(ix0.value)
        p[0] &+= first; p[1] &+= second; p[2] &+= d &- first &- second
        return (ix0.value, ix1 &+ 1)
    }

    /// What a row piece of at most two columns (`coverPiece`) adds, lane-wise: its first
    /// column, and the first differences of that cell and the next; the cell after them gets
    /// `d` less both (0 for a piece of one column).
    @inline(__always)
    static func pieceDifferences<L: PieceLanes>(xs: L, xe: L, d: L) -> (column: L, first: L, second: L) {
        let ix0 = xs &>> L(every: 8), ix1 = xe &>> L(every: 8)
        // All ones for two columns.
        let m = L(every: 0) &- (ix1 &- ix0)
        // The first column's part of d: the piece's run to the boundary over its whole run.
        let run = ((ix0 &+ L(every: 1)) &<< L(every: 8)) &- xs
        let crossing = L.crossing(d, run: run, width: xe &- xs)
        let d0 = d ^ ((d ^ crossing) & m), d1 = d &- d0
        let fs = xs & L(every: 255), fe = xe & L(every: 255)
        // Each piece right of the edge by 1 − its mean fraction: the first ends at the
        // boundary (256) when there are two, the second starts at it (0).
        let fe0 = fe ^ ((fe ^ L(every: 256)) & m)
        let q0 = (d0 &* (L(every: 512) &- fs &- fe0)) &>> L(every: 9)
        let q1 = (d1 &* (L(every: 512) &- fe)) &>> L(every: 9)
        return (ix0, q0, d0 &- q0 &+ q1)
    }

    /// Adds the first differences of one row piece of an edge spanning `xs ≤ x ≤ xe` (24.8
    /// fixed point, ≥ 0) with signed height `d` (cell units); returns the first and last cell
    /// touched.
    @inline(__always)
    static func coverRow(_ row: UnsafeMutablePointer<Int32>, xs: Int32, xe: Int32, d: Int32) -> (Int32, Int32) {
        let ix0 = xs >> 8, ix1 = xe >> 8
        if ix0 == ix1 {
            // Within one pixel column the part right of the edge is 1 − mean fraction:
            // d·(512 − fs − fe)/512, exactly in integers.
            let q = (d &* (512 &- (xs & 255) &- (xe & 255))) >> 9
            row[Int(ix0)] &+= q
            row[Int(ix0) &+ 1] &+= d &- q
            return (ix0, ix0 &+ 1)
        }
        // F(i) = mean over the piece of clamp(i + 1 − x, 0, 1), with x uniform on [xs, xe]:
        // (Q(i+1−xs) − Q(i+1−xe)) / (xe − xs), Q(u) = u²/2 on [0,1], u − ½ beyond.
        let fd = Float(d)
        let inv256: Float = 1.0 / 256
        let fs = Float(xs & 255) * inv256, fe = Float(xe & 255) * inv256
        let invW = inverseWidth(columns: Float(ix1 &- ix0), fs: fs, fe: fe)
        var q = FastRounding.int32(firstArea(u: 1 - fs, invW: invW, d: fd))
        row[Int(ix0)] &+= q
        var prev = q
        var i = ix0 &+ 1
        while i < ix1 {
            q = FastRounding.int32(middleArea(u: Float(i &- ix0 &+ 1) - fs, invW: invW, d: fd))
            row[Int(i)] &+= q &- prev
            prev = q
            i &+= 1
        }
        q = FastRounding.int32(lastArea(u: Float(ix1 &- ix0 &+ 1) - fs, v: 1 - fe, invW: invW, d: fd))
        row[Int(ix1)] &+= q &- prev
        row[Int(ix1) &+ 1] &+= d &- q
        return (ix0, ix1 &+ 1)
    }

    /// 1 / the width in pixels of a piece from fraction `fs` of its first column to `fe` of its
    /// last, `columns` columns after the first (≥ 1), lane-wise. It and the three areas below
    /// are `coverRow`'s: each area is d·F(i) (F in `coverRow`), a `Float` not yet rounded to
    /// cells.
    @inline(__always)
    static func inverseWidth<F: AreaLanes>(columns: F, fs: F, fe: F) -> F {
        F(every: 1) / (columns + fe - fs)
    }

    /// The first column's area: u = 1 − fs, F = u²/2 / width.
    @inline(__always)
    static func firstArea<F: AreaLanes>(u: F, invW: F, d: F) -> F {
        (u * u * F(every: 0.5) * invW).atMostOne * d
    }

    /// A middle column's area: u = i + 1 − fs for its `i`th column after the first,
    /// F = (u − ½) / width.
    @inline(__always)
    static func middleArea<F: AreaLanes>(u: F, invW: F, d: F) -> F {
        ((u - F(every: 0.5)) * invW).atMostOne * d
    }

    /// The last column's area: u as for a middle column, v = 1 − fe,
    /// F = (u − ½ − v²/2) / width.
    @inline(__always)
    static func lastArea<F: AreaLanes>(u: F, v: F, invW: F, d: F) -> F {
        ((u - F(every: 0.5) - v * v * F(every: 0.5)) * invW).atMostOne * d
    }

    /// 8-bit coverage of an accumulated cell value under the nonzero rule: min(|a|, 1), rounded.
    @inline(__always)
    static func nonZeroAlpha(_ acc: Int32) -> UInt32 {
        let c = Swift.min(acc.magnitude, UInt32(one))
        return (c &* 255 &+ 32768) >> 16
    }

    /// The nonzero coverage (0…255, `nonZeroAlpha`) of the running sums
    /// over the four cells at `p`, which are zeroed; `acc` enters as the sum before them and
    /// leaves as the sum after.
    @inline(__always)
    static func nonZeroAlpha4(_ p: UnsafeMutablePointer<Int32>, acc: inout Int32) -> SIMD4<Int32> {
        let raw = UnsafeMutableRawPointer(p)
        let v = raw.loadUnaligned(as: SIMD4<Int32>.self)
        raw.storeBytes(of: SIMD4<Int32>(), as: SIMD4<Int32>.self)
        var sum = v &+ SIMD4<Int32>(0, v[0], v[1], v[2])
        sum = sum &+ SIMD4<Int32>(0, 0, sum[0], sum[1]) &+ SIMD4<Int32>(repeating: acc)
        acc = sum[3]
        // min(|sum|, one), with |Int32.min| (negative as Int32) counted as large.
        let sign = sum &>> 31
        let m = (sum ^ sign) &- sign
        let limit = SIMD4<Int32>(repeating: one)
        let c = m.replacing(with: limit, where: (m .> limit) .| (m .< SIMD4<Int32>()))
        return ((c &<< 8) &- c &+ SIMD4<Int32>(repeating: 32768)) &>> 16
    }

    /// 8-bit coverage under the even-odd rule: |a − 2·round(a/2)|, rounded.
    @inline(__always)
    static func evenOddAlpha(_ acc: Int32) -> UInt32 {
        var c = acc.magnitude & 0x1FFFF
        if c > 65536 { c = 131072 &- c }
        return (c &* 255 &+ 32768) >> 16
    }

    @inline(__always)
    static func alpha(_ acc: Int32, evenOdd: Bool) -> UInt32 {
        evenOdd ? evenOddAlpha(acc) : nonZeroAlpha(acc)
    }
}
