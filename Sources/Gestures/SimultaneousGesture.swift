/// Both recognizers see every frame and report independently (SwiftUI `simultaneousGesture`;
/// the chart's drag + magnify + rotate). Events of `first` come before those of `second`.
public struct SimultaneousGesture<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        first.handle(frame, into: &sink)
        second.handle(frame, into: &sink)
    }
    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {
        first.advance(to: time, into: &sink)
        second.advance(to: time, into: &sink)
    }
    public var nextDeadline: Double? { earliest(first.nextDeadline, second.nextDeadline) }
    public var state: GestureState {
        let a = first.state, b = second.state
        if a == .active || b == .active { return .active }
        if a == .recognized || b == .recognized { return .recognized }
        if a == .possible || b == .possible { return .possible }
        if a == .failed && b == .failed { return .failed }
        return a == .failed || b == .failed ? .failed : .idle
    }
    public mutating func reset() { first.reset(); second.reset() }
}

@inlinable func earliest(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case let (x?, y?): return min(x, y)
    case let (x?, nil): return x
    case let (nil, y?): return y
    default: return nil
    }
}
