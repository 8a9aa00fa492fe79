/// The state of one seat for one event.
public enum SeatStatus: Hashable, Sendable {
    case available
    /// Held by the hold with this id until `until` (seconds on the event's clock).
    case held(hold: String, until: Double)
    case sold
    /// Not for sale (camera platform, staff, kept back).
    case blocked

    /// The name used in availability feeds.
    public var name: String {
        switch self {
        case .available: "available"
        case .held: "held"
        case .sold: "sold"
        case .blocked: "blocked"
        }
    }
}
