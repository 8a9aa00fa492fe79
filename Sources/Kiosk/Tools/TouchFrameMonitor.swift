import Animation
import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// `tribune touches`: prints a live touchscreen's frames as JSON lines, on the kiosk's event
/// loop (the libinput descriptor, SIGINT/SIGTERM, a timer for the time limit). First the
/// devices present at start, then `{"ready":true,…}`, then one line per frame or device change,
/// and last a `{"summary":…}` line with the frame count and latency percentiles.
public final class TouchFrameMonitor {
    let touchscreen: LibinputTouchscreen
    let count: Int?
    let seconds: Double?
    let emit: (String) -> Void
    private let clock = MonotonicClock()
    /// Event-to-process latency of each frame, µs.
    private var latencies: [Int64] = []
    private var failure: Error?

    /// - Parameters:
    ///   - count: stop after this many frames.
    ///   - seconds: stop after this many seconds.
    ///   - emit: writes one line (`LineOutput.emit` for stdout).
    public init(touchscreen: LibinputTouchscreen, count: Int?, seconds: Double?,
                emit: @escaping (String) -> Void = LineOutput.emit) {
        self.touchscreen = touchscreen
        self.count = count
        self.seconds = seconds
        self.emit = emit
    }

    /// Runs until the frame count, the time limit or a stop signal; then prints the summary.
    public func run() throws {
        let loop = try EventLoop()
        let signals = try SignalWatch(loop: loop, signals: [SIGINT, SIGTERM]) { _ in loop.stop() }
        let limit = try LoopTimer(loop: loop) { loop.stop() }
        if let seconds { limit.arm(after: seconds) }
        // The devices present at start come first; then a marker, so a reader can tell devices
        // plugged in later (hotplug) from those.
        for event in try touchscreen.dispatchEvents() {
            if case .deviceAdded(let d) = event { emit(d.jsonLine(event: "added")) }
        }
        emit("{\"ready\":true,\"devices\":\(touchscreen.devices.count)}")
        try loop.watch(touchscreen.fileDescriptor) { [unowned self] _ in
            do {
                if try self.dispatch() { loop.stop() }
            } catch {
                self.failure = error
                loop.stop()
            }
        }
        try loop.run()
        withExtendedLifetime((signals, limit)) {}
        if let failure { throw failure }
        emit(summary)
    }

    /// Prints what is queued; true once `count` frames were printed.
    private func dispatch() throws -> Bool {
        let events = try touchscreen.dispatchEvents()
        let now = Int64((clock.now * 1_000_000).rounded(.down))
        for event in events {
            switch event {
            case .frame(let frame):
                let latency = now - Int64((frame.timestamp * 1_000_000).rounded())
                latencies.append(latency)
                emit(frame.jsonLine(latencyMicroseconds: latency))
                if let count, latencies.count >= count { return true }
            case .deviceAdded(let d): emit(d.jsonLine(event: "added"))
            case .deviceRemoved(let d): emit(d.jsonLine(event: "removed"))
            }
        }
        return false
    }

    private var summary: String {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Int64 {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
        }
        var line = "{\"summary\":{\"frames\":\(sorted.count)"
        line += ",\"latency_us\":{\"p50\":\(percentile(0.5)),\"p95\":\(percentile(0.95)),\"max\":\(sorted.last ?? 0)}"
        if let size = touchscreen.physicalSize { line += ",\"size_mm\":[\(size.width),\(size.height)]" }
        return line + "}}"
    }
}
