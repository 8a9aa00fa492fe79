/// Receives the events recognizers emit. Generic (not an existential) so the per-frame path
/// stays specialized and allocation-free with a sink that does not allocate.
public protocol GestureEventSink {
    mutating func receive(_ event: GestureEvent)
}

/// Collects events in order (tests, replay logs).
public struct GestureEventLog: GestureEventSink, Sendable {
    public var events: [GestureEvent] = []
    public init() {}
    public mutating func receive(_ event: GestureEvent) { events.append(event) }
}

/// Drops every event (used by `ExclusiveGesture` while its first gesture is undecided).
public struct DiscardingEventSink: GestureEventSink, Sendable {
    public init() {}
    @inlinable public mutating func receive(_ event: GestureEvent) {}
}
