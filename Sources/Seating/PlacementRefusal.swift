/// Why a party could not be placed (`PartyPlacement`, `BestAvailable`): what was asked and where
/// it failed; `description` is the message for the visitor (or the log, for bad input).
public struct PlacementRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The party size is outside 1…maxPerOrder.
        case partySize(requested: Int, allowed: ClosedRange<Int>)
        /// A seat index outside the venue.
        case noSuchSeat(index: Int, seatCount: Int)
        /// The vacancy was built for a different number of seats than the venue has.
        case vacancyMismatch(venueSeats: Int, vacancySeats: Int)
        /// The category id is not one of the venue's.
        case unknownCategory(String)
        /// No block of `count` fits: in tribune `tribune` (its label) when given, else in the
        /// whole venue.
        case noBlock(count: Int, kind: SeatBlock.Kind, tribune: String?)
    }

    public var reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .partySize(let n, let allowed):
            "Party size \(n) is not possible: choose \(allowed.lowerBound) to \(allowed.upperBound) seats."
        case .noSuchSeat(let i, let count):
            "Seat index \(i) is not in the venue (it has \(count) seats)."
        case .vacancyMismatch(let venueSeats, let vacancySeats):
            "The seat availability covers \(vacancySeats) seats but the venue has \(venueSeats)."
        case .unknownCategory(let id):
            "There is no category \"\(id)\" in this venue."
        case .noBlock(let count, let kind, let tribune):
            "No \(count) seats\(kind == .accessible ? " with a wheelchair space" : "") are free next to each other\(tribune.map { " in \($0)" } ?? "")."
        }
    }
}
