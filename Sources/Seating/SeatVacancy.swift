/// Which seats one visitor may take right now, one byte per seat, and the no-orphan rule on
/// top of it: the flat input of `PartyPlacement` and `BestAvailable`.
///
/// A seat is free when it is available, or held by `ownHold` (the visitor's own seats count as
/// free, so a new placement can replace the old one), or held by a hold that has expired at
/// `now` (lazy expiry, as the box office treats it) — and is not in `alsoTaken`. Build one per
/// availability revision (or per query): one pass over the seats, no per-seat allocation.
public struct SeatVacancy: Sendable {
    /// 1 = free, 0 = taken, per seat.
    @usableFromInline var free: [UInt8]

    /// - Parameters:
    ///   - now: seconds on the event's clock (holds with `until <= now` have expired).
    ///   - ownHold: the visitor's hold id; its seats count as free.
    ///   - alsoTaken: seats to treat as taken although the box office says free (e.g. seats
    ///     already in the visitor's selection when a block is added to it).
    public init(availability: EventAvailability, now: Double, ownHold: String? = nil,
                alsoTaken: some Sequence<Int> = EmptyCollection()) {
        // Each hold is free or not as a whole: decide per hold, then per seat by index.
        let holdFree: [UInt8] = availability.holds.map { $0.until <= now || $0.id == ownHold ? 1 : 0 }
        var free = [UInt8](repeating: 0, count: availability.seatCount)
        free.withUnsafeMutableBufferPointer { out in
            availability.codes.withUnsafeBufferPointer { codes in
                availability.holdOf.withUnsafeBufferPointer { holdOf in
                    holdFree.withUnsafeBufferPointer { holdFree in
                        for i in 0..<out.count {
                            switch codes[i] {
                            case EventAvailability.StatusCode.available: out[i] = 1
                            case EventAvailability.StatusCode.held: out[i] = holdFree[Int(holdOf[i])]
                            default: out[i] = 0
                            }
                        }
                    }
                }
            }
        }
        for i in alsoTaken where i >= 0 && i < free.count { free[i] = 0 }
        self.free = free
    }

    /// The number of seats covered (the availability's seat count).
    public var seatCount: Int { free.count }

    /// True when seat `seat` may be taken.
    @inlinable public func isFree(_ seat: Int) -> Bool { free[seat] != 0 }

    /// True when taking the free seats `seats` of `row` would leave a single free seat alone:
    /// a free seat next to the block whose other side is a taken seat or the row's end (the
    /// box office's `orphan_seat` rule, and `SeatSelection`'s). Only the two seats beside the
    /// block can become orphans; orphans that existed before are not the block's doing.
    @inlinable public func leavesOrphan(taking seats: Range<Int>, in row: SeatRow) -> Bool {
        let lo = Int(row.firstSeat), hi = lo + Int(row.seatCount)
        let left = seats.lowerBound - 1, right = seats.upperBound
        if left >= lo && free[left] != 0 && (left == lo || free[left - 1] == 0) { return true }
        if right < hi && free[right] != 0 && (right == hi - 1 || free[right + 1] == 0) { return true }
        return false
    }
}
