/// `first` has precedence (SwiftUI `exclusively(before:)`; the seat tap before the chart
/// drag). `second` follows the touches all along but its events are only delivered once
/// `first` has failed (or is idle); while `first` is undecided they are dropped, and when
/// `first` is recognized `second` is reset silently. Values of continuous gestures are
/// cumulative, so dropped changes lose nothing.
public struct ExclusiveGesture<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        first.handle(frame, into: &sink)
        switch first.state {
        case .active, .recognized:
            second.reset()
        case .failed, .idle:
            second.handle(frame, into: &sink)
        case .possible:
            var discard = DiscardingEventSink()
            second.handle(frame, into: &discard)
        }
    }
    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {
        first.advance(to: time, into: &sink)
        switch first.state {
        case .active, .recognized: second.reset()
        case .failed, .idle: second.advance(to: time, into: &sink)
        case .possible:
            var discard = DiscardingEventSink()
            second.advance(to: time, into: &discard)
        }
    }
    public var nextDeadline: Double? { earliest(first.nextDeadline, second.nextDeadline) }
    public var state: GestureState {
        switch first.state {
        case .active, .recognized, .possible: return first.state
        case .failed, .idle:
            let s = second.state
            return s == .idle && first.state == .failed ? .failed : s
        }
    }
    public mutating func reset() { first.reset(); second.reset() }
}
