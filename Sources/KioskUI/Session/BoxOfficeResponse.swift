/// The box office's answer to a `BoxOfficeRequest`, or news it sends by itself (availability
/// changes, the service going away and coming back). Times are seconds on the session's clock.
public enum BoxOfficeResponse: Hashable, Sendable {
    /// The seat is held for this session until `expiresAt`.
    case seatHeld(String, expiresAt: Double)
    /// The seat was taken by someone else meanwhile (the screen shows a toast naming it).
    case seatTaken(String)
    /// The seat left the hold.
    case seatReleased(String)
    /// The hold (every seat in it) now expires at `expiresAt`, the box office's answer to
    /// `.extendHold`: no later than before when the event's maximum hold time is reached.
    case holdExtended(expiresAt: Double)
    /// The order went through: the box office's order id, the seats it sold, and the short code
    /// a visitor reads and a scanner takes (nil when the box office gave none: the id stands in).
    case purchased(orderID: String, seats: [String], code: String? = nil)
    /// The order was refused or could not be confirmed; `reason` is for the visitor.
    case purchaseFailed(reason: String)
    /// Seats whose status changed elsewhere (sold, held by another kiosk, freed) since the last
    /// `.refreshAvailability`; empty when nothing changed (still proof the box office answered).
    case availability([SeatStatusChange])
    /// The box office did not answer `request` (out of reach, 5xx after the client's own quick
    /// retries, an undocumented answer); `code` is for staff ("BO-NET", "BO-503"). The session
    /// keeps the visitor's seats, retries with backoff and goes out of service only after
    /// `Configuration.outOfServiceAfter` seconds without an answer (`BoxOfficeWatch`).
    case unanswered(BoxOfficeRequest, code: String)
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
