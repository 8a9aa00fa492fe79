import Geometry

/// Where a party of N goes when the visitor taps one seat ("party size first").
///
/// Rules, in order:
/// 1. **At the tapped seat.** The block starts at the tapped seat and runs towards higher seat
///    numbers (`.towardsHigherNumbers`: the tapped seat and the N − 1 after it in row order) or
///    towards lower ones (the tapped seat and the N − 1 before it). It must fit
///    (`SeatBlock.Kind`: adjacent free seats, no orphan left). When both fit, the one whose
///    centre is nearer the field's halfway line wins (`BestAvailable.distanceSquaredToHalfwayLine`),
///    and on a tie the one towards higher numbers.
/// 2. **Nearest in the tribune.** Otherwise the fitting block of the tapped seat's tribune whose
///    centre is nearest the tapped seat's centre (Euclidean, venue units, compared squared);
///    ties go to the lower first seat index. This may be a block around the tapped seat, or in
///    another row; the kiosk proposes it rather than taking it silently (`isAtTappedSeat`).
///
/// A tapped seat that is not free fits no block at itself, so it gets the nearest block too
/// (the kiosk may prefer its "just taken" toast). The kind follows the tapped seat: a wheelchair space or companion seat asks for an
/// accessible block (so a wheelchair space chosen by a party of two or more takes its companion
/// seat with it), any other seat a standard one. The placement replaces the visitor's earlier
/// choice: seats held by the visitor's own hold are free in the `SeatVacancy`.
public struct PartyPlacement: Hashable, Sendable {
    /// Which way a block at the tapped seat runs, in the row's seat order.
    public enum Direction: Hashable, Sendable {
        case towardsHigherNumbers
        case towardsLowerNumbers
    }

    /// How the block was found.
    public enum Origin: Hashable, Sendable {
        /// Starting at the tapped seat, running in `Direction`.
        case atTappedSeat(Direction)
        /// The nearest fitting block in the tapped seat's tribune (a proposal).
        case nearestInTribune
    }

    public var block: SeatBlock
    public var kind: SeatBlock.Kind
    public var origin: Origin

    public init(block: SeatBlock, kind: SeatBlock.Kind, origin: Origin) {
        self.block = block; self.kind = kind; self.origin = origin
    }

    /// True when the block starts at the tapped seat (rule 1), false for a proposal (rule 2).
    public var isAtTappedSeat: Bool { if case .atTappedSeat = origin { return true } else { return false } }

    /// Places a party of `partySize` at the tapped seat `seat` (an index of `venue.seats`).
    ///
    /// - Parameters:
    ///   - partySize: seats wanted, 1…`maxPerOrder`.
    ///   - vacancy: which seats are free (built from the same venue's availability).
    ///   - pairing: the venue's wheelchair spaces and companion seats.
    /// - Throws: `PlacementRefusal` for a bad party size or seat, a vacancy of another size, or
    ///   `.noBlock` naming the tribune when nothing fits there.
    public static func place(partySize: Int, at seat: Int, maxPerOrder: Int = 8, venue: Venue,
                             vacancy: SeatVacancy, pairing: AccessiblePairing) throws(PlacementRefusal) -> PartyPlacement {
        guard seat >= 0 && seat < venue.seatCount else {
            throw PlacementRefusal(.noSuchSeat(index: seat, seatCount: venue.seatCount))
        }
        let tapped = venue.seats[seat]
        let kind: SeatBlock.Kind = tapped.flags.isDisjoint(with: [.wheelchair, .companion]) ? .standard : .accessible
        let search = try Self.search(partySize: partySize, kind: kind, category: nil, maxPerOrder: maxPerOrder,
                                     venue: venue, vacancy: vacancy, pairing: pairing)
        let r = Int(tapped.row)
        let row = venue.rows[r]
        // Rule 1: anchored at the tapped seat.
        let up = seat..<(seat + partySize), down = (seat + 1 - partySize)..<(seat + 1)
        let upFits = up.upperBound <= Int(row.firstSeat + row.seatCount) && search.fits(up, row: r)
        let downFits = partySize > 1 && down.lowerBound >= Int(row.firstSeat) && search.fits(down, row: r)
        if upFits || downFits {
            var direction: Direction = upFits ? .towardsHigherNumbers : .towardsLowerNumbers
            if upFits && downFits {
                let u = BestAvailable.distanceSquaredToHalfwayLine(SeatBlock(row: r, seats: up).centre(in: venue), field: venue.field)
                let d = BestAvailable.distanceSquaredToHalfwayLine(SeatBlock(row: r, seats: down).centre(in: venue), field: venue.field)
                if d < u { direction = .towardsLowerNumbers }
            }
            let seats = direction == .towardsHigherNumbers ? up : down
            return PartyPlacement(block: SeatBlock(row: r, seats: seats), kind: kind, origin: .atTappedSeat(direction))
        }
        // Rule 2: the nearest fitting block in the tribune.
        let tribune = venue.tribunes[Int(tapped.tribune)]
        let from = tapped.center
        var best: (key: Double, row: Int, seats: Range<Int>)? = nil
        search.forEachBlock(count: partySize, rows: tribune.rows) { row, seats, centre in
            let dx = centre.x - from.x, dy = centre.y - from.y
            let key = dx * dx + dy * dy
            if let b = best, key > b.key || (key == b.key && seats.lowerBound >= b.seats.lowerBound) { return }
            best = (key, row, seats)
        }
        guard let best else { throw PlacementRefusal(.noBlock(count: partySize, kind: kind, tribune: tribune.label)) }
        return PartyPlacement(block: SeatBlock(row: best.row, seats: best.seats), kind: kind, origin: .nearestInTribune)
    }

    /// Checks the request and builds the search both placements use.
    static func search(partySize: Int, kind: SeatBlock.Kind, category: String?, maxPerOrder: Int, venue: Venue,
                       vacancy: SeatVacancy, pairing: AccessiblePairing) throws(PlacementRefusal) -> SeatBlockSearch {
        guard partySize >= 1 && partySize <= max(1, maxPerOrder) else {
            throw PlacementRefusal(.partySize(requested: partySize, allowed: 1...max(1, maxPerOrder)))
        }
        guard vacancy.seatCount == venue.seatCount else {
            throw PlacementRefusal(.vacancyMismatch(venueSeats: venue.seatCount, vacancySeats: vacancy.seatCount))
        }
        var wanted: UInt16? = nil
        if let category {
            guard let c = venue.categoryIndex(id: category) else { throw PlacementRefusal(.unknownCategory(category)) }
            wanted = UInt16(c)
        }
        return SeatBlockSearch(venue: venue, vacancy: vacancy, pairing: pairing, kind: kind,
                               category: kind == .standard ? wanted : nil)
    }
}
