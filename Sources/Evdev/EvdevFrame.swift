/// One kernel frame: the events up to and including a `SYN_REPORT`.
public struct EvdevFrame: Hashable, Sendable {
    /// The `SYN_REPORT`'s time (libinput's frame time), µs since the recording's first event.
    public var time: Int64
    /// The frame's events, the closing `SYN_REPORT` last.
    public var events: [InputEvent]
    public init(time: Int64, events: [InputEvent]) { self.time = time; self.events = events }
}
