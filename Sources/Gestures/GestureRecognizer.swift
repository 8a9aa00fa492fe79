/// Where a recognizer stands in the current touch sequence.
public enum GestureState: Hashable, Sendable {
    /// No touches, nothing pending.
    case idle
    /// Touches (or a pending double-tap window) are being watched; not decided yet.
    case possible
    /// A continuous gesture is recognized and reporting changes.
    case active
    /// A discrete gesture fired, or a continuous one ended, in the latest frame or timer.
    case recognized
    /// The current touch sequence cannot be this gesture; back to idle when the fingers lift.
    case failed
}

/// A gesture recognizer with SwiftUI-like value semantics: a struct fed with touch frames on a
/// virtual clock. No wall clock anywhere: timers (long press, double-tap window) fire when
/// the caller calls `advance(to:)` at `nextDeadline`, or when a later frame arrives.
///
/// Timer tie rule: `handle(_:)` first fires timers due strictly before the frame, then the
/// frame, then timers due exactly at its time (a landing at the very end of the double-tap
/// window still counts). `advance(to:)` fires every timer due at or before `time`.
public protocol GestureRecognizer: Sendable {
    /// Feeds one frame; events go to `sink` in order.
    mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink)
    /// Moves the virtual clock to `time` (s), firing due timers.
    mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink)
    /// The earliest time (s) at which a timer will fire, if any.
    var nextDeadline: Double? { get }
    var state: GestureState { get }
    /// Abandons the current sequence silently; fingers still down are ignored until they lift.
    mutating func reset()
}
