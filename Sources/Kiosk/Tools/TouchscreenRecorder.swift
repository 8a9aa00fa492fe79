#if canImport(Glibc)
import Evdev
import Glibc
import Recording
import TouchInput

/// Records an evdev touchscreen into a `libinput record` YAML file as it happens: the device
/// description first, then every kernel frame (events up to and including SYN_REPORT) with its
/// time relative to the first event. The file is a complete document whenever a frame has been
/// written, so stopping (or losing the device) never leaves a file that does not parse; a
/// recording without a single frame is written with `events: []`.
///
/// It lives above both TouchInput (which reads the device) and Recording (which owns the file
/// format), so neither imports the other.
public final class TouchscreenRecorder {
    /// Why recording stopped.
    public enum Ending: Sendable, Equatable {
        /// `shouldStop` answered true (Ctrl-C, SIGTERM).
        case stopped
        /// The device node went away (unplugged, or a uinput device destroyed).
        case deviceRemoved
    }

    public struct Summary: Sendable, Equatable {
        /// Kernel frames written.
        public var frames: Int
        /// Events written, SYN_REPORTs included.
        public var events: Int
        public var ending: Ending
    }

    public let node: EvdevDeviceNode
    public let device: InputDevice
    let output: String
    let system: LibinputRecordWriter.SystemInfo

    /// Opens nothing yet; `record` creates `output`. Throws `EvdevError` when the node cannot be
    /// described, `RecordingError` naming the node when it is not a touchscreen.
    public init(node: EvdevDeviceNode, output: String, system: LibinputRecordWriter.SystemInfo = .init()) throws {
        let device = try node.describe()
        if let refusal = device.touchscreenRefusal {
            throw RecordingError(file: node.path, line: nil, message: "\(refusal); only touchscreens are recorded")
        }
        self.node = node
        self.device = device
        self.output = output
        self.system = system
    }

    /// Records on `loop` — the device's descriptor watched beside whatever else the loop
    /// serves (`recordUntilSignalled` adds the stop signals) — until `loop.stop()` or until the
    /// device goes away. Pending events of an unfinished frame are dropped: a half frame is not
    /// a frame. Throws `RecordingError` when `output` cannot be written, `EvdevError` when
    /// reading fails other than by the device going away.
    public func record(on loop: EventLoop) throws -> Summary {
        guard let file = fopen(output, "w") else {
            throw RecordingError(file: output, line: nil, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        let header = LibinputRecordWriter.header(device: device, system: system)
        var summary = Summary(frames: 0, events: 0, ending: .stopped)
        var origin: Int64?
        var pending: [InputEvent] = []
        var failure: (any Error)?
        try loop.watch(node.descriptor) { [node] _ in
            do {
                for var event in try node.readEvents(timeout: 0) {
                    if origin == nil { origin = event.time }
                    event.time -= origin ?? 0
                    pending.append(event)
                    guard event.isSynReport else { continue }
                    if summary.frames == 0 { fputs(header, file) }
                    fputs(LibinputRecordWriter.frame(EvdevFrame(time: event.time, events: pending)), file)
                    summary.frames += 1
                    summary.events += pending.count
                    pending.removeAll(keepingCapacity: true)
                    // Flushed per frame: a recorder killed outright still leaves whole frames.
                    fflush(file)
                }
            } catch {
                if case EvdevError.deviceRemoved = error { summary.ending = .deviceRemoved } else { failure = error }
                loop.stop()
            }
        }
        defer { loop.unwatch(node.descriptor) }
        try loop.run()
        if let failure { throw failure }
        if summary.frames == 0 { fputs(LibinputRecordWriter.emptyDocument(device: device, system: system), file) }
        guard fflush(file) == 0 else {
            throw RecordingError(file: output, line: nil, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        return summary
    }
}
#endif
