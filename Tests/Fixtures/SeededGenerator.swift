import Foundation

/// The tests' seeded generator: SplitMix64 (Steele, Lea and Flood 2014). A fixed seed gives the
/// same cases on every run, toolchain and platform (`Double.random(in:using:)` may change between
/// toolchains; these helpers do not), so a failing case can be replayed by its seed and index.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Uniform between `a` and `b`.
    public mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// Log-uniform in `range` (both bounds > 0): as many small as large values per decade.
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        exp(uniform(log(range.lowerBound)...log(range.upperBound)))
    }

    /// 0 ..< n (n > 0), by the remainder (a bias of n / 2⁶⁴, immaterial for tests).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
