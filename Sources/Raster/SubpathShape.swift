/// What the edge builders learn about one subpath while they flatten it, so the rasterizer can
/// tell when plain exact-area accumulation is exact.
///
/// Accumulation sums the winding number over each pixel; that equals the covered area only
/// where the winding inside a pixel takes the values {0, 1} or {0, −1}. A convex subpath
/// (every turn the same way, the y direction reversing exactly twice) has that property on its
/// own; overlaps between subpaths or a self-intersecting outline do not (`WindingResolver`).
struct SubpathShape {
    /// Index of the subpath's first edge in the edge buffer, and one past its last.
    var start: Int32, end: Int32
    /// True when the outline is convex (or degenerate: all on one line).
    var convex: Bool
    /// +1 or −1 by the sign of its turns; 0 when every vertex lies on one line (zero area: its
    /// edges cancel in the accumulation).
    var orientation: Int8
    /// Its distinct vertices (24.8 fixed point) in the builder's vertex buffer, in order:
    /// `vertices[firstVertex ..< firstVertex + vertexCount]`, the closing side implied.
    var firstVertex: Int32 = 0, vertexCount: Int32 = 0
    /// Bounds of its vertices in 24.8 fixed point: (min x, min y, max x, max y).
    var box = SIMD4<Int32>(0, 0, 0, 0)

    /// The pixels `box` reaches — columns ⌊min x⌋ … ⌊max x⌋, rows ⌊min y⌋ … ⌊max y − 1⌋, at
    /// least one — as an open box in 24.8 units: two such boxes overlap exactly when they
    /// share a pixel.
    @inline(__always) var pixelBox: SIMD4<Int32> {
        let y0 = box.y >> 8
        return SIMD4<Int32>(box.x >> 8, y0, (box.z >> 8) &+ 1, Swift.max(((box.w &- 1) >> 8) &+ 1, y0 &+ 1)) &<< 8
    }
}

/// Tracks the turns of a polyline's edge vectors: convex when no two turns have opposite signs
/// and the y direction reverses at most twice around the closed outline (a convex polygon
/// turns through 2π once; an outline that winds twice, like a pentagram, reverses four times).
struct ConvexityProbe<Scalar: TurnScalar> {
    var firstDx: Scalar = 0, firstDy: Scalar = 0
    var prevDx: Scalar = 0, prevDy: Scalar = 0
    /// Bit 0: a positive turn was seen; bit 1: a negative one.
    var turns: UInt8 = 0
    var flips: Int32 = 0
    var firstDown: Int8 = 0, lastDown: Int8 = 0
    var started = false

    @inline(__always) mutating func reset() {
        turns = 0; flips = 0; firstDown = 0; lastDown = 0; started = false
    }

    @inline(__always) mutating func add(_ dx: Scalar, _ dy: Scalar) {
        if dx == 0 && dy == 0 { return }
        if started {
            let c = Scalar.cross(prevDx, prevDy, dx, dy)
            turns |= (c > 0 ? 1 : 0) | (c < 0 ? 2 : 0)
        } else {
            firstDx = dx; firstDy = dy; started = true
        }
        prevDx = dx; prevDy = dy
        if dy != 0 {
            let d: Int8 = dy > 0 ? 1 : -1
            if d != lastDown {
                if lastDown != 0 { flips &+= 1 } else { firstDown = d }
                lastDown = d
            }
        }
    }

    /// Closes the outline (the turn from the last edge back to the first) and classifies it.
    @inline(__always) mutating func finish() -> (convex: Bool, orientation: Int8) {
        if started {
            let c = Scalar.cross(prevDx, prevDy, firstDx, firstDy)
            turns |= (c > 0 ? 1 : 0) | (c < 0 ? 2 : 0)
        }
        if firstDown != 0 && lastDown != firstDown { flips &+= 1 }
        return Self.classify(turns: turns, flips: flips)
    }

    /// An outline whose turns (bit 0 positive, bit 1 negative) and reversals in y are known:
    /// convex when not both signs turn and y reverses at most twice; oriented by the one sign.
    @inline(__always) static func classify(turns: UInt8, flips: Int32) -> (convex: Bool, orientation: Int8) {
        (turns != 3 && flips <= 2, turns == 1 ? 1 : (turns == 2 ? -1 : 0))
    }
}

/// The coordinates `ConvexityProbe` takes: its turn is the sign of a cross product.
protocol TurnScalar: SignedNumeric, Comparable {
    /// ax·by − ay·bx.
    static func cross(_ ax: Self, _ ay: Self, _ bx: Self, _ by: Self) -> Self
}

extension Double: TurnScalar {
    @inline(__always) static func cross(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        ax * by - ay * bx
    }
}

extension Int64: TurnScalar {
    /// Wrapping, without the overflow checks (three branches a vertex): the unclipped
    /// builder's steps are `Int32` differences, so each product is at most 2⁶² in magnitude
    /// and the difference wraps only when both are exactly ±2⁶² (steps of −2³¹), where the
    /// checked arithmetic trapped.
    @inline(__always) static func cross(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Int64 {
        ax &* by &- ay &* bx
    }
}
