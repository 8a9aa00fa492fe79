/// `second` starts only once `first` is recognized (SwiftUI `sequenced(before:)`, e.g. a long
/// press then a drag with the same finger). `second` adopts the fingers already down from the
/// next frame on. Both return to the start when all fingers have lifted.
public struct SequencedGesture<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    public var first: First
    public var second: Second
    private var firstDone = false

    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        if !firstDone {
            first.handle(frame, into: &sink)
            let s = first.state
            if s == .recognized || s == .active { firstDone = true }
        } else {
            // `first` keeps tracking (silently) so it sees the lift and can start over.
            var discard = DiscardingEventSink()
            first.handle(frame, into: &discard)
            second.handle(frame, into: &sink)
            if first.state == .idle && (second.state == .idle || second.state == .recognized) {
                firstDone = false
                second.reset()
            }
        }
    }
    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {
        if !firstDone {
            first.advance(to: time, into: &sink)
            if first.state == .recognized { firstDone = true }
        } else {
            second.advance(to: time, into: &sink)
        }
    }
    public var nextDeadline: Double? { firstDone ? second.nextDeadline : first.nextDeadline }
    public var state: GestureState {
        guard firstDone else { return first.state == .recognized ? .possible : first.state }
        let s = second.state
        return s == .idle ? .possible : s
    }
    public mutating func reset() { first.reset(); second.reset(); firstDone = false }
}
