/// The seats a visitor has chosen, and the rules that decide whether a seat may be added.
public struct SeatSelection: Hashable, Sendable {
    /// Most seats in one order (pretix's default is 10; kiosks use 8).
    public var maxPerOrder: Int
    /// Refuse a selection that leaves a single free seat between taken ones in a row.
    public var noOrphans: Bool
    /// Seats held by this hold are ours, not "held by someone else".
    public var ownHold: String?
    /// Selected seat indices, in the order they were chosen.
    public private(set) var seats: [Int] = []

    public init(maxPerOrder: Int = 8, noOrphans: Bool = false, ownHold: String? = nil) {
        self.maxPerOrder = maxPerOrder; self.noOrphans = noOrphans; self.ownHold = ownHold
    }

    public func contains(_ seat: Int) -> Bool { seats.contains(seat) }
    public var count: Int { seats.count }
    public mutating func removeAll() { seats.removeAll() }

    /// True when seat `i` can be bought by us at `now`: available, or held by our own hold.
    public func isFree(_ i: Int, availability: EventAvailability, now: Double) -> Bool {
        switch availability.status(i, at: now) {
        case .available: return true
        case .held(let hold, _): return hold == ownHold
        default: return false
        }
    }

    func isTaken(_ i: Int, availability: EventAvailability, now: Double, extra: Set<Int> = []) -> Bool {
        !isFree(i, availability: availability, now: now) || seats.contains(i) || extra.contains(i)
    }

    /// Free seats of the row that sit alone: both neighbours taken, a row end counting as taken
    /// (the box office's `orphan_seat` rule, so the kiosk never offers what it would refuse).
    func orphans(in row: SeatRow, availability: EventAvailability, now: Double, extra: Set<Int>) -> [Int] {
        let r = row.seats
        var out: [Int] = []
        for i in r where !isTaken(i, availability: availability, now: now, extra: extra)
            && (i == r.lowerBound || isTaken(i - 1, availability: availability, now: now, extra: extra))
            && (i == r.upperBound - 1 || isTaken(i + 1, availability: availability, now: now, extra: extra)) {
            out.append(i)
        }
        return out
    }

    /// The first new orphan taking `adding` would create, or nil.
    func newOrphan(adding: Set<Int>, row: SeatRow, availability: EventAvailability, now: Double) -> Int? {
        let before = Set(orphans(in: row, availability: availability, now: now, extra: []))
        return orphans(in: row, availability: availability, now: now, extra: adding).first { !before.contains($0) }
    }

    /// Why seat `i` cannot be added now, or nil when it can.
    public func refusal(adding i: Int, venue: Venue, availability: EventAvailability, now: Double) -> SelectionRefusal? {
        if !isFree(i, availability: availability, now: now) {
            return .unavailable(seat: venue.seatIDs[i], status: availability.status(i, at: now))
        }
        if seats.count >= maxPerOrder { return .limitReached(max: maxPerOrder) }
        if noOrphans, let o = newOrphan(adding: [i], row: venue.rows[Int(venue.seats[i].row)],
                                        availability: availability, now: now) {
            return .wouldLeaveOrphan(seat: venue.seatIDs[i], orphan: venue.seatIDs[o])
        }
        return nil
    }

    /// Adds seat `i`, or removes it when already selected. Removing always succeeds (a visitor
    /// can always give a seat back); adding follows the rules. Returns true when the seat is now
    /// selected.
    @discardableResult
    public mutating func toggle(_ i: Int, venue: Venue, availability: EventAvailability,
                                now: Double) throws(SelectionRefusal) -> Bool {
        if let k = seats.firstIndex(of: i) { seats.remove(at: k); return false }
        if let r = refusal(adding: i, venue: venue, availability: availability, now: now) { throw r }
        seats.append(i)
        return true
    }

    /// `count` adjacent free seats to add to the selection: `BestAvailable`'s standard block
    /// (never wheelchair or companion places, never already selected, never leaving an orphan;
    /// nearest the field's halfway line), of `category` when given.
    public func bestAvailable(count: Int, category: String? = nil, venue: Venue,
                              availability: EventAvailability, now: Double) throws(SelectionRefusal) -> [Int] {
        guard count >= 1 else { return [] }
        if seats.count + count > maxPerOrder { throw .limitReached(max: maxPerOrder) }
        let vacancy = SeatVacancy(availability: availability, now: now, ownHold: ownHold, alsoTaken: seats)
        do {
            let block = try BestAvailable.block(partySize: count, kind: .standard, category: category,
                                                maxPerOrder: maxPerOrder, venue: venue, vacancy: vacancy,
                                                pairing: AccessiblePairing(venue: venue))
            return Array(block.seats)
        } catch {
            throw .noBlockAvailable(count: count, category: category)
        }
    }

    /// Selects seats (e.g. the result of `bestAvailable`) without further checks.
    public mutating func add(_ block: [Int]) { for i in block where !seats.contains(i) { seats.append(i) } }
}
