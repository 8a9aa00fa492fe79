import Animation
import Recording
import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// `tribune play`: writes a recording's frames to a virtual kernel device (uinput) at their
/// recorded times, on the kiosk's event loop: timers for the waits and each frame, SIGINT and
/// SIGTERM to stop early (the device is then unplugged, so touches still down end as cancelled).
public final class RecordingPlayer {
    let device: UinputDevice
    let recording: InputRecording
    let speed: Double
    let wait: Double
    let unplugAfter: Double?
    let emit: (String) -> Void
    let emitError: (String) -> Void
    private let clock = MonotonicClock()
    private var stopRequested = false
    /// Longest wait for udev to set the device up, s.
    static let udevTimeout = 60.0
    /// How often udev's progress is checked, s.
    static let udevPollInterval = 0.02

    /// - Parameters:
    ///   - device: created from the recording's device description.
    ///   - speed: playback speed factor (2 = twice as fast).
    ///   - wait: seconds after udev has set the device up before the first frame.
    ///   - unplugAfter: seconds into playback at which to stop, as SIGTERM does.
    public init(device: UinputDevice, recording: InputRecording, speed: Double, wait: Double, unplugAfter: Double?,
                emit: @escaping (String) -> Void = LineOutput.emit,
                emitError: @escaping (String) -> Void = LineOutput.emitError) {
        self.device = device
        self.recording = recording
        self.speed = speed
        self.wait = wait
        self.unplugAfter = unplugAfter
        self.emit = emit
        self.emitError = emitError
    }

    /// Waits for udev, plays every frame on time (or until stopped), unplugs the device.
    public func run() throws {
        let loop = try EventLoop()
        let signals = try SignalWatch(loop: loop, signals: [SIGINT, SIGTERM]) { [unowned self] _ in self.stopRequested = true }
        let timer = try LoopTimer(loop: loop) {}
        defer { withExtendedLifetime(signals) {} }

        // udev must have tagged the device (ID_INPUT_TOUCHSCREEN, fuzz handed to libinput) before
        // events flow, or libinput would miss the start and the kernel would filter with the fuzz.
        let created = clock.now
        while !device.isInitializedByUdev && clock.now < created + Self.udevTimeout && !stopRequested {
            try sleep(until: clock.now + Self.udevPollInterval, loop, timer)
        }
        let node = device.eventNode ?? "?"
        let setup = clock.now - created
        if device.isInitializedByUdev {
            emit("udev set up \(node) in \(setup) s")
        } else {
            emitError("tribune play: udev has not set up \(node) after \(setup) s; playing anyway")
        }
        try sleep(until: clock.now + wait, loop, timer)

        let playback = RecordingPlayback(recording: recording, speed: speed)
        emit("playing \(playback.steps.count) frames (\(Double(playback.duration) / 1_000_000) s) on \(node) \"\(recording.device.name)\"")
        let start = clock.now
        var played = 0
        let unplugAt = unplugAfter.map { Int64($0 * 1_000_000) } ?? Int64.max
        for step in playback.steps {
            if step.offset > unplugAt {
                try sleep(until: start + Double(unplugAt) / 1_000_000, loop, timer)
                stopRequested = true
            }
            try sleep(until: start + Double(step.offset) / 1_000_000, loop, timer)
            if stopRequested { break }
            try device.write(step.events)
            played += 1
        }
        let elapsed = clock.now - start
        device.destroy()
        emit(stopRequested
            ? "stopped after \(played) of \(playback.steps.count) frames (\(elapsed) s); device unplugged"
            : "played \(played) frames in \(elapsed) s")
    }

    /// Runs the loop until `target` (CLOCK_MONOTONIC s) or a stop request.
    private func sleep(until target: Double, _ loop: EventLoop, _ timer: LoopTimer) throws {
        guard !stopRequested, clock.now < target else { return }
        timer.arm(at: target)
        while !stopRequested && clock.now < target { try loop.runOnce() }
        timer.disarm()
    }
}
