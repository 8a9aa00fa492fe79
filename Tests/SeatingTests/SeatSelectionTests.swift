import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct SeatSelectionTests {
    static let venue = StadiumGenerator.generate(.design(width: 1000))
    /// A CAT1 row without special seats, and its seats.
    static let row: [Int] = {
        let v = venue
        let r = v.rows.first { row in
            row.seatCount >= 8 && row.seats.allSatisfy { v.seats[$0].category == 0 && v.seats[$0].flags.isEmpty }
        }!
        return Array(r.seats)
    }()

    @Test func maximum_per_order() throws {
        let v = Self.venue, row = Self.row
        var sel = SeatSelection(maxPerOrder: 2)
        let free = EventAvailability(seatCount: v.seatCount)
        #expect(try sel.toggle(row[0], venue: v, availability: free, now: 0))
        #expect(try sel.toggle(row[1], venue: v, availability: free, now: 0))
        #expect(throws: SelectionRefusal.limitReached(max: 2)) { try sel.toggle(row[2], venue: v, availability: free, now: 0) }
        #expect(SelectionRefusal.limitReached(max: 2).description == "You can choose at most 2 seats per order.")
        // Giving one back is always allowed, then another fits.
        #expect(try !sel.toggle(row[0], venue: v, availability: free, now: 0))
        #expect(try sel.toggle(row[2], venue: v, availability: free, now: 0))
        #expect(sel.seats == [row[1], row[2]])
        // Default limit is 8.
        #expect(SeatSelection().maxPerOrder == 8)
    }

    @Test func unavailable_seats_refuse_with_a_reason() throws {
        let v = Self.venue, row = Self.row
        var a = EventAvailability(seatCount: v.seatCount)
        a.set(row[0], .sold)
        a.set(row[1], .blocked)
        a.set(row[2], .held(hold: "other", until: 100))
        a.set(row[3], .held(hold: "mine", until: 100))
        var sel = SeatSelection(ownHold: "mine")
        let id0 = v.seatIDs[row[0]]
        #expect(throws: SelectionRefusal.unavailable(seat: id0, status: .sold)) { try sel.toggle(row[0], venue: v, availability: a, now: 0) }
        #expect(throws: SelectionRefusal.unavailable(seat: v.seatIDs[row[1]], status: .blocked)) {
            try sel.toggle(row[1], venue: v, availability: a, now: 0)
        }
        #expect(throws: SelectionRefusal.unavailable(seat: v.seatIDs[row[2]], status: .held(hold: "other", until: 100))) {
            try sel.toggle(row[2], venue: v, availability: a, now: 50)
        }
        #expect(SelectionRefusal.unavailable(seat: id0, status: .sold).description == "Seat \(id0) is already sold.")
        // Our own hold is ours; someone else's expired hold is free again (lazy expiry).
        #expect(try sel.toggle(row[3], venue: v, availability: a, now: 50))
        #expect(try sel.toggle(row[2], venue: v, availability: a, now: 100))
    }

    @Test func no_orphan_rule() throws {
        let v = Self.venue, row = Self.row
        var a = EventAvailability(seatCount: v.seatCount)
        a.set(row[0], .sold)
        var strict = SeatSelection(noOrphans: true)
        // Taking seat 3 would strand seat 2 between the sold seat 1 and it.
        #expect(throws: SelectionRefusal.wouldLeaveOrphan(seat: v.seatIDs[row[2]], orphan: v.seatIDs[row[1]])) {
            try strict.toggle(row[2], venue: v, availability: a, now: 0)
        }
        #expect(try strict.toggle(row[1], venue: v, availability: a, now: 0))
        #expect(try strict.toggle(row[2], venue: v, availability: a, now: 0))
        // Seat 5 would strand seat 4 between our seat 3 and it.
        #expect(throws: SelectionRefusal.wouldLeaveOrphan(seat: v.seatIDs[row[4]], orphan: v.seatIDs[row[3]])) {
            try strict.toggle(row[4], venue: v, availability: a, now: 0)
        }
        // Without the rule it is allowed.
        var lax = SeatSelection()
        #expect(try lax.toggle(row[2], venue: v, availability: a, now: 0))
        // An orphan that already exists (not caused by us) does not block a seat elsewhere.
        var b = EventAvailability(seatCount: v.seatCount)
        b.set(row[0], .sold); b.set(row[2], .sold)
        var strict2 = SeatSelection(noOrphans: true)
        #expect(try strict2.toggle(row[5], venue: v, availability: b, now: 0))
    }
    // bestAvailable is BestAvailable's search: BestAvailableTests checks it against a brute force.
}
