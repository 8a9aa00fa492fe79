import ArgumentParser
import Geometry
import Glibc
import Recording
import TouchInput

/// Set by SIGINT/SIGTERM; the loop checks it between polls.
nonisolated(unsafe) private var touchesStopRequested: sig_atomic_t = 0

/// `tribune touches`: live touch frames from libinput as JSON lines.
struct TouchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touches",
        abstract: "Print live touch frames from libinput as JSON lines (a calibration check).",
        discussion: """
            Opens the seat's input devices through libinput (udev backend), maps every touch to the picture
            exactly as the kiosk does (display size, calibration, rotation) and prints one JSON line per frame:
              {"t":S,"latency_us":N,"touches":[{"id":0,"x":PX,"y":PX,"phase":"began"}]}
            t is the kernel's event time (CLOCK_MONOTONIC, s); latency_us is the time from that event to the
            frame reaching this process. Device changes print {"device":"added",…} / {"device":"removed",…}.
            After the devices present at start, {"ready":true,…} marks that later device lines are hotplugs.
            The last line is {"summary":…} with the frame count and latency percentiles. Stops after --count
            frames, after --seconds, or on Ctrl-C / SIGTERM. Needs read access to /dev/input/event*
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
            Self.emitError("tribune touches: \(error)")
            throw ExitCode(1)
        }
        for failure in touchscreen.openFailures { Self.emitError("tribune touches: cannot open \(failure)") }
        for warning in touchscreen.warnings { Self.emitError("tribune touches: \(warning)") }

        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in touchesStopRequested = 1 }
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)

        let start = Self.monotonicMicroseconds()
        let deadline = seconds.map { start + Int64($0 * 1_000_000) }
        var latencies: [Int64] = []
        var frames = 0
        var pfd = pollfd(fd: touchscreen.fileDescriptor, events: Int16(POLLIN), revents: 0)
        // The devices present at start come first; then a marker, so a reader can tell devices
        // plugged in later (hotplug) from those.
        for event in try touchscreen.dispatchEvents() {
            if case .deviceAdded(let d) = event { Self.emit(d.jsonLine(event: "added")) }
        }
        Self.emit("{\"ready\":true,\"devices\":\(touchscreen.devices.count)}")
        loop: while touchesStopRequested == 0 {
            var timeout: Int32 = 200
            if let deadline {
                let left = deadline - Self.monotonicMicroseconds()
                if left <= 0 { break }
                timeout = Int32(min(200, left / 1000 + 1))
            }
            pfd.revents = 0
            let ready = poll(&pfd, 1, timeout)
            if ready < 0 && errno != EINTR { throw ValidationError("poll: \(String(cString: strerror(errno)))") }
            let events = try touchscreen.dispatchEvents()
            let now = Self.monotonicMicroseconds()
            for event in events {
                switch event {
                case .frame(let frame):
                    let latency = now - Int64((frame.timestamp * 1_000_000).rounded())
                    latencies.append(latency)
                    Self.emit(frame.jsonLine(latencyMicroseconds: latency))
                    frames += 1
                    if let count, frames >= count { break loop }
                case .deviceAdded(let d): Self.emit(d.jsonLine(event: "added"))
                case .deviceRemoved(let d): Self.emit(d.jsonLine(event: "removed"))
                }
            }
        }
        latencies.sort()
        func percentile(_ p: Double) -> Int64 {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int((p * Double(latencies.count - 1)).rounded()))]
        }
        var summary = "{\"summary\":{\"frames\":\(frames)"
        summary += ",\"latency_us\":{\"p50\":\(percentile(0.5)),\"p95\":\(percentile(0.95)),\"max\":\(latencies.last ?? 0)}"
        if let size = touchscreen.physicalSize { summary += ",\"size_mm\":[\(size.width),\(size.height)]" }
        Self.emit(summary + "}}")
    }

    static func monotonicMicroseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
    }

    /// Unbuffered, so a reader of a redirected stdout sees each line as it happens.
    static func emit(_ line: String) { write(1, line + "\n") }
    static func emitError(_ line: String) { write(2, line + "\n") }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}
