import Foundation

/// Where the random half of new hold, order and ticket ids comes from (`BoxOfficeStore.newID`):
/// the system's generator in service, or — for a demo or a test whose output must be the same
/// on every run (the receipt shows the order's code) — a seeded SplitMix64 sequence (Steele, Lea
/// and Flood 2014). Ids stay unique either way: the seeded sequence never repeats within 2⁶⁴
/// draws, and the time half differs between runs.
public final class IDRandomness: @unchecked Sendable {
    // Guarded by `lock`; nil: the system's generator.
    private var state: UInt64?
    private let lock = NSLock()

    /// The system's generator (`SystemRandomNumberGenerator`).
    public init() { state = nil }

    /// The SplitMix64 sequence from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public func next() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        guard var s = state else {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
        s &+= 0x9E37_79B9_7F4A_7C15
        state = s
        var z = s
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
