/// A recognizer that decides on frames alone (no long-press delay, no double-tap window): it
/// never has a deadline, and moving the clock fires nothing. Conforming says so once, instead
/// of each recognizer spelling out an empty timer.
public protocol UntimedGestureRecognizer: GestureRecognizer {}

extension UntimedGestureRecognizer {
    /// Always nil: nothing is pending between frames.
    public var nextDeadline: Double? { nil }

    /// Does nothing: no timer to fire.
    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {}
}
