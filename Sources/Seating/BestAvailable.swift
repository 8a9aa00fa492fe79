import Geometry

/// The best block of seats for a party in the whole event: "Best seats".
///
/// Best = the block (`SeatBlock.Kind`: adjacent free seats in one row, no orphan left) whose
/// centre (`SeatBlock.centre`) is nearest the field's halfway line — the segment from
/// (field.midX, field.minY) to (field.midX, field.maxY) that `FieldMarkings` draws — in venue
/// units. Nearness to that segment already prefers the middle of the long sides, the rows
/// nearest the field and the inner rings; a corner or an end stand is as far as its seats are
/// from the line's nearest end. Distances are compared squared, exactly as
/// `distanceSquaredToHalfwayLine` computes them; equal distances (mirror-image stands) go to
/// the block with the lower first seat index, so the answer depends on the venue and the
/// vacancy only.
///
/// Cost: one pass over the seats (standard blocks) or over the wheelchair spaces (accessible),
/// no allocation per seat: a few milliseconds for 100 000 seats (seating-bench prints it).
public enum BestAvailable {
    /// The best block of `partySize` seats of `kind` in the venue.
    ///
    /// - Parameters:
    ///   - partySize: seats wanted, 1…`maxPerOrder`.
    ///   - category: a category id every seat of a standard block must have; nil for any.
    ///     Accessible blocks ignore it (their seats have the wheelchair category of the venue).
    ///   - vacancy: which seats are free (built from the same venue's availability).
    ///   - pairing: the venue's wheelchair spaces and companion seats.
    /// - Throws: `PlacementRefusal` for a bad party size, an unknown category, a vacancy of
    ///   another size, or when no block fits (`.noBlock` with `tribune` nil).
    public static func block(partySize: Int, kind: SeatBlock.Kind = .standard, category: String? = nil,
                             maxPerOrder: Int = 8, venue: Venue, vacancy: SeatVacancy,
                             pairing: AccessiblePairing) throws(PlacementRefusal) -> SeatBlock {
        let search = try PartyPlacement.search(partySize: partySize, kind: kind, category: category,
                                               maxPerOrder: maxPerOrder, venue: venue, vacancy: vacancy,
                                               pairing: pairing)
        let field = venue.field
        var best: (key: Double, row: Int, seats: Range<Int>)? = nil
        search.forEachBlock(count: partySize, rows: 0..<venue.rows.count) { row, seats, centre in
            let key = distanceSquaredToHalfwayLine(centre, field: field)
            if let b = best, key > b.key || (key == b.key && seats.lowerBound >= b.seats.lowerBound) { return }
            best = (key, row, seats)
        }
        guard let best else { throw PlacementRefusal(.noBlock(count: partySize, kind: kind, tribune: nil)) }
        return SeatBlock(row: best.row, seats: best.seats)
    }

    /// The squared distance, in venue units², from `p` to the field's halfway line: the segment
    /// x = field.midX, field.minY ≤ y ≤ field.maxY.
    @inlinable public static func distanceSquaredToHalfwayLine(_ p: Point, field: Rect) -> Double {
        let dx = p.x - field.midX
        let dy = p.y < field.minY ? field.minY - p.y : (p.y > field.maxY ? p.y - field.maxY : 0)
        return dx * dx + dy * dy
    }
}
