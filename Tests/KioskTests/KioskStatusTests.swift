import Gestures
import Testing
@testable import Kiosk

@Suite struct KioskStatusTests {
    /// The document the VM tests read, field by field, with a quote in the status line.
    @Test func statusIsOneJSONLineWithTheKnownFields() {
        var latency = TouchLatencyMeter()
        latency.touched(at: 10)
        latency.frameRendered(presented: true, flipsAfter: 1)
        latency.flipsCompleted(1, now: 10.0125)
        let status = KioskStatus(
            phase: "attract", statusLine: "say \"hi\"", frames: 12, flips: 11, flipTimeouts: 0, uptime: 3.5,
            blanked: false, service: "standalone", screen: (1920, 1080), touch: true, settled: true,
            touchFrames: 4, pixelsPerMillimetre: 4, gestures: GestureTotals(), latency: latency, firstFrameMilliseconds: 212.5)
        let expected = #"{"phase": "attract", "statusLine": "say \"hi\"", "frames": 12, "flips": 11, "flip_timeouts": 0, "uptime": 3.5, "#
            + #""blanked": false, "service": "standalone", "screen": [1920, 1080], "touch": true, "settled": true, "#
            + #""touch_frames": 4, "pixels_per_mm": 4.0, "#
            + #""gestures": {"translation_px": [0.0, 0.0], "magnification": 1.0, "rotation_degrees": 0.0, "taps": 0, "#
            + #""double_taps": 0, "long_presses": 0, "flings": 0}, "touch_to_flip_ms": {"count": 1, "p50": 12.5, "p95": 12.5, "p99": 12.5, "max": 12.5}, "#
            + #""first_frame_ms": 212.5}"#
        #expect(status.json == expected)
    }
}
