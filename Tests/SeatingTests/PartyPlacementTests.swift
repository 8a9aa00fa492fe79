import Geometry
import Testing
@testable import Seating

@Suite struct PartyPlacementTests {
    typealias F = PlacementFixtures

    func place(_ n: Int, at seat: Int, _ v: Venue, _ a: EventAvailability) throws(PlacementRefusal) -> PartyPlacement {
        try PartyPlacement.place(partySize: n, at: seat, venue: v,
                                 vacancy: SeatVacancy(availability: a, now: F.now, ownHold: F.ownHold),
                                 pairing: AccessiblePairing(venue: v))
    }

    /// Hand-made rows. The field's halfway line is x = 200; group 0's seats sit at x = 5 + 10k,
    /// so towards higher numbers is towards the line there.
    @Test func at_the_tapped_seat_towards_the_halfway_line_when_both_fit() throws {
        let (v, a) = F.venue([["...................."]])
        // Seat 10 with 3: 10–12 (centre x 115) beats 8–10 (centre x 95).
        #expect(try place(3, at: 10, v, a) == PartyPlacement(block: SeatBlock(row: 0, seats: 10..<13), kind: .standard,
                                                               origin: .atTappedSeat(.towardsHigherNumbers)))
        // Group 1 (x = 205 + 10k) lies past the line: towards lower numbers wins there.
        let (w, b) = F.venue([["...................."], ["...................."]])
        #expect(try place(3, at: 30, w, b).block.seats == 28..<31)
        #expect(try place(3, at: 30, w, b).origin == .atTappedSeat(.towardsLowerNumbers))
    }

    @Test func takes_the_direction_that_fits() throws {
        let (v, a) = F.venue([["....x..........."]])
        // Seat 3 with 3: 3–5 crosses the sold seat 4, and 1–3 strands seat 0 at the row start:
        // nothing at the tapped seat fits. Around it, 0–2 strands seat 3 against the sold seat;
        // the nearest block is 5–7 (centre x 65, 30 from the seat's 35).
        let p = try place(3, at: 3, v, a)
        #expect(p.block.seats == 5..<8 && p.origin == .nearestInTribune && !p.isAtTappedSeat)
        // Seat 3 with 4: 0–3 fills the gap exactly between the row start and the sold seat.
        #expect(try place(4, at: 3, v, a) == PartyPlacement(block: SeatBlock(row: 0, seats: 0..<4), kind: .standard,
                                                              origin: .atTappedSeat(.towardsLowerNumbers)))
        // Seat 5 with 2: 5–6 leaves 7–15 (no orphan) and beats nothing else: 4 is sold.
        #expect(try place(2, at: 5, v, a) == PartyPlacement(block: SeatBlock(row: 0, seats: 5..<7), kind: .standard,
                                                              origin: .atTappedSeat(.towardsHigherNumbers)))
    }

    @Test func falls_back_to_the_nearest_block_in_the_tribune() throws {
        // Row 1 (nearest the field) is nearly full; row 2 behind it has room right behind seat 5.
        let (v, a) = F.venue([["xxxx...xxx", "..........", "x........."], ["........."]])
        // Seat 5 with 4: no room in its row (3 free), the nearest block of 4 is in row 2 behind:
        // windows 3–6 and 4–7 (centres 50 and 60 at y 85) are 10 from seat 5 (55, 95) either way:
        // the lower first seat wins.
        let p = try place(4, at: 5, v, a)
        #expect(p.block == SeatBlock(row: 1, seats: 13..<17) && p.origin == .nearestInTribune)
        // The other tribune (group 1) is never proposed, even when its seats are nearer.
        let (w, b) = F.venue([["xx.xx"], ["....."]], groupX: [0, 50])
        #expect(throws: PlacementRefusal(.noBlock(count: 2, kind: .standard, tribune: "Group 0"))) {
            try place(2, at: 2, w, b)
        }
    }

    @Test func a_wheelchair_space_takes_its_companion_seat() throws {
        let (v, a) = F.venue([["WC.......CW"]])
        let pairing = AccessiblePairing(venue: v)
        #expect(pairing.pairs.count == 2)
        // A party of 3 at the first space: the space, its companion seat and one more.
        #expect(try place(3, at: 0, v, a) == PartyPlacement(block: SeatBlock(row: 0, seats: 0..<3), kind: .accessible,
                                                              origin: .atTappedSeat(.towardsHigherNumbers)))
        // Alone, the space only.
        #expect(try place(1, at: 10, v, a).block.seats == 10..<11)
        // With 2 at the last space: it and its companion seat (9), towards lower numbers.
        #expect(try place(2, at: 10, v, a).block.seats == 9..<11)
        // Tapping a companion seat asks for an accessible block too: 2 from seat 1 are 0–1, the
        // space with its companion seat (1–2 holds no space).
        #expect(try place(2, at: 1, v, a) == PartyPlacement(block: SeatBlock(row: 0, seats: 0..<2), kind: .accessible,
                                                              origin: .atTappedSeat(.towardsLowerNumbers)))
        // Alone on a companion seat there is no space: the nearest space is proposed.
        let alone = try place(1, at: 9, v, a)
        #expect(alone.block.seats == 10..<11 && alone.origin == .nearestInTribune)
        // An ordinary tap never takes a space or a companion seat: 3 from seat 2 run to 2–4 (seat
        // 1 is a free companion seat, not a taken one, so nothing is stranded) …
        #expect(try place(3, at: 2, v, a).block.seats == 2..<5)
        // … and 3 from seat 8 to 6–8, not into the companion seat 9.
        #expect(try place(3, at: 8, v, a).block.seats == 6..<9)
    }

    @Test func bad_requests_are_typed_errors() {
        let (v, a) = F.venue([["....."]])
        #expect(throws: PlacementRefusal(.partySize(requested: 0, allowed: 1...8))) { try place(0, at: 0, v, a) }
        #expect(throws: PlacementRefusal(.partySize(requested: 9, allowed: 1...8))) { try place(9, at: 0, v, a) }
        #expect(throws: PlacementRefusal(.noSuchSeat(index: 5, seatCount: 5))) { try place(1, at: 5, v, a) }
        #expect(throws: PlacementRefusal(.vacancyMismatch(venueSeats: 5, vacancySeats: 3))) {
            try PartyPlacement.place(partySize: 1, at: 0, venue: v,
                                     vacancy: SeatVacancy(availability: EventAvailability(seatCount: 3), now: 0),
                                     pairing: AccessiblePairing(venue: v))
        }
        #expect(PlacementRefusal(.partySize(requested: 9, allowed: 1...8)).description
            == "Party size 9 is not possible: choose 1 to 8 seats.")
        #expect(PlacementRefusal(.noBlock(count: 4, kind: .accessible, tribune: "Ring 4 · North 1")).description
            == "No 4 seats with a wheelchair space are free next to each other in Ring 4 · North 1.")
    }

    /// Every party size at sampled seats of generated venues with random availability, against
    /// the brute force in `PlacementFixtures`.
    @Test(arguments: 0..<PlacementFixtures.generatedVenues.count)
    func matches_the_brute_force_on_generated_venues(_ k: Int) throws {
        let v = F.generatedVenues[k]
        let pairing = AccessiblePairing(venue: v)
        var rng = SeededGenerator(seed: 0x9A27 + UInt64(k))
        var checked = 0, fallbacks = 0, accessible = 0, refused = 0
        for round in 0..<3 {
            let a = F.randomAvailability(v, seed: UInt64(100 * k + round))
            let vacancy = SeatVacancy(availability: a, now: F.now, ownHold: F.ownHold)
            // Random seats, plus every wheelchair space and companion seat.
            var seats = (0..<25).map { _ in rng.below(v.seatCount) }
            seats += pairing.pairs.flatMap { [$0.space] + ($0.companion.map { [$0] } ?? []) }
            for seat in seats {
                for n in 1...8 {
                    let expected = F.place(n, at: seat, v, a, pairing)
                    let got = try? PartyPlacement.place(partySize: n, at: seat, venue: v, vacancy: vacancy, pairing: pairing)
                    #expect(got == expected, "venue \(k) round \(round) seat \(seat) party \(n)")
                    checked += 1
                    if got?.origin == .nearestInTribune { fallbacks += 1 }
                    if got?.kind == .accessible { accessible += 1 }
                    if got == nil { refused += 1 }
                }
            }
        }
        // The cases cover every rule.
        #expect(fallbacks > 0 && accessible > 0 && refused > 0 && checked > fallbacks + refused)
    }
}
