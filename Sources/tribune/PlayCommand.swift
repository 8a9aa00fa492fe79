import ArgumentParser
import Geometry
import Gestures
import Kiosk
import Recording
import TouchInput

/// `tribune play`: a recording as a real kernel input device (uinput), with its timing.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a recording on a virtual kernel touchscreen (uinput), with the recorded timing.",
        usage: "tribune play <recording> [<options>]",
        discussion: """
            Creates a uinput device that copies the recording's device (name, ids, codes, axes with \
            min/max/fuzz/flat/resolution, properties), waits until udev has set it up (and --wait more seconds \
            for clients such as the kiosk to open it), then writes each kernel frame at its recorded time divided \
            by --speed. SIGTERM or Ctrl-C stop playback and unplug the device (touches still down end as \
            cancelled in libinput). Needs root (or write access to /dev/uinput) and the uinput module. \
            Tribune's own equivalent of evemu-play / libinput replay.

            With --emulate nothing is created: prints the touch frames Tribune's replay emulation of libinput \
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
            LineOutput.emitError("tribune play: \(error)")
            throw ExitCode(1)
        }
        if emulate { return try printEmulation(input) }

        let device: UinputDevice
        do { device = try UinputDevice(copying: input.device) } catch {
            LineOutput.emitError("tribune play: \(error)")
            throw ExitCode(1)
        }
        try RecordingPlayer(device: device, recording: input, speed: speed, wait: wait, unplugAfter: unplugAfter).run()
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
            LineOutput.emitError("tribune play: \(error)")
            throw ExitCode(1)
        }
        for frame in frames { LineOutput.emit(frame.jsonLine()) }
    }
}
