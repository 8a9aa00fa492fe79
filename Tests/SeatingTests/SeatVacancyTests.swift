import Geometry
import Testing
@testable import Seating

/// The no-orphan rule on hand-made rows: row ends, aisles, seats held by others, a lone free
/// seat — each case's expected answer worked out by hand from the picture.
@Suite struct SeatVacancyTests {
    typealias F = PlacementFixtures

    func vacancy(_ a: EventAvailability) -> SeatVacancy {
        SeatVacancy(availability: a, now: F.now, ownHold: F.ownHold)
    }

    @Test func free_means_available_expired_or_our_own_hold() {
        let (v, a) = F.venue([[".xbhem"]])
        let free = vacancy(a)
        #expect((0..<v.seatCount).map(free.isFree) == [true, false, false, false, true, true])
        // Seats already chosen can be counted as taken.
        let without = SeatVacancy(availability: a, now: F.now, ownHold: F.ownHold, alsoTaken: [0, 99, -1])
        #expect(!without.isFree(0) && without.isFree(4))
        // Someone else's view of the same hold: ours is held.
        #expect(!SeatVacancy(availability: a, now: F.now, ownHold: "other2").isFree(5))
    }

    @Test(arguments: [
        // (row, block first, block count, leaves an orphan)
        ("........", 1, 3, true),   // seat 0 left alone at the row's start
        ("........", 0, 3, false),  // flush with the row's start
        ("........", 4, 3, true),   // seat 7 alone at the row's end
        ("........", 5, 3, false),  // flush with the row's end
        ("x.......", 2, 3, true),   // seat 1 between a sold seat and the block
        ("h.......", 2, 3, true),   // held by someone else counts as taken
        ("e.......", 2, 3, false),  // an expired hold is free: seats 0–1 stay together
        ("m.......", 2, 3, false),  // our own hold is free
        ("x..x....", 1, 1, true),   // taking seat 1 strands seat 2
        ("x..x....", 1, 2, false),  // filling the gap exactly
        ("x.x.....", 3, 2, false),  // seat 1 was alone already: not the block's doing
        ("x...x...", 1, 2, true),   // seat 3 left between the block and the sold seat 4
        (".",        0, 1, false),  // a lone seat in a one-seat row
        ("..",       0, 1, true),   // in a two-seat row, one seat strands the other
    ] as [(String, Int, Int, Bool)])
    func orphan_rule_on_hand_made_rows(_ picture: String, _ first: Int, _ count: Int, _ orphan: Bool) {
        let (v, a) = F.venue([[picture]])
        let block = first..<(first + count)
        #expect(vacancy(a).leavesOrphan(taking: block, in: v.rows[0]) == orphan)
        // SeatSelection's rule (one seat at a time, set-based) agrees.
        let viaSelection = SeatSelection(ownHold: F.ownHold).newOrphan(adding: Set(block), row: v.rows[0],
                                                                      availability: a, now: F.now) != nil
        #expect(viaSelection == orphan)
    }

    /// An aisle ends a row: the seat beside it has nobody on that side, like a row's end.
    @Test func an_aisle_is_a_row_end() {
        let (v, a) = F.venue([["....."], ["....."]], groupX: [0, 55])
        let free = vacancy(a)
        // Group 0's row ends at seat 4 (x = 45), group 1's starts at seat 5 (x = 60).
        #expect(free.leavesOrphan(taking: 1..<4, in: v.rows[0]))           // seats 0 and 4 alone
        #expect(free.leavesOrphan(taking: 0..<4, in: v.rows[0]))           // seat 4 alone by the aisle
        #expect(!free.leavesOrphan(taking: 2..<5, in: v.rows[0]))          // seats 0–1 stay together
        #expect(!free.leavesOrphan(taking: 5..<7, in: v.rows[1]))          // group 1's free seats don't count for group 0
    }
}
