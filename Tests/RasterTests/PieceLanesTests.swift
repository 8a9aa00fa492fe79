import Testing
@testable import Raster

/// `PieceLanes`: one lane and four compute the same piece, and the crossing is the quotient
/// rounded once, to the nearest integer with ties to even.
struct PieceLanesTests {
    /// Each lane of a four-lane computation equals the one-lane computation of its piece.
    @Test func fourLanesAreFourOneLanePieces() {
        let pieces = CoverageAccumulatorTests.pieces(columns: 1, startStep: 13, endStep: 9)
        #expect(pieces.count > 64)
        var checked = 0
        for start in Swift.stride(from: 0, to: pieces.count - 4, by: 4) {
            let group = pieces[start..<(start + 4)]
            let xs = SIMD4<Int32>(group.map(\.xs)), xe = SIMD4<Int32>(group.map(\.xe)), d = SIMD4<Int32>(group.map(\.d))
            let four = CoverageAccumulator.pieceDifferences(xs: xs, xe: xe, d: d)
            for (lane, p) in group.enumerated() {
                let one = CoverageAccumulator.pieceDifferences(xs: OneLane(p.xs), xe: OneLane(p.xe), d: OneLane(p.d))
                #expect(four.column[lane] == one.column.value && four.first[lane] == one.first.value
                        && four.second[lane] == one.second.value, "piece \(p)")
                checked += 1
            }
        }
        #expect(checked > 64)
    }

    /// The crossing against `Float`'s own rounding of the quotient, ties included (d·run/width
    /// exactly k + ½), and a width of 0 taken as 1.
    @Test func theCrossingIsTheQuotientRoundedToNearestEven() {
        let cases: [(d: Int32, run: Int32, width: Int32)] = [
            (65536, 100, 300), (-65536, 100, 300), (5, 1, 2), (7, 1, 2), (-5, 1, 2), (-7, 1, 2),
            (23 << 8, 255, 256), (-(201 << 8), 1, 511), (65536, 0, 0), (3, 1, 0), (65536, 256, 256),
        ]
        for c in cases {
            let expected = Int32((Float(c.d) * Float(c.run) / Float(Swift.max(c.width, 1))).rounded(.toNearestOrEven))
            #expect(OneLane.crossing(OneLane(c.d), run: OneLane(c.run), width: OneLane(c.width)).value == expected, "\(c)")
            let lanes = SIMD4<Int32>.crossing(SIMD4(repeating: c.d), run: SIMD4(repeating: c.run),
                                              width: SIMD4(repeating: c.width))
            #expect(lanes == SIMD4(repeating: expected), "\(c)")
        }
        // The ties round to even: 2.5 → 2, 3.5 → 4, −2.5 → −2.
        #expect(OneLane.crossing(OneLane(5), run: OneLane(1), width: OneLane(2)).value == 2)
        #expect(OneLane.crossing(OneLane(7), run: OneLane(1), width: OneLane(2)).value == 4)
        #expect(OneLane.crossing(OneLane(-5), run: OneLane(1), width: OneLane(2)).value == -2)
    }
}
