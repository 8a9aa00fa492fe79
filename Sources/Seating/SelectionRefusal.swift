/// Why a seat could not be added to the selection; `description` is the message for the visitor.
public enum SelectionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The order already has the maximum number of seats.
    case limitReached(max: Int)
    /// The seat is held by someone else, sold or blocked.
    case unavailable(seat: String, status: SeatStatus)
    /// Taking the seat would leave `orphan` as a single free seat between taken ones.
    case wouldLeaveOrphan(seat: String, orphan: String)
    /// No block of `count` adjacent free seats (in `category`, when given) exists.
    case noBlockAvailable(count: Int, category: String?)

    public var description: String {
        switch self {
        case .limitReached(let max):
            "You can choose at most \(max) seats per order."
        case .unavailable(let seat, let status):
            switch status {
            case .held: "Seat \(seat) is being held by another customer."
            case .sold: "Seat \(seat) is already sold."
            case .blocked: "Seat \(seat) is not for sale."
            case .available: "Seat \(seat) is available."
            }
        case .wouldLeaveOrphan(let seat, let orphan):
            "Taking seat \(seat) would leave seat \(orphan) alone between taken seats; choose a seat next to it instead."
        case .noBlockAvailable(let count, let category):
            "No \(count) adjacent seats are free\(category.map { " in \($0)" } ?? "")."
        }
    }
}
