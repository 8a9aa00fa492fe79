/// The source of time for everything that moves: seconds as `Double`. Real on a kiosk
/// (monotonic), virtual in headless replay (advanced explicitly), so replays are exact.
public protocol Clock: AnyObject, Sendable {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var now: Double { get }
}
