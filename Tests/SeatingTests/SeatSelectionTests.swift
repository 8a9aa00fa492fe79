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

    /// Brute force over every row and window: the chosen block must be valid, and no valid
    /// block is nearer the field's centre line.
    @Test(arguments: [(1, "CAT1"), (4, "CAT1"), (3, "CAT3"), (6, nil)] as [(Int, String?)])
    func best_available_is_adjacent_and_nearest_the_centre_line(_ count: Int, _ category: String?) throws {
        let v = Self.venue
        var a = EventAvailability(seatCount: v.seatCount)
        // Sell every seat within 40 units of the centre line in even rows, to make it interesting.
        for (r, row) in v.rows.enumerated() where r % 2 == 0 {
            for i in row.seats where abs(v.seats[i].center.x - v.field.midX) < 40 { a.set(i, .sold) }
        }
        let sel = SeatSelection()
        let block = try sel.bestAvailable(count: count, category: category, venue: v, availability: a, now: 0)
        #expect(block.count == count)
        let row = v.seats[block[0]].row
        let cat = category.flatMap { v.categoryIndex(id: $0) }
        for (k, i) in block.enumerated() {
            #expect(v.seats[i].row == row)
            if k > 0 { #expect(i == block[k - 1] + 1) }
            #expect(a.status(i) == .available)
            if let cat { #expect(Int(v.seats[i].category) == cat) }
        }
        func score(_ b: [Int]) -> Double { abs(b.map { v.seats[$0].center.x }.reduce(0, +) / Double(b.count) - v.field.midX) }
        var bestBrute = Double.infinity
        for r in v.rows {
            let idx = Array(r.seats)
            guard idx.count >= count else { continue }
            for s in 0...(idx.count - count) {
                let w = Array(idx[s..<(s + count)])
                guard w.allSatisfy({ a.status($0) == .available && v.seats[$0].flags.isEmpty
                    && (cat == nil || Int(v.seats[$0].category) == cat!) }) else { continue }
                bestBrute = min(bestBrute, score(w))
            }
        }
        #expect(abs(score(block) - bestBrute) < 1e-9)
        // Asking for more than the order allows is refused.
        #expect(throws: SelectionRefusal.limitReached(max: 8)) {
            try sel.bestAvailable(count: 9, venue: v, availability: a, now: 0)
        }
    }
}
