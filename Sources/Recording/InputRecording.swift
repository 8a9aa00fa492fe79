import Evdev

/// A recorded input session: the device and its kernel frames, times relative to the first
/// event (libinput record's convention; evemu's absolute times are rebased on reading).
public struct InputRecording: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable { case libinputRecord = "libinput-record", evemu }

    public var device: InputDevice
    /// Kernel frames in order, each ending with SYN_REPORT.
    public var frames: [EvdevFrame]
    public var format: Format
    /// Where it was read from (for messages); empty when built in memory.
    public var path: String
    /// Problems that did not stop reading (e.g. an unfinished last frame, which is dropped).
    public var warnings: [String] = []

    public init(device: InputDevice, frames: [EvdevFrame], format: Format, path: String = "") {
        self.device = device; self.frames = frames; self.format = format; self.path = path
    }

    /// Time of the last frame, s.
    public var duration: Double { Double(frames.last?.time ?? 0) / 1_000_000 }
    public var eventCount: Int { frames.reduce(0) { $0 + $1.events.count } }

    /// Groups `events` (any times) into frames ending with SYN_REPORT, rebased on the first
    /// event's time. Events after the last SYN_REPORT are returned in `trailing`.
    static func frames(from events: [InputEvent]) -> (frames: [EvdevFrame], trailing: Int) {
        guard let t0 = events.first?.time else { return ([], 0) }
        var frames: [EvdevFrame] = []
        frames.reserveCapacity(events.count / 4)
        var current: [InputEvent] = []
        for var e in events {
            e.time -= t0
            current.append(e)
            if e.isSynReport {
                frames.append(EvdevFrame(time: e.time, events: current))
                current.removeAll(keepingCapacity: true)
            }
        }
        return (frames, current.count)
    }
}
