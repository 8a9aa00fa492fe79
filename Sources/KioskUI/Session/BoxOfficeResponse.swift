/// The box office's answer to a `BoxOfficeRequest`, or news it sends by itself (availability
/// changes, the service going away and coming back). Times are seconds on the session's clock.
public enum BoxOfficeResponse: Hashable, Sendable {
    /// The seat is held for this session until `expiresAt`.
    case seatHeld(String, expiresAt: Double)
    /// The seat was taken by someone else meanwhile (the screen shows a toast naming it).
    case seatTaken(String)
    /// The seat left the hold.
    case seatReleased(String)
    /// The order went through.
    case purchased(orderID: String, seats: [String])
    /// The order was refused or could not be confirmed; `reason` is for the visitor.
    case purchaseFailed(reason: String)
    /// Seats whose status changed elsewhere (sold, held by another kiosk, freed).
    case availability([SeatStatusChange])
    /// The box office is reachable (`code == nil`) or not (`code` is a staff-readable code such as "BO-503").
    case service(code: String?)
}

/// One seat's new status, as the box office reports it.
public struct SeatStatusChange: Hashable, Sendable {
    public var seatID: String
    /// "free", "held" or "sold" (the box office's vocabulary).
    public var status: String
    public init(seatID: String, status: String) { self.seatID = seatID; self.status = status }
}
