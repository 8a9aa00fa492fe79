import Geometry
import Gestures

/// Where the runtime's touch frames come from: a descriptor to watch in the event loop and a
/// call that reads what is queued when it becomes readable. The libinput touchscreen
/// (`LibinputTouchscreen`, module TouchInput) is one; tests and replays may bring others.
/// Frames are in logical screen pixels (after calibration and the display rotation), with
/// `CLOCK_MONOTONIC` timestamps in seconds, the same clock as `MonotonicClock`.
public protocol TouchSource: AnyObject {
    var fileDescriptor: Int32 { get }
    /// Reads every queued event and returns the complete frames among them.
    func dispatch() throws -> [TouchFrame]
    /// The driving panel's active area in mm (device orientation), when known.
    var physicalSize: Size? { get }
    /// What the runtime logs once after opening: devices that could not be opened, a seat with
    /// no touchscreen yet, settings the devices ignore.
    var startupWarnings: [String] { get }
    /// Lets the devices go while the VT is switched away. Returns frames that end the touches
    /// still down (as cancelled), for the session to see them end.
    func suspendInput() -> [TouchFrame]
    /// Takes the devices back after `suspendInput()`.
    func resumeInput() throws
}
