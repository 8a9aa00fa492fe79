/// The Seating tests' one seeded generator: Knuth's MMIX linear congruential generator, so a
/// seed gives the same venues, availabilities and corruptions on every run and platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// A number in 0..<n from the high bits (the low bits of an LCG repeat quickly).
    mutating func below(_ n: Int) -> Int { Int(next() >> 33) % n }
}
