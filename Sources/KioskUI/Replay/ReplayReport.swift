import Foundation
import JSON

/// The result of a headless replay, written as JSON with sorted keys and fixed number
/// formatting (up to 6 decimals, trailing zeros dropped, no negative zero), so two runs of the
/// same recording give byte-identical files — except `render_ms`, which is wall-clock time
/// (written as zeros with `--no-timing`). Schema: docs/replay-report.schema.json.
public struct ReplayReport: Hashable, Sendable {
    /// Display frames ticked on the virtual clock (rendered or not).
    public var frames = 0
    /// Frames written as PNG.
    public var framesWritten = 0
    /// Touch frames replayed.
    public var touchFrames = 0
    /// Virtual time from the first display frame to the last, s.
    public var duration: Double = 0
    /// Sum of the pan-zoom-rotate gestures' translations, px.
    public var translation: (x: Double, y: Double) = (0, 0)
    /// Product of the gestures' magnifications (1 when none).
    public var magnification: Double = 1
    /// Sum of the gestures' rotations, degrees, clockwise positive.
    public var rotationDegrees: Double = 0
    public var taps = 0, doubleTaps = 0, longPresses = 0, flings = 0
    public var maximumFocalJump: Double = 0
    /// The view at the end.
    public var zoom: Double = 1
    public var viewRotationDegrees: Double = 0
    public var offset: (x: Double, y: Double) = (0, 0)
    /// Selected seat ids, in selection order.
    public var selectedSeats: [String] = []
    /// Completed purchases (`KioskSession.purchases`).
    public var purchases = 0
    /// What the kiosk said (speech on), in order: text, language tag and virtual time (s).
    /// Written only when something was said.
    public var speech: [Announcement] = []
    /// Render times, ms (wall clock).
    public var renderP50: Double = 0, renderP99: Double = 0, renderMax: Double = 0

    public init() {}

    public static func == (l: ReplayReport, r: ReplayReport) -> Bool { l.json() == r.json() }
    public func hash(into h: inout Hasher) { h.combine(json()) }

    /// The report with `render_ms` zeroed: what determinism checks compare.
    public var withoutTiming: ReplayReport {
        var r = self
        r.renderP50 = 0; r.renderP99 = 0; r.renderMax = 0
        return r
    }

    /// Sets the render statistics from per-frame times (ms), nearest-rank percentiles.
    public mutating func setRenderTimes(_ times: [Double]) {
        guard !times.isEmpty else { renderP50 = 0; renderP99 = 0; renderMax = 0; return }
        let sorted = times.sorted()
        func rank(_ p: Double) -> Double { sorted[max(0, min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1))] }
        renderP50 = rank(0.5); renderP99 = rank(0.99); renderMax = sorted[sorted.count - 1]
    }

    /// The JSON text (keys sorted, two-space indentation, newline at the end).
    public func json() -> String {
        let gestures: [(String, String)] = [
            ("double_taps", "\(doubleTaps)"), ("flings", "\(flings)"), ("long_presses", "\(longPresses)"),
            ("magnification", Self.number(magnification)), ("rotation_degrees", Self.number(rotationDegrees)),
            ("taps", "\(taps)"), ("translation_px", "[\(Self.number(translation.x)), \(Self.number(translation.y))]"),
        ]
        let render: [(String, String)] = [("max", Self.number(renderMax)), ("p50", Self.number(renderP50)), ("p99", Self.number(renderP99))]
        let view: [(String, String)] = [
            ("offset", "[\(Self.number(offset.x)), \(Self.number(offset.y))]"),
            ("rotation_degrees", Self.number(viewRotationDegrees)), ("zoom", Self.number(zoom)),
        ]
        let seats = "[" + selectedSeats.map(JSONWriter.quoted).joined(separator: ", ") + "]"
        var top: [(String, String)] = [
            ("duration_s", Self.number(duration)), ("frames", "\(frames)"), ("frames_written", "\(framesWritten)"),
            ("gestures", Self.object(gestures, indent: 1)), ("max_focal_jump_px", Self.number(maximumFocalJump)),
            ("purchases", "\(purchases)"), ("render_ms", Self.object(render, indent: 1)), ("selected_seats", seats),
            ("touch_frames", "\(touchFrames)"), ("view", Self.object(view, indent: 1)),
        ]
        if !speech.isEmpty { top.append(("speech", speechJSON())) }
        return Self.object(top, indent: 0) + "\n"
    }

    /// The transcript as an array of `{language, text, time}` objects (keys sorted), one a line.
    private func speechJSON() -> String {
        let lines = speech.map { a in
            "    {\"language\": \(JSONWriter.quoted(a.language)), \"text\": \(JSONWriter.quoted(a.text)), \"time\": \(Self.number(a.time))}"
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n  ]"
    }

    static func object(_ members: [(String, String)], indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        let body = members.sorted { $0.0 < $1.0 }.map { "\(pad)\(JSONWriter.quoted($0.0)): \($0.1)" }.joined(separator: ",\n")
        return "{\n" + body + "\n" + close + "}"
    }

    /// Fixed formatting: at most 6 decimals, no trailing zeros, no exponent, no "-0"; non-finite → 0.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
