/// What the visitor's screen asks of the box office. `KioskSession` queues these
/// (`takeRequests()`); the host — the kiosk runtime, or a headless replay — performs them and
/// answers with `BoxOfficeResponse`s through `KioskSession.receive(_:)`. Seats are named by the
/// venue's seat ids.
public enum BoxOfficeRequest: Hashable, Sendable {
    /// Add the seat to this session's hold (creating the hold on the first seat).
    case holdSeat(String)
    /// Take the seat out of the hold.
    case releaseSeat(String)
    /// Convert the hold into an order. `expectedTotal` is what the screen showed, minor units.
    case buy(seats: [String], expectedTotal: Int)
    /// The session ended (idle reset, dialog dismissed after a failure): release everything held.
    case releaseAll
    /// Which seats changed since the last answer (the availability endpoint's `since`
    /// revision, so an unchanged poll costs one small answer); answered by `.availability`.
    /// Also the probe that finds an unreachable box office back.
    case refreshAvailability
    /// "More time": the hold then runs one hold period (the event's `hold_ttl_seconds`) from
    /// now, never past the event's maximum hold time (`hold_max_total_seconds` after the hold
    /// began; the box office caps it). Answered by `.holdExtended`.
    case extendHold
}
