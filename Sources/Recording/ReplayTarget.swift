import Gestures

/// What a replay drives: the same code the kiosk runs, fed from a recording on a virtual clock.
public protocol ReplayTarget {
    /// Moves the virtual clock to `frame.timestamp` and handles the touch frame.
    mutating func handle(_ frame: TouchFrame)
    /// The earliest pending timer (double-tap window, long press, animation step…), s.
    var nextDeadline: Double? { get }
    /// Moves the virtual clock to `time` (s), firing every timer due at or before it.
    mutating func advance(to time: Double)
    /// A display frame at `time` (s); `index` counts from 0.
    mutating func displayFrame(index: Int, time: Double)
    /// Nothing pending: no touch down, no timer, no running animation.
    var isSettled: Bool { get }
}
