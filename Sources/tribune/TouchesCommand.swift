import ArgumentParser
import Geometry
import Gestures
import Kiosk
import TouchInput

/// `tribune touches`: live touch frames from libinput as JSON lines.
struct TouchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touches",
        abstract: "Print live touch frames from libinput as JSON lines (a calibration check).",
        usage: "tribune touches [<options>]",
        discussion: """
            Opens the seat's input devices through libinput (udev backend), maps every touch to the picture \
            exactly as the kiosk does (display size, calibration, rotation) and prints one JSON line per frame:
              {"t":S,"latency_us":N,"touches":[{"id":0,"x":PX,"y":PX,"phase":"began"}]}
            t is the kernel's event time (CLOCK_MONOTONIC, s); latency_us is the time from that event to the \
            frame reaching this process. Device changes print {"device":"added",…} / {"device":"removed",…}. \
            After the devices present at start, {"ready":true,…} marks that later device lines are hotplugs. \
            The last line is {"summary":…} with the frame count and latency percentiles. Stops after --count \
            frames, after --seconds, or on Ctrl-C / SIGTERM. Needs read access to /dev/input/event* \
            (the 'input' group, or root).

            Example:
              tribune touches --size 1920x1080 --rotation 90 --seconds 20
            """)

    @Option(help: "The udev seat.")
    var seat: String = "seat0"

    @Option(help: "The picture size in pixels, WxH (upright, as the UI sees it).")
    var size: String = "1920x1080"

    @Option(help: "Display rotation, clockwise degrees: 0, 90, 180 or 270.")
    var rotation: Int = 0

    @Option(help: "The touchscreen that drives the display: its name, kernel name (event5) or node.")
    var device: String?

    @Option(help: "Calibration matrix \"a b c d e f\" (replaces the device's LIBINPUT_CALIBRATION_MATRIX).")
    var calibration: String?

    @Option(name: .customLong("touch-size"), help: "The panel's active area, WxHmm (when the device reports no resolution).")
    var touchSize: String?

    @Option(help: "Stop after this many frames.")
    var count: Int?

    @Option(help: "Stop after this many seconds.")
    var seconds: Double?

    func validate() throws {
        if count != nil && seconds != nil { throw ValidationError("give either --count or --seconds, not both") }
        if let count, count < 1 { throw ValidationError("--count: expected a positive integer; found \(count)") }
        if let seconds, !(seconds > 0 && seconds.isFinite) { throw ValidationError("--seconds: expected a positive number; found \(seconds)") }
    }

    func run() throws {
        guard let picture = Size(parsing: size) else {
            throw ValidationError("--size: expected WxH in pixels, e.g. 1920x1080; found \"\(size)\"")
        }
        guard let turn = DisplayRotation(degrees: rotation) else {
            throw ValidationError("--rotation: expected 0, 90, 180 or 270; found \(rotation)")
        }
        var config = TouchInputConfiguration(displaySize: picture, rotation: turn)
        config.seat = seat
        config.deviceName = device
        if let calibration {
            guard let m = CalibrationMatrix(udevValue: calibration) else {
                throw ValidationError("--calibration: expected six numbers \"a b c d e f\"; found \"\(calibration)\"")
            }
            config.calibration = m
        }
        if let touchSize {
            guard let s = Size(parsing: touchSize, unit: "mm") else {
                throw ValidationError("--touch-size: expected WxHmm, e.g. 527x296mm; found \"\(touchSize)\"")
            }
            config.physicalSize = s
        }

        let touchscreen: LibinputTouchscreen
        do { touchscreen = try LibinputTouchscreen(configuration: config) } catch {
            LineOutput.emitError("tribune touches: \(error)")
            throw ExitCode(1)
        }
        for failure in touchscreen.openFailures { LineOutput.emitError("tribune touches: cannot open \(failure)") }
        for warning in touchscreen.warnings { LineOutput.emitError("tribune touches: \(warning)") }

        try TouchFrameMonitor(touchscreen: touchscreen, count: count, seconds: seconds).run()
    }
}
