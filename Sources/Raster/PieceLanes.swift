import Geometry

/// Integer lanes for `CoverageAccumulator.pieceDifferences`: one row piece (`OneLane`, in
/// `coverPiece`) or four (`SIMD4<Int32>`, in `PieceBatch.flush`), so both compute a piece's
/// cells with one body. Operators wrap, as `Int32`'s `&` operators do.
protocol PieceLanes {
    /// Every lane `v`.
    init(every v: Int32)
    static func &+ (a: Self, b: Self) -> Self
    static func &- (a: Self, b: Self) -> Self
    static func &* (a: Self, b: Self) -> Self
    static func &>> (a: Self, b: Self) -> Self
    static func &<< (a: Self, b: Self) -> Self
    static func & (a: Self, b: Self) -> Self
    static func ^ (a: Self, b: Self) -> Self
    /// d · run / max(width, 1), lane-wise through `Float` (|d| · run ≤ 2²⁴, exact), rounded once
    /// to the nearest integer, ties to even.
    static func crossing(_ d: Self, run: Self, width: Self) -> Self
}

/// One lane (`coverPiece`'s): an `Int32` with the wrapping operators under the protocol's names.
struct OneLane: PieceLanes {
    var value: Int32

    @inline(__always) init(_ value: Int32) { self.value = value }
    @inline(__always) init(every v: Int32) { value = v }

    @inline(__always) static func &+ (a: Self, b: Self) -> Self { Self(a.value &+ b.value) }
    @inline(__always) static func &- (a: Self, b: Self) -> Self { Self(a.value &- b.value) }
    @inline(__always) static func &* (a: Self, b: Self) -> Self { Self(a.value &* b.value) }
    @inline(__always) static func &>> (a: Self, b: Self) -> Self { Self(a.value &>> b.value) }
    @inline(__always) static func &<< (a: Self, b: Self) -> Self { Self(a.value &<< b.value) }
    @inline(__always) static func & (a: Self, b: Self) -> Self { Self(a.value & b.value) }
    @inline(__always) static func ^ (a: Self, b: Self) -> Self { Self(a.value ^ b.value) }

    @inline(__always) static func crossing(_ d: Self, run: Self, width: Self) -> Self {
        Self(FastRounding.int32(Float(d.value) * Float(run.value) / Float(Swift.max(width.value, 1))))
    }
}

extension SIMD4: PieceLanes where Scalar == Int32 {
    @inline(__always) init(every v: Int32) { self.init(repeating: v) }

    @inline(__always) static func crossing(_ d: Self, run: Self, width: Self) -> Self {
        FastRounding.int32(SIMD4<Float>(d) * SIMD4<Float>(run) / SIMD4<Float>(width.replacing(with: 1, where: width .< 1)))
    }
}
