import Testing
@testable import Seating

@Suite struct EventAvailabilityTests {
    static let venue = StadiumGenerator.generate(.forSeatCount(600))

    @Test func deltas_apply_in_order_and_stale_or_out_of_order_ones_are_refused() throws {
        let v = Self.venue
        let lookup = SeatLookup(venue: v)
        var a = EventAvailability(seatCount: v.seatCount)
        let s0 = v.seatIDs[0], s1 = v.seatIDs[1], s2 = v.seatIDs[2]
        try a.apply(AvailabilityDelta(baseRevision: 0, revision: 1, changes: [.init(seatID: s0, status: .sold),
                                                                              .init(seatID: s1, status: .held(hold: "h1", until: 30))]),
                    lookup: lookup)
        #expect(a.revision == 1 && a.status(0) == .sold && a.status(1) == .held(hold: "h1", until: 30))
        #expect(a.status(1, at: 31) == .available)
        // Stale: revision 1 again.
        #expect(throws: AvailabilityDeltaError.stale(deltaRevision: 1, currentRevision: 1)) {
            try a.apply(AvailabilityDelta(baseRevision: 0, revision: 1, changes: []), lookup: lookup)
        }
        // Out of order: 2→3 before 1→2.
        #expect(throws: AvailabilityDeltaError.outOfOrder(baseRevision: 2, currentRevision: 1)) {
            try a.apply(AvailabilityDelta(baseRevision: 2, revision: 3, changes: []), lookup: lookup)
        }
        // An unknown seat refuses the whole delta (nothing applied).
        #expect(throws: AvailabilityDeltaError.unknownSeat("nope")) {
            try a.apply(AvailabilityDelta(baseRevision: 1, revision: 2, changes: [.init(seatID: s2, status: .blocked),
                                                                                  .init(seatID: "nope", status: .sold)]),
                        lookup: lookup)
        }
        #expect(a.revision == 1 && a.status(2) == .available)
        try a.apply(AvailabilityDelta(baseRevision: 1, revision: 2, changes: [.init(seatID: s1, status: .available)]),
                    lookup: lookup)
        #expect(a.status(1) == .available && a.revision == 2)
        // A full snapshot replaces everything, from any older revision.
        try a.apply(AvailabilityDelta(baseRevision: 0, revision: 10, full: true, changes: [.init(seatID: s2, status: .blocked)]),
                    lookup: lookup)
        #expect(a.revision == 10 && a.status(0) == .available && a.status(2) == .blocked)
        #expect(AvailabilityDeltaError.outOfOrder(baseRevision: 2, currentRevision: 1).description.contains("out-of-order"))
    }

    @Test func seat_lookup_finds_every_id() {
        let v = Self.venue
        let lookup = SeatLookup(venue: v)
        for i in 0..<v.seatCount { #expect(lookup.index(of: v.seatIDs[i]) == i) }
        #expect(lookup.index(of: "R9-X99-1-1") == nil)
        #expect(lookup.index(of: "") == nil)
    }

    /// The bulk view (status codes, hold expiries) agrees with `status(_:)`.
    @Test func statusCodesAndHoldExpiryAgreeWithStatus() {
        var a = EventAvailability(seatCount: 6)
        a.set(1, .held(hold: "h1", until: 120))
        a.set(2, .sold)
        a.set(3, .blocked)
        a.set(4, .held(hold: "h2", until: 30.5))
        a.set(5, .held(hold: "h1", until: 120))
        a.set(5, .available)
        #expect(a.statusCodes == [0, 1, 2, 3, 1, 0])
        #expect(a.holdExpiry(1) == 120)
        #expect(a.holdExpiry(4) == 30.5)
        for i in [0, 2, 3, 5, -1, 6] { #expect(a.holdExpiry(i) == nil) }
        for i in 0..<6 {
            let expected: UInt8 = switch a.status(i) {
            case .available: EventAvailability.StatusCode.available
            case .held: EventAvailability.StatusCode.held
            case .sold: EventAvailability.StatusCode.sold
            case .blocked: EventAvailability.StatusCode.blocked
            }
            #expect(a.statusCodes[i] == expected)
        }
    }
}
