import Evdev
import Recording

/// When `tribune play` writes each frame of a recording: the recorded times (µs since the
/// first event) divided by the speed, and the events worth writing to a virtual device.
/// Above both Recording (the recording) and TouchInput (the virtual device that plays it).
public struct RecordingPlayback: Sendable {
    public struct Step: Hashable, Sendable {
        /// Microseconds after the start of playback.
        public var offset: Int64
        public var events: [InputEvent]
    }

    public var steps: [Step]

    /// `speed` > 0: 2 plays twice as fast. `SYN_DROPPED` (a reader's overflow marker, not
    /// device output) is left out.
    public init(recording: InputRecording, speed: Double) {
        let scale = speed.isFinite && speed > 0 ? speed : 1
        steps = recording.frames.map { frame in
            Step(offset: Int64((Double(frame.time) / scale).rounded()),
                 events: frame.events.filter { !($0.type == EvdevCode.EV_SYN && $0.code == EvdevCode.SYN_DROPPED) })
        }
    }

    /// Playback length, µs.
    public var duration: Int64 { steps.last?.offset ?? 0 }
}
