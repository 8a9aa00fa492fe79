import Geometry

/// Finds the blocks of `count` seats that fit a `SeatBlock.Kind` on a venue, for
/// `PartyPlacement` and `BestAvailable` (the one place the fitting rules are written).
///
/// Standard blocks: one pass per row, keeping the length of the run of eligible seats (free,
/// no wheelchair/companion flag, in the category) so each window is judged in O(1). Accessible
/// blocks: only windows around each free wheelchair space (and its companion seat) are looked at.
struct SeatBlockSearch {
    let venue: Venue
    let vacancy: SeatVacancy
    let pairing: AccessiblePairing
    let kind: SeatBlock.Kind
    /// Index in `venue.categories` every seat of a standard block must have, or nil for any.
    let category: UInt16?

    /// True when the seats `seats` of row `row` form a block of this kind.
    func fits(_ seats: Range<Int>, row: Int) -> Bool {
        let r = venue.rows[row]
        guard seats.lowerBound >= Int(r.firstSeat), seats.upperBound <= Int(r.firstSeat + r.seatCount),
              !seats.isEmpty else { return false }
        for i in seats where !vacancy.isFree(i) { return false }
        switch kind {
        case .standard:
            for i in seats where !eligibleStandard(venue.seats[i]) { return false }
        case .accessible:
            let paired = seats.contains { i in
                guard let p = pairing.pair(ofSpace: i) else { return false }
                return seats.count == 1 || p.companion.map(seats.contains) == true
            }
            if !paired { return false }
        }
        return !vacancy.leavesOrphan(taking: seats, in: r)
    }

    @inline(__always) func eligibleStandard(_ s: SeatRecord) -> Bool {
        s.flags.isDisjoint(with: [.wheelchair, .companion]) && (category == nil || category == s.category)
    }

    /// Calls `body(row, seats, centre)` for every block of `count` seats of this kind in the
    /// rows `rows` (indices of `venue.rows`, contiguous: a tribune's or all), `centre` being
    /// `SeatBlock.centre`. Standard blocks come once each, in seat order; an accessible block
    /// holding two wheelchair spaces may come twice.
    func forEachBlock(count: Int, rows: Range<Int>, _ body: (Int, Range<Int>, Point) -> Void) {
        guard count >= 1, !rows.isEmpty else { return }
        switch kind {
        case .standard: forEachStandardBlock(count: count, rows: rows, body)
        case .accessible: forEachAccessibleBlock(count: count, rows: rows, body)
        }
    }

    private func forEachStandardBlock(count: Int, rows: Range<Int>, _ body: (Int, Range<Int>, Point) -> Void) {
        let wanted = category
        venue.seats.withUnsafeBufferPointer { seats in
            vacancy.free.withUnsafeBufferPointer { free in
                venue.rows.withUnsafeBufferPointer { rowList in
                    for r in rows {
                        let row = rowList[r]
                        guard Int(row.seatCount) >= count else { continue }
                        var run = 0
                        for i in row.seats {
                            let s = seats[i]
                            let ok = free[i] != 0 && s.flags.isDisjoint(with: [.wheelchair, .companion])
                                && (wanted == nil || wanted == s.category)
                            run = ok ? run + 1 : 0
                            guard run >= count else { continue }
                            let block = (i + 1 - count)..<(i + 1)
                            guard !vacancy.leavesOrphan(taking: block, in: row) else { continue }
                            body(r, block, SeatBlock.centre(seats[block.lowerBound].center, s.center))
                        }
                    }
                }
            }
        }
    }

    private func forEachAccessibleBlock(count: Int, rows: Range<Int>, _ body: (Int, Range<Int>, Point) -> Void) {
        let firstSeat = Int(venue.rows[rows.lowerBound].firstSeat)
        let lastRow = venue.rows[rows.upperBound - 1]
        let endSeat = Int(lastRow.firstSeat + lastRow.seatCount)
        var k = pairing.lowerBound(firstSeat)
        while k < pairing.pairs.count, pairing.pairs[k].space < endSeat {
            defer { k += 1 }
            let p = pairing.pairs[k]
            guard vacancy.isFree(p.space) else { continue }
            var a = p.space, b = p.space
            if count >= 2 {
                guard let c = p.companion, vacancy.isFree(c) else { continue }
                a = min(a, c); b = max(b, c)
            }
            let r = Int(venue.seats[p.space].row)
            let row = venue.rows[r]
            let lo = Int(row.firstSeat), hi = lo + Int(row.seatCount)
            guard hi - lo >= count else { continue }
            var start = max(lo, b + 1 - count)
            while start <= min(a, hi - count) {
                defer { start += 1 }
                let block = start..<(start + count)
                guard block.allSatisfy(vacancy.isFree), !vacancy.leavesOrphan(taking: block, in: row) else { continue }
                body(r, block, SeatBlock.centre(venue.seats[block.lowerBound].center, venue.seats[block.upperBound - 1].center))
            }
        }
    }
}
