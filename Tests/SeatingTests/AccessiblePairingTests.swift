import Testing
@testable import Seating

@Suite struct AccessiblePairingTests {
    typealias F = PlacementFixtures

    @Test(arguments: [
        // (row, expected (space, companion) by seat position in the row)
        ("WC......CW", [(0, 1), (9, 8)] as [(Int, Int?)]),
        ("CWC", [(1, 0)]),            // the companion before it first
        ("WCW", [(0, 1), (2, nil)]),  // one companion seat, one space
        ("CWWC", [(1, 0), (2, 3)]),
        ("W.C", [(0, nil)]),          // not beside it
        ("C..", []),                  // a companion seat with no space pairs with nothing
    ] as [(String, [(Int, Int?)])])
    func pairs_each_space_with_the_companion_seat_beside_it(_ picture: String, _ expected: [(Int, Int?)]) {
        // The row sits second in the venue, so seat indices are offset by the first row's 4.
        let (v, _) = F.venue([["....", picture]])
        let pairing = AccessiblePairing(venue: v)
        #expect(pairing.pairs == expected.map { AccessiblePairing.Pair(space: 4 + $0.0, companion: $0.1.map { 4 + $0 }) })
        for (space, companion) in expected {
            #expect(pairing.companion(of: 4 + space) == companion.map { 4 + $0 })
            if let companion { #expect(pairing.space(of: 4 + companion) == 4 + space) }
            #expect(pairing.isAccessible(4 + space))
        }
        #expect(!pairing.isAccessible(0))
    }

    /// Generated venues: in the innermost ring, the first north and south tribunes have a space
    /// at each end of row 1 with its companion seat beside it (docs/venue-format.md).
    @Test func generated_venue_pairs_row_ends() {
        let v = StadiumGenerator.generate(.design(width: 1000))
        let pairing = AccessiblePairing(venue: v)
        let firstRows = v.tribunes.filter { $0.id == "R4-N01" || $0.id == "R4-S01" }.map { v.rows[$0.rows.lowerBound].seats }
        #expect(firstRows.count == 2)
        let expected = firstRows.flatMap { r in
            [AccessiblePairing.Pair(space: r.lowerBound, companion: r.lowerBound + 1),
             AccessiblePairing.Pair(space: r.upperBound - 1, companion: r.upperBound - 2)]
        }.sorted { $0.space < $1.space }
        #expect(pairing.pairs == expected)
        // The filter: only pairs whose space (and companion) are free now.
        var a = EventAvailability(seatCount: v.seatCount)
        a.set(expected[0].space, .sold)
        a.set(expected[1].companion!, .held(hold: "other", until: 1e9))
        a.set(expected[2].companion!, .held(hold: "me", until: 1e9))
        let free = SeatVacancy(availability: a, now: 0, ownHold: "me")
        #expect(pairing.available(in: free) == [expected[2], expected[3]])
    }
}
