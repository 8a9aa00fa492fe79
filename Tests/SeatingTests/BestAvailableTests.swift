import Geometry
import Testing
@testable import Seating

@Suite struct BestAvailableTests {
    typealias F = PlacementFixtures

    /// Every party size, both kinds, several categories, on generated venues with random
    /// availability: the block equals the brute force's (least squared distance from its centre
    /// to the halfway line, then lowest first seat).
    @Test(arguments: 0..<PlacementFixtures.generatedVenues.count)
    func matches_the_brute_force_on_generated_venues(_ k: Int) throws {
        let v = F.generatedVenues[k]
        let pairing = AccessiblePairing(venue: v)
        var found = 0, none = 0
        for round in 0..<3 {
            let a = F.randomAvailability(v, seed: UInt64(7 + 100 * k + round))
            let vacancy = SeatVacancy(availability: a, now: F.now, ownHold: F.ownHold)
            for n in 1...8 {
                for (kind, category) in [(.standard, nil), (.standard, "CAT1"), (.standard, "CAT3"), (.accessible, nil)]
                    as [(SeatBlock.Kind, String?)] {
                    let c = category.flatMap { v.categoryIndex(id: $0) }.map(UInt16.init)
                    let all = F.windows(count: n, rows: 0..<v.rows.count, kind: kind, category: c, v, a, pairing)
                    let expected = F.least(all) { F.halfwayScore($0, v) }
                    let got = try? BestAvailable.block(partySize: n, kind: kind, category: category, venue: v,
                                                       vacancy: vacancy, pairing: pairing)
                    #expect(got == expected, "venue \(k) round \(round) party \(n) \(kind) \(category ?? "any")")
                    if got == nil { none += 1 } else { found += 1 }
                }
            }
        }
        #expect(found > 0 && none > 0)
    }

    /// On an empty design stadium the best pair is row 1 of the innermost north or south stand,
    /// at the halfway line (worked out from the generator's geometry, not the search).
    @Test func empty_stadium_best_is_front_row_at_the_halfway_line() throws {
        let v = StadiumGenerator.generate(.design(width: 1000))
        let free = SeatVacancy(availability: EventAvailability(seatCount: v.seatCount), now: 0)
        let b = try BestAvailable.block(partySize: 2, venue: v, vacancy: free, pairing: AccessiblePairing(venue: v))
        let tribune = v.tribunes[Int(v.seats[b.first].tribune)]
        #expect(tribune.id.hasPrefix("R4-N") || tribune.id.hasPrefix("R4-S"))
        #expect(b.row == tribune.rows.lowerBound)
        // The halfway line may fall in the gap between two stands (it does here): the pair then
        // holds the row's seat nearest the line.
        let nearest = v.rows[b.row].seats.min { abs(v.seats[$0].center.x - v.field.midX) < abs(v.seats[$1].center.x - v.field.midX) }!
        #expect(b.seats.contains(nearest))
        #expect(abs(b.centre(in: v).x - v.field.midX) < tribune.bounds.width / 2)
        // Accessible: a space and its companion seat (the generator puts them at row ends).
        let pairing = AccessiblePairing(venue: v)
        let acc = try BestAvailable.block(partySize: 2, kind: .accessible, venue: v, vacancy: free, pairing: pairing)
        #expect(pairing.pairs.contains { Set([$0.space, $0.companion]) == Set(acc.seats.map { Optional($0) }) })
    }

    @Test func refusals_name_what_was_asked() {
        let (v, a) = F.venue([["xx.xx"]])
        let free = SeatVacancy(availability: a, now: F.now, ownHold: F.ownHold)
        let pairing = AccessiblePairing(venue: v)
        #expect(throws: PlacementRefusal(.noBlock(count: 2, kind: .standard, tribune: nil))) {
            try BestAvailable.block(partySize: 2, venue: v, vacancy: free, pairing: pairing)
        }
        #expect(throws: PlacementRefusal(.unknownCategory("VIP"))) {
            try BestAvailable.block(partySize: 1, category: "VIP", venue: v, vacancy: free, pairing: pairing)
        }
        #expect(throws: PlacementRefusal(.noBlock(count: 1, kind: .accessible, tribune: nil))) {
            try BestAvailable.block(partySize: 1, kind: .accessible, venue: v, vacancy: free, pairing: pairing)
        }
        #expect(throws: PlacementRefusal(.partySize(requested: 11, allowed: 1...10))) {
            try BestAvailable.block(partySize: 11, maxPerOrder: 10, venue: v, vacancy: free, pairing: pairing)
        }
    }

    /// `SeatSelection.bestAvailable` is the same search with the selection's seats taken.
    @Test func seat_selection_adds_the_best_block_beside_its_seats() throws {
        let (v, a) = F.venue([["..........", ".........."]])
        var sel = SeatSelection(ownHold: F.ownHold)
        // Row 0 x = 5…95: nearest the line (x = 200) are its highest seats.
        #expect(try sel.bestAvailable(count: 3, venue: v, availability: a, now: F.now) == [7, 8, 9])
        sel.add([9])
        // With seat 9 chosen, 6–8 (centre 75, 125 from the line and 5 above the field) lose to
        // row 1's 17–19 (centre 85: 115 from it, 15 above): 115² + 15² < 125² + 5².
        #expect(try sel.bestAvailable(count: 3, venue: v, availability: a, now: F.now) == [17, 18, 19])
        #expect(throws: SelectionRefusal.limitReached(max: 8)) {
            try sel.bestAvailable(count: 8, venue: v, availability: a, now: F.now)
        }
        #expect(throws: SelectionRefusal.noBlockAvailable(count: 3, category: "VIP")) {
            try sel.bestAvailable(count: 3, category: "VIP", venue: v, availability: a, now: F.now)
        }
    }
}
