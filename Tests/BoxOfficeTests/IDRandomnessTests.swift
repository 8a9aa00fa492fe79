import Testing
@testable import BoxOffice

/// Seeded ids repeat from run to run (the demo's receipt shows an order's code) and follow
/// SplitMix64; the system's generator does not repeat.
@Suite struct IDRandomnessTests {
    /// The first outputs of the SplitMix64 reference implementation (Vigna, splitmix64.c) for
    /// seed 0.
    @Test func seedZeroGivesTheReferenceSequence() {
        let r = IDRandomness(seed: 0)
        #expect([r.next(), r.next(), r.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func aSeedGivesTheSameIdsEveryTime() {
        let a = IDRandomness(seed: 42), b = IDRandomness(seed: 42), c = IDRandomness(seed: 43)
        let now: Int64 = 1_790_000_000_000
        let ids = (0..<5).map { _ in BoxOfficeStore.newID("ord_", now: now, randomness: a) }
        #expect(ids == (0..<5).map { _ in BoxOfficeStore.newID("ord_", now: now, randomness: b) })
        #expect(Set(ids).count == 5)
        #expect(ids[0] != BoxOfficeStore.newID("ord_", now: now, randomness: c))
        // prefix, 11 hex digits of the time, 12 of the random draw.
        #expect(ids.allSatisfy { $0.hasPrefix("ord_") && $0.count == 4 + 23 })
        #expect(ids[0].dropFirst(4).prefix(11) == String(String(now, radix: 16).suffix(11)).paddedTo11)
    }

    @Test func theSystemGeneratorDoesNotRepeat() {
        let r = IDRandomness()
        #expect(Set((0..<64).map { _ in r.next() }).count == 64)
    }
}

private extension String {
    var paddedTo11: String { String(repeating: "0", count: max(0, 11 - count)) + self }
}
