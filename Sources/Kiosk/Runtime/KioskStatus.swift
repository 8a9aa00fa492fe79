import Gestures
import JSON

/// The `status` control command's answer: one JSON object on one line. The field names are
/// what the VM tests and operators read; `gestures` is named as in the replay report.
struct KioskStatus {
    /// The session's phase, or the runtime's own while not running (`starting`, `blanked`,
    /// `suspended`, `stopping`).
    var phase: String
    var statusLine: String
    /// Frames presented, page flips completed and flips written off.
    var frames: Int, flips: Int, flipTimeouts: Int
    /// Seconds since start, rounded to 0.1.
    var uptime: Double
    var blanked: Bool
    /// `standalone`, `in service`, or the out-of-service code.
    var service: String
    /// The logical screen, px.
    var screen: (width: Int, height: Int)
    var touch: Bool
    /// Nothing moves, no frame is due and no flip is pending.
    var settled: Bool
    var touchFrames: Int
    var pixelsPerMillimetre: Double
    var gestures: GestureTotals
    var latency: TouchLatencyMeter
    /// From the kernel's start of the process to the first frame on screen, ms (null: unknown).
    var firstFrameMilliseconds: Double?

    var json: String {
        "{\"phase\": \(JSONWriter.quoted(phase)), \"statusLine\": \(JSONWriter.quoted(statusLine)), \"frames\": \(frames), "
            + "\"flips\": \(flips), \"flip_timeouts\": \(flipTimeouts), \"uptime\": \(uptime), "
            + "\"blanked\": \(blanked), \"service\": \(JSONWriter.quoted(service)), "
            + "\"screen\": [\(screen.width), \(screen.height)], \"touch\": \(touch), "
            + "\"settled\": \(settled), "
            + "\"touch_frames\": \(touchFrames), \"pixels_per_mm\": \(pixelsPerMillimetre), "
            + "\"gestures\": \(gesturesJSON), \"touch_to_flip_ms\": \(latencyJSON), "
            + "\"first_frame_ms\": \(firstFrameMilliseconds.map { "\($0)" } ?? "null")}"
    }

    private var gesturesJSON: String {
        let t = gestures
        return "{\"translation_px\": [\(t.translation.dx), \(t.translation.dy)], \"magnification\": \(t.magnification), "
            + "\"rotation_degrees\": \(t.rotation * 180 / .pi), \"taps\": \(t.taps), \"double_taps\": \(t.doubleTaps), "
            + "\"long_presses\": \(t.longPresses), \"flings\": \(t.flings)}"
    }

    /// Touch-to-flip latency: the kernel's touch timestamp to the page flip that showed it, ms.
    private var latencyJSON: String {
        guard let p = latency.percentiles else { return "{\"count\": 0}" }
        return "{\"count\": \(latency.count), \"p50\": \(p.p50), \"p95\": \(p.p95), \"p99\": \(p.p99), \"max\": \(p.max)}"
    }
}
