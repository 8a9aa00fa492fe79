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
    /// x must be ≥ 0 and cells up to column ⌊max x⌋ + 1 must exist. `rowMin`/`rowMax` (indexed
    /// by `y − originY`) widen to the touched columns.
    /// With `track` false the row ranges are left alone (the caller sweeps whole rows).
    @inline(__always)
    static func accumulate(edge e: SIMD4<Int32>, rowBegin: Int32, rowEnd: Int32,
                           cells: UnsafeMutablePointer<Int32>, originX: Int, originY: Int32, stride: Int,
                           rowMin: UnsafeMutablePointer<Int32>, rowMax: UnsafeMutablePointer<Int32>,
                           track: Bool = true) {
        var xq0 = e.x, yq0 = e.y, xq1 = e.z, yq1 = e.w
        var sign: Int32 = 1
        if yq0 > yq1 { swap(&xq0, &xq1); swap(&yq0, &yq1); sign = -1 }
        if yq0 == yq1 { return }
        let jBegin = Swift.max(yq0 >> 8, rowBegin)
        let jEnd = Swift.min(((yq1 &- 1) >> 8) &+ 1, rowEnd)
        if jBegin >= jEnd { return }
        let slope = Float(xq1 &- xq0) / Float(yq1 &- yq0)
        let fx0 = Float(xq0)
        let inv256: Float = 1.0 / 256
        var j = jBegin
        // x at the top of the current row piece; carried from the previous piece's bottom, which
        // is the same expression at the same y, so banded and whole-path runs agree bit for bit.
        var ya = Swift.max(yq0, j << 8)
        var xa = (fx0 + Float(ya &- yq0) * slope) * inv256
        var ixa = floor(xa)
        var row = cells + (Int(j &- originY) &* stride &- originX)
        while j < jEnd {
            let yb = Swift.min(yq1, (j &+ 1) << 8)
            let d = ((yb &- ya) << 8) &* sign
            let xb = (fx0 + Float(yb &- yq0) * slope) * inv256
            let ixb = floor(xb)
            let lo: Int32, hi: Int32
            if xa <= xb {
                (lo, hi) = coverRow(row, xs: xa, xe: xb, ix0: ixa, ix1: ixb, d: d)
            } else {
                (lo, hi) = coverRow(row, xs: xb, xe: xa, ix0: ixb, ix1: ixa, d: d)
            }
            if track {
                let r = Int(j &- originY)
                if lo < rowMin[r] { rowMin[r] = lo }
                if hi > rowMax[r] { rowMax[r] = hi }
            }
            ya = yb; xa = xb; ixa = ixb
            row += stride
            j &+= 1
        }
    }

    /// Adds the first differences of one row piece of an edge spanning `xs ≤ x ≤ xe` (pixels,
    /// ≥ 0, `ix0`/`ix1` their floors) with signed height `d` (cell units); returns the first and last cell touched.
    @inline(__always)
    static func coverRow(_ row: UnsafeMutablePointer<Int32>, xs: Float, xe: Float, ix0: Int32, ix1: Int32,
                         d: Int32) -> (Int32, Int32) {
        let fd = Float(d)
        if ix0 == ix1 {
            // Within one pixel column the part right of the edge is 1 − (mean x − column).
            let f = Float(ix0 &+ 1) - (xs + xe) * 0.5
            let q = round(f * fd)
            row[Int(ix0)] &+= q
            row[Int(ix0) &+ 1] &+= d &- q
            return (ix0, ix0 &+ 1)
        }
        // F(i) = mean over the piece of clamp(i + 1 − x, 0, 1), with x uniform on [xs, xe]:
        // (Q(i+1−xs) − Q(i+1−xe)) / (xe − xs), Q(u) = u²/2 on [0,1], u − ½ beyond.
        let invW = 1 / (xe - xs)
        var u = Float(ix0 &+ 1) - xs
        var q = round(Swift.min(u * u * 0.5 * invW, 1) * fd)
        row[Int(ix0)] &+= q
        var prev = q
        var i = ix0 &+ 1
        while i < ix1 {
            u = Float(i &+ 1) - xs
            q = round(Swift.min((u - 0.5) * invW, 1) * fd)
            row[Int(i)] &+= q &- prev
            prev = q
            i &+= 1
        }
        u = Float(ix1 &+ 1) - xs
        let v = Float(ix1 &+ 1) - xe
        q = round(Swift.min((u - 0.5 - v * v * 0.5) * invW, 1) * fd)
        row[Int(ix1)] &+= q &- prev
        row[Int(ix1) &+ 1] &+= d &- q
        return (ix0, ix1 &+ 1)
    }

    /// v rounded to nearest without a trapping conversion (adding 1.5·2²³ leaves the integer in
    /// the low mantissa bits); valid for |v| < 2²².
    @inline(__always) static func round(_ v: Float) -> Int32 {
        Int32(bitPattern: (v + 12582912.0).bitPattern) &- 0x4B40_0000
    }

    /// ⌊v⌋ for 0 ≤ v < 2²².
    @inline(__always) static func floor(_ v: Float) -> Int32 {
        let n = round(v)
        return Float(n) > v ? n &- 1 : n
    }

    /// 8-bit coverage of an accumulated cell value under the nonzero rule: min(|a|, 1), rounded.
    @inline(__always)
    static func nonZeroAlpha(_ acc: Int32) -> UInt32 {
        let c = Swift.min(acc.magnitude, UInt32(one))
        return (c &* 255 &+ 32768) >> 16
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
