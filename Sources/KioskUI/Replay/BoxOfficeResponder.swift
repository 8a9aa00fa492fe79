/// Answers the session's requests synchronously, for headless replay on a virtual clock: the
/// clock stands still while a request is in flight, so a replay's output does not depend on how
/// long the network took. The live kiosk does not use this (its runtime performs requests
/// asynchronously and hands the answers back to its event loop).
public protocol BoxOfficeResponder: AnyObject {
    /// Performs `request` at virtual time `now` (s) and returns what the box office answered.
    func respond(to request: BoxOfficeRequest, now: Double) -> [BoxOfficeResponse]
}
