import Geometry

/// The state of `UnclippedEdgeBuilder`'s loops over a polygon's sides, held in locals (so in
/// registers) while the loop runs and written back to the builder after it.
///
/// Each vertex's work is branch-free but for repeated vertices: an edge is stored for every
/// side and counted only when it is not horizontal, a turn's sign is gathered in the sign bits
/// of two words, and a reversal of the y direction is a change of sign between the last two
/// non-zero steps in y (`ConvexityProbe` keeps the same facts with branches).
struct SideRun {
    /// Bounds of the vertices in pixels and their sum, which NaN or ∞ makes non-finite; the
    /// bounds hold only while the sum is finite (`UnclippedEdgeBuilder.probe`).
    var low: SIMD2<Double>, high: SIMD2<Double>, sum = SIMD2<Double>(0, 0)
    /// The last vertex in 24.8 fixed point as one word, x in the low half (a vertex's bytes in
    /// the buffers).
    var last: UInt64
    /// The last non-zero step.
    var pdx: Int64, pdy: Int64
    /// Sign bits: some turn was negative (`negative`), some was positive (`positive`).
    var negative: Int64 = 0, positive: Int64 = 0
    /// The last non-zero step in y (0 before the first), and the reversals counted so far.
    var lastDy: Int32, flips: Int32
    /// Where the next edge and the next vertex go.
    var edge: UnsafeMutablePointer<SIMD4<Int32>>, vertex: UnsafeMutableRawPointer

    /// `p` (pixels) into the bounds and the sum; returns it in 24.8 fixed point as one word.
    @inline(__always) mutating func include(_ p: Point) -> UInt64 {
        let v = SIMD2(p.x, p.y)
        // (Written so that the bounds are the min's and max's first operand: no copies.)
        low = v.replacing(with: low, where: low .< v)
        high = v.replacing(with: high, where: high .> v)
        sum += v
        // (1.5 · 2⁵² added leaves v · 256 rounded to nearest in each lane's low 32 bits.)
        let q = unsafeBitCast(v * 256 + SIMD2(repeating: FastRounding.doubleBias), to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD2(q[0], q[2]), to: UInt64.self)
    }

    /// The side from `last` to `next` (a different vertex): its edge (kept unless horizontal),
    /// its turn from the last side, and a reversal in y; `next` becomes `last`. The vertex is
    /// stored at `vertex` but kept (the pointer advanced) only when `keepVertex` is 1.
    @inline(__always) mutating func side(to next: UInt64, keepVertex: Int) {
        side(unsafeBitCast(SIMD2(last, next), to: SIMD4<Int32>.self))
        vertex.storeBytes(of: next, as: UInt64.self)
        vertex += 8 &* keepVertex
        last = next
    }

    /// The side `e` (x0, y0, x1, y1): its edge, kept unless horizontal, and its turn (`turn`).
    @inline(__always) mutating func side(_ e: SIMD4<Int32>) {
        let step = e.highHalf &- e.lowHalf
        turn(step.x, step.y)
        edge.pointee = e
        edge += step.y == 0 ? 0 : 1
    }

    /// A side's step (sx, sy) into the turn signs (its cross product with the last step) and
    /// the reversals in y (its direction against the last non-zero step's); it becomes the
    /// last step.
    @inline(__always) mutating func turn(_ sx: Int32, _ sy: Int32) {
        let dx = Int64(sx), dy = Int64(sy)
        let c = pdx &* dy &- pdy &* dx
        negative |= c; positive |= 0 &- c
        let nextDy = sy == 0 ? lastDy : sy
        flips &+= Int32(bitPattern: UInt32(bitPattern: nextDy ^ lastDy) >> 31)
        lastDy = nextDy
        pdx = dx; pdy = dy
    }

    /// Takes back the reversal the loop counted for a subpath's first step in y when it is
    /// downward (negative `firstDy`): from no direction (`lastDy` 0) to any is no reversal.
    @inline(__always) mutating func uncountStartReversal(firstDy: Int32) {
        flips &-= Int32(bitPattern: UInt32(bitPattern: firstDy) >> 31)
    }

    /// The turns seen, as `ConvexityProbe.turns`: bit 0 a positive turn, bit 1 a negative one.
    var turnBits: UInt8 { (positive < 0 ? 1 : 0) | (negative < 0 ? 2 : 0) }
}
