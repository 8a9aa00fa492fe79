import Geometry
import KioskUI
import Raster
import Seating

/// The chart renderer's benchmark (issue #13), shared by `chart-bench` and `tribune bench`:
/// a generated stadium at a screen size, rotated, every seat on screen, and the frames a kiosk
/// draws — a cold full redraw, a pan, a pinch, a seat toggle, a zoom-to-tribune animation, and
/// a synthesized pinch-and-rotate gesture — each timed over several runs (medians; the machine
/// is shared and noisy). Frames are drawn as the kiosk draws them (`renderPicture`): left in
/// the renderer's back buffer where they lie in one piece there, else copied out.
public struct ChartFrameBenchmark {
    public struct Options: Sendable {
        public var seats = 60_000
        public var width = 1920
        public var height = 1080
        public var rotationDegrees = 30.0
        public var repeats = 15
        public var threads = 2
        /// Also time direct rasterization of every seat path (slow; for context).
        public var direct = true
        /// Run only the scenarios whose name contains this (all when nil).
        public var only: String?
        /// Seat statuses told apart by shape (`ChartFrameRenderer.seatShapes`) in the zoomed scenario.
        public var seatShapes = false
        public init() {}
    }

    public let options: Options
    public let chart: SeatingChart
    /// The view of the full-redraw frame: rotated, every seat on screen.
    public let view: ChartViewState

    public init(options: Options) {
        self.options = options
        let venue = StadiumGenerator.generate(.forSeatCount(options.seats))
        let size = Size(width: Double(options.width), height: Double(options.height))
        var chart = SeatingChart(venue: venue, viewSize: size)
        // Availability as a match day: a seventh sold, an eleventh held, some selected.
        for i in stride(from: 0, to: venue.seats.count, by: 7) { chart.availability.set(i, .sold) }
        for i in stride(from: 3, to: venue.seats.count, by: 11) { chart.availability.set(i, .held(hold: "other", until: 1e9)) }
        chart.selection.add([1, 2, 5])
        chart.view.rotation = options.rotationDegrees * .pi / 180
        chart.view.zoomLimits = 0.05...40
        // The largest zoom (≤ the resting 1.25) with every seat's square on screen.
        var lo = 0.05, hi = ChartViewState.restingZoom
        func fits(_ z: Double) -> Bool {
            var v = chart.view; v.zoom = z
            let m = v.chartToScreen
            let k = (abs(m.a * m.d - m.b * m.c)).squareRoot()
            for s in venue.seats {
                let p = s.center.applying(m), r = s.size * k * 0.75
                if p.x - r < 0 || p.y - r < 0 || p.x + r > size.width || p.y + r > size.height { return false }
            }
            return true
        }
        if fits(hi) { lo = hi } else {
            for _ in 0..<30 { let mid = (lo + hi) / 2; if fits(mid) { lo = mid } else { hi = mid } }
        }
        chart.view.zoom = lo
        self.chart = chart
        view = chart.view
    }

    /// The scenarios `run` measures with these options, in order (the names start with these words).
    public var scenarioNames: [String] {
        ["full", "pan", "pinch", "toggle", "zoom", "replay", "shapes", "session"].filter { name in options.only.map { name.contains($0) } ?? true }
            + (options.direct && (options.only.map { "direct".contains($0) } ?? true) ? ["direct"] : [])
    }
}
