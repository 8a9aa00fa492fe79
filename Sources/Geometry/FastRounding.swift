/// Rounding to an integer without a trapping conversion or a libm call, for hot loops.
///
/// Adding 1.5·2ᵖ (p = 52 for `Double`, 23 for `Float`) to a value well inside ±2ᵖ⁻¹ leaves the
/// value rounded to the nearest integer (ties to even, the FPU's mode) in the low bits of the
/// sum's bit pattern, in two's complement. The constants are `@inlinable` so that callers in
/// other modules fold them into their loops.
public enum FastRounding {
    /// 1.5·2⁵²: the bias that rounds a `Double` (lane-wise too: add it to a `SIMD4<Double>`).
    @inlinable public static var doubleBias: Double { 6_755_399_441_055_744.0 }

    /// 1.5·2²³: the bias that rounds a `Float`.
    @inlinable public static var floatBias: Float { 12_582_912.0 }

    /// `v` rounded to the nearest integer, ties to even. Valid for |v| < 2³¹.
    @inlinable @inline(__always)
    public static func int32(_ v: Double) -> Int32 {
        Int32(truncatingIfNeeded: (v + doubleBias).bitPattern)
    }

    /// `v` rounded to the nearest integer, ties to even. Valid for |v| < 2²².
    @inlinable @inline(__always)
    public static func int32(_ v: Float) -> Int32 {
        // The biased sum's bit pattern is floatBias's (0x4B40_0000) plus the integer.
        Int32(bitPattern: (v + floatBias).bitPattern) &- Int32(bitPattern: floatBias.bitPattern)
    }

    /// `v` rounded lane-wise to the nearest integers, ties to even. Valid for |v| < 2²² in
    /// every lane.
    @inlinable @inline(__always)
    public static func int32(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        unsafeBitCast(v + SIMD4(repeating: floatBias), to: SIMD4<Int32>.self)
            &- SIMD4(repeating: Int32(bitPattern: floatBias.bitPattern))
    }
}
