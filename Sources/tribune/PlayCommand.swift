import ArgumentParser
import Geometry
import Gestures
import Glibc
import Recording
import TouchInput

/// Set by SIGINT/SIGTERM: playback stops and the virtual device is unplugged.
nonisolated(unsafe) private var playStopRequested: sig_atomic_t = 0

/// `tribune play`: a recording as a real kernel input device (uinput), with its timing.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a recording on a virtual kernel touchscreen (uinput), with the recorded timing.",
        discussion: """
            Creates a uinput device that copies the recording's device (name, ids, codes, axes with
            min/max/fuzz/flat/resolution, properties), waits until udev has set it up (and --wait more seconds
            for clients such as the kiosk to open it), then writes each kernel frame at its recorded time divided
            by --speed. SIGTERM or Ctrl-C stop playback and unplug the device (touches still down end as
            cancelled in libinput). Needs root (or write access to /dev/uinput) and the uinput module.
            Tribune's own equivalent of evemu-play / libinput replay.

            With --emulate nothing is created: prints the touch frames Tribune's replay emulation of libinput
            gives for the recording on --size/--rotation (and --calibration), as the JSON lines 'tribune touches' prints.

            Example:
              tribune play 3m.event --speed 0.5
            """)

    @Argument(help: "The recording (libinput record YAML, or evemu with an optional sibling .desc).")
    var recording: String

    @Option(help: "Playback speed factor (2 = twice as fast).")
    var speed: Double = 1

    @Option(help: "Seconds to wait after the device is ready before the first event.")
    var wait: Double = 0.5

    @Option(name: .customLong("unplug-after"), help: "Unplug the device this many seconds into playback (as SIGTERM does, but on time).")
    var unplugAfter: Double?

    @Flag(help: "Print the emulated touch frames as JSON lines instead of playing.")
    var emulate = false

    @Option(help: "With --emulate: the picture size in pixels, WxH.")
    var size: String = "1920x1080"

    @Option(help: "With --emulate: display rotation, clockwise degrees.")
    var rotation: Int = 0

    @Option(help: "With --emulate: a calibration matrix \"a b c d e f\" in place of the device's (as 'tribune touches --calibration').")
    var calibration: String?

    func validate() throws {
        if !(speed > 0 && speed.isFinite) { throw ValidationError("--speed: expected a positive number; found \(speed)") }
        if !(wait >= 0 && wait.isFinite) { throw ValidationError("--wait: expected seconds ≥ 0; found \(wait)") }
        if let unplugAfter, !(unplugAfter >= 0 && unplugAfter.isFinite) {
            throw ValidationError("--unplug-after: expected seconds ≥ 0; found \(unplugAfter)")
        }
    }

    func run() throws {
        let input: InputRecording
        do { input = try RecordingReader.read(path: recording) } catch {
            TouchesCommand.emitError("tribune play: \(error)")
            throw ExitCode(1)
        }
        if emulate { return try printEmulation(input) }

        let device: UinputDevice
        do { device = try UinputDevice(copying: input.device) } catch {
            TouchesCommand.emitError("tribune play: \(error)")
            throw ExitCode(1)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in playStopRequested = 1 }
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)

        // udev must have tagged the device (ID_INPUT_TOUCHSCREEN, fuzz handed to libinput) before
        // events flow, or libinput would miss the start and the kernel would filter with the fuzz.
        let created = TouchesCommand.monotonicMicroseconds()
        while !device.isInitializedByUdev && TouchesCommand.monotonicMicroseconds() < created + 60_000_000 && playStopRequested == 0 {
            usleep(20_000)
        }
        let node = device.eventNode ?? "?"
        let setup = Double(TouchesCommand.monotonicMicroseconds() - created) / 1_000_000
        if device.isInitializedByUdev {
            TouchesCommand.emit("udev set up \(node) in \(setup) s")
        } else {
            TouchesCommand.emitError("tribune play: udev has not set up \(node) after \(setup) s; playing anyway")
        }
        sleepUntil(TouchesCommand.monotonicMicroseconds() + Int64(wait * 1_000_000))

        let playback = RecordingPlayback(recording: input, speed: speed)
        TouchesCommand.emit("playing \(playback.steps.count) frames (\(Double(playback.duration) / 1_000_000) s) on \(node) \"\(input.device.name)\"")
        let start = TouchesCommand.monotonicMicroseconds()
        var played = 0
        let unplugAt = unplugAfter.map { Int64($0 * 1_000_000) } ?? Int64.max
        for step in playback.steps {
            if step.offset > unplugAt {
                sleepUntil(start + unplugAt)
                playStopRequested = 1
            }
            sleepUntil(start + step.offset)
            if playStopRequested != 0 { break }
            try device.write(step.events)
            played += 1
        }
        let elapsed = Double(TouchesCommand.monotonicMicroseconds() - start) / 1_000_000
        device.destroy()
        TouchesCommand.emit(playStopRequested != 0
            ? "stopped after \(played) of \(playback.steps.count) frames (\(elapsed) s); device unplugged"
            : "played \(played) frames in \(elapsed) s")
    }

    /// Sleeps until the monotonic time `target` (µs) or a stop request.
    private func sleepUntil(_ target: Int64) {
        while playStopRequested == 0 {
            let now = TouchesCommand.monotonicMicroseconds()
            if now >= target { return }
            var ts = timespec(tv_sec: Int(target / 1_000_000), tv_nsec: Int(target % 1_000_000) * 1_000)
            _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil)
        }
    }

    private func printEmulation(_ input: InputRecording) throws {
        guard let picture = Size(parsing: size) else {
            throw ValidationError("--size: expected WxH in pixels, e.g. 1920x1080; found \"\(size)\"")
        }
        guard let turn = DisplayRotation(degrees: rotation) else {
            throw ValidationError("--rotation: expected 0, 90, 180 or 270; found \(rotation)")
        }
        var input = input
        if let calibration {
            guard CalibrationMatrix(udevValue: calibration) != nil else {
                throw ValidationError("--calibration: expected six numbers \"a b c d e f\"; found \"\(calibration)\"")
            }
            // Where libinput takes it from when the kiosk sets none: the udev property.
            input.device.udevProperties.removeAll { $0.hasPrefix("LIBINPUT_CALIBRATION_MATRIX=") }
            input.device.udevProperties.append("LIBINPUT_CALIBRATION_MATRIX=" + calibration)
        }
        let frames: [TouchFrame]
        do { frames = try input.touchFrames(mapping: DisplayMapping(size: picture, rotation: turn)) } catch {
            TouchesCommand.emitError("tribune play: \(error)")
            throw ExitCode(1)
        }
        for frame in frames { TouchesCommand.emit(frame.jsonLine()) }
    }
}
