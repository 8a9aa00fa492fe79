/// One evdev event (`struct input_event`): a timestamp, a type, a code and a value.
public struct InputEvent: Hashable, Sendable {
    /// Microseconds. In a parsed recording: since the recording's first event.
    public var time: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    /// The latest whole second a `time` in microseconds can hold (about 292,000 years): readers
    /// refuse later timestamps instead of overflowing.
    public static let maxSeconds: Int64 = (Int64.max - 999_999) / 1_000_000

    public init(time: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time; self.type = type; self.code = code; self.value = value
    }

    /// `SYN_REPORT`: closes a kernel frame.
    @inlinable public var isSynReport: Bool { type == EvdevCode.EV_SYN && code == EvdevCode.SYN_REPORT }
}
