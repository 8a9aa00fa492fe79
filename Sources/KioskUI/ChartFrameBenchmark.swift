#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Geometry
import Raster
import Seating

/// The chart renderer's benchmark (issue #13), shared by `chart-bench` and `tribune bench`:
/// a generated stadium at a screen size, rotated, every seat on screen, and the frames a kiosk
/// draws — a cold full redraw, a pan, a pinch, a seat toggle, a zoom-to-tribune animation, and
/// a synthesized pinch-and-rotate gesture — each timed over several runs (medians; the machine
/// is shared and noisy).
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
        public init() {}
    }

    /// One timed scenario, milliseconds.
    public struct Measurement: Sendable {
        public var name: String
        public var median: Double
        public var min: Double
        public var max: Double
        public var p99: Double
        public var runs: Int
        /// The issue's target, when it has one.
        public var target: Double?
        /// Median CPU time of the process (all threads) per frame, ms.
        public var cpuMedian = 0.0
        /// Median and 99th percentile CPU time of the rendering thread per frame, ms: the
        /// frame's critical path when each worker has a core (the wall clock of a shared,
        /// overloaded machine also counts the waits for a core).
        public var threadMedian = 0.0
        public var threadP99 = 0.0
        public var note: String

        public var json: String {
            func n(_ v: Double) -> String { String(Int((v * 1000).rounded())).withDecimal() }
            var s = "{\"scenario\": \"\(name)\", \"median_ms\": \(n(median)), \"min_ms\": \(n(min)), \"max_ms\": \(n(max)), "
            s += "\"p99_ms\": \(n(p99)), \"cpu_median_ms\": \(n(cpuMedian)), \"thread_cpu_median_ms\": \(n(threadMedian)), \"thread_cpu_p99_ms\": \(n(threadP99)), \"runs\": \(runs)"
            if let target { s += ", \"target_ms\": \(n(target)), \"met\": \(median <= target)" }
            s += ", \"note\": \"\(note)\"}"
            return s
        }
    }

    public struct Report: Sendable {
        public var measurements: [Measurement] = []
        public var seatCount = 0
        public var seatsOnScreen = 0
        public var deviceSeatSize = 0.0
        public var zoom = 0.0
        public var tribunes = 0
        public var peakResidentMB = 0.0
        public var maskCount = 0
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

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

    /// CPU time of the whole process (all threads), ms: on a shared machine the wall clock also
    /// counts time spent waiting for a core.
    static func cpu() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// CPU time of the calling thread, ms. With the workers sharing a frame, this is the
    /// frame's critical path when every thread has a core of its own.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// Wall and CPU samples of one scenario.
    struct Samples {
        var wall: [Double] = []
        var cpu: [Double] = []
        var thread: [Double] = []
        mutating func time(_ body: () -> Void) {
            let c0 = ChartFrameBenchmark.cpu(), h0 = ChartFrameBenchmark.threadCPU(), t0 = ChartFrameBenchmark.now()
            body()
            wall.append(ChartFrameBenchmark.now() - t0)
            cpu.append(ChartFrameBenchmark.cpu() - c0)
            thread.append(ChartFrameBenchmark.threadCPU() - h0)
        }
    }

    static func measurement(_ name: String, _ samples: Samples, target: Double?, note: String) -> Measurement {
        var m = measurement(name, samples.wall, target: target, note: note)
        func median(_ v: [Double]) -> Double {
            let c = v.sorted()
            return c.isEmpty ? 0 : (c.count % 2 == 1 ? c[c.count / 2] : (c[c.count / 2 - 1] + c[c.count / 2]) / 2)
        }
        m.cpuMedian = median(samples.cpu)
        m.threadMedian = median(samples.thread)
        m.threadP99 = measurement(name, samples.thread, target: nil, note: "").p99
        return m
    }

    static func measurement(_ name: String, _ samples: [Double], target: Double?, note: String) -> Measurement {
        let s = samples.sorted()
        guard !s.isEmpty else { return Measurement(name: name, median: 0, min: 0, max: 0, p99: 0, runs: 0, target: target, cpuMedian: 0, note: note) }
        let median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        let p99 = s[Swift.min(s.count - 1, Int((Double(s.count) * 0.99).rounded(.up)) - 1)]
        return Measurement(name: name, median: median, min: s[0], max: s[s.count - 1], p99: p99, runs: s.count,
                           target: target, cpuMedian: 0, note: note)
    }

    /// Peak resident set size of this process, MB (`getrusage`, kilobytes on Linux).
    public static func peakResidentMB() -> Double {
        var u = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
        #else
        getrusage(RUSAGE_SELF, &u)
        #endif
        return Double(u.ru_maxrss) / 1024
    }

    /// The scenarios `run` measures with these options, in order (the names start with these words).
    public var scenarioNames: [String] {
        ["full", "pan", "pinch", "toggle", "zoom", "replay"].filter { name in options.only.map { name.contains($0) } ?? true }
            + (options.direct && (options.only.map { "direct".contains($0) } ?? true) ? ["direct"] : [])
    }

    /// Runs every scenario; `progress` receives each measurement as it is made.
    public func run(progress: (Measurement) -> Void = { _ in }) -> Report {
        var report = Report()
        let venue = chart.venue
        let size = Size(width: Double(options.width), height: Double(options.height))
        let renderer = ChartFrameRenderer(venue: venue, size: size, threads: options.threads)
        let surface = Surface(width: options.width, height: options.height)
        var chart = self.chart
        let base = view
        report.seatCount = venue.seats.count
        report.tribunes = venue.tribunes.count
        report.zoom = base.zoom
        let m = base.chartToScreen
        report.deviceSeatSize = venue.seats[0].size * (abs(m.a * m.d - m.b * m.c)).squareRoot()
        report.seatsOnScreen = venue.seats.reduce(0) { n, s in
            let p = s.center.applying(m)
            return n + (p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height ? 1 : 0)
        }
        func add(_ m: Measurement) { report.measurements.append(m); progress(m) }
        let repeats = Swift.max(3, options.repeats)

        var samples = Samples()
        func want(_ name: String) -> Bool { options.only.map { name.contains($0) } ?? true }
        // 1. Full redraw, cold caches.
        if want("full") {
            renderer.render(chart, view: base, into: surface)  // warm the code, not the caches
            for _ in 0..<repeats {
                renderer.purgeCaches()
                samples.time { renderer.render(chart, view: base, into: surface) }
            }
            report.maskCount = renderer.masks.slotCount
            add(Self.measurement("full redraw, cold caches", samples, target: 8,
                                 note: "\(report.seatsOnScreen) seats on screen, \(report.maskCount) masks"))

        }
        // 2. Pan frames: the offset moves 7 px (back and forth, so the chart stays on screen).
        if want("pan") {
            samples = Samples()
            var v = base
            renderer.render(chart, view: v, into: surface)
            for i in 0..<(repeats * 4) {
                v.offset.dx += (i / 10) % 2 == 0 ? 7 : -7
                samples.time { renderer.render(chart, view: v, into: surface) }
            }
            add(Self.measurement("pan frame (+7 px)", samples, target: 2, note: "blit, exposed tiles, full-screen copy"))

        }
        // 3. Pinch frames: ×1.02 about a point, from an exact frame.
        if want("pinch") {
            samples = Samples()
            let focus = Point(x: size.width * 0.4, y: size.height * 0.55)
            for _ in 0..<(repeats * 2) {
                renderer.render(chart, view: base, into: surface)
                renderer.render(chart, view: base, into: surface)
                var p = base
                p.manualZoom = 1.02
                // Keep `focus` fixed: o' = (f − a)(1 − s) + s·o for the anchor a.
                let a = p.zoomAnchor.point(in: Rect(origin: .zero, size: size))
                p.drag = Vector(dx: (focus.x - a.x) * (1 - 1.02) + 1.02 * p.offset.dx - p.offset.dx,
                                dy: (focus.y - a.y) * (1 - 1.02) + 1.02 * p.offset.dy - p.offset.dy)
                samples.time { renderer.render(chart, view: p, into: surface) }
            }
            add(Self.measurement("pinch frame (×1.02)", samples, target: 6, note: "nearest-pixel resample of the last exact frame"))

        }
        // 4. One seat toggled.
        if want("toggle") {
            samples = Samples()
            renderer.render(chart, view: base, into: surface)
            renderer.render(chart, view: base, into: surface)
            var seat = venue.seats.count / 3
            for _ in 0..<(repeats * 2) {
                while chart.availability.status(seat) != .available || chart.selection.contains(seat) { seat += 1 }
                _ = try? chart.selection.toggle(seat, venue: venue, availability: chart.availability, now: 0)
                samples.time { renderer.render(chart, view: base, into: surface) }
                _ = try? chart.selection.toggle(seat, venue: venue, availability: chart.availability, now: 0)
                renderer.render(chart, view: base, into: surface)
                seat += 97
            }
            add(Self.measurement("one seat toggled", samples, target: 0.5, note: "the seat's tiles only"))

        }
        // 5. Zoom-to-tribune animation: 0.7 s ease-in-out at 60 Hz, from the overview to zoom 25
        if want("zoom") {
            // on the tribune nearest the screen centre (every frame exact).
            samples = Samples()
            let centre = Point(x: size.width / 2, y: size.height / 2)
            let target = (0..<venue.tribunes.count).min { a, b in
                func d(_ t: Int) -> Double {
                    let c = Point(x: venue.tribunes[t].bounds.midX, y: venue.tribunes[t].bounds.midY).applying(m)
                    return (c.x - centre.x * 0.6) * (c.x - centre.x * 0.6) + (c.y - centre.y) * (c.y - centre.y)
                }
                return d(a) < d(b)
            } ?? 0
            let tb = venue.tribunes[target].bounds
            let tap = Point(x: tb.midX, y: tb.midY).applying(m)
            var goal = base
            goal.zoomIn(atViewPoint: base.viewPoint(fromScreen: tap))
            let frames = 42
            for _ in 0..<Swift.max(2, repeats / 5) {
                renderer.render(chart, view: base, into: surface)
                var animated = chart
                animated.selectedTribune = target
                for f in 1...frames {
                    let t = Double(f) / Double(frames)
                    let e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) / 2
                    var w = base
                    w.zoom = base.zoom + (goal.zoom - base.zoom) * e
                    w.zoomAnchor = UnitPoint(x: base.zoomAnchor.x + (goal.zoomAnchor.x - base.zoomAnchor.x) * e,
                                             y: base.zoomAnchor.y + (goal.zoomAnchor.y - base.zoomAnchor.y) * e)
                    w.offset = Vector(dx: base.offset.dx * (1 - e), dy: base.offset.dy * (1 - e))
                    samples.time { renderer.render(animated, view: w, into: surface) }
                }
            }
            add(Self.measurement("zoom-to-tribune frame", samples, target: 8, note: "42 frames per run, all exact; median"))

        }
        // 6. A pinch-and-rotate gesture (synthesized: 2 s at 60 Hz, the fingers pause twice).
        if want("replay") {
            samples = Samples()
            renderer.render(chart, view: base, into: surface)
            var g = base
            let gFrames = 120
            for f in 0..<gFrames {
                let t = Double(f) / Double(gFrames - 1)
                let pause = (f >= 40 && f < 46) || (f >= 80 && f < 86)
                if !pause {
                    g.manualZoom = 1 + 0.9 * t
                    g.currentRotation = 0.6 * t
                    g.drag = Vector(dx: -120 * t, dy: 60 * sin(t * .pi))
                }
                samples.time { renderer.render(chart, view: g, into: surface) }
            }
            g.endMagnification(g.manualZoom); g.endRotation(g.currentRotation); g.endDrag(translation: g.drag)
            samples.time { renderer.render(chart, view: g, into: surface) }
            add(Self.measurement("replay: pinch-and-rotate render_ms", samples, target: nil,
                                 note: "p99 target 16 ms; \(samples.wall.count) frames, synthesized gesture"))

        }
        // 7. Direct rasterization of every seat path (the reference renderer's way), for context.
        if options.direct && want("direct") {
            samples = Samples()
            let context = DrawingContext(surface: surface)
            let style = ChartRenderer()
            for _ in 0..<3 {
                samples.time {
                    style.render(chart, view: base, seatReveal: 0, into: context)
                    context.transform = m
                    for i in 0..<venue.seats.count {
                        let color = chart.availability.status(i) == .available ? style.availableSeat : style.unavailableSeat
                        context.fill(venue.seatPath(i), with: .solid(color))
                    }
                    context.transform = .identity
                }
            }
            add(Self.measurement("direct rasterization (Raster, every seat path)", samples, target: nil,
                                 note: "ChartRenderer + DrawingContext per seat; for context"))
        }
        report.peakResidentMB = Self.peakResidentMB()
        return report
    }

    /// Runs `bench` and prints each measurement as it is made, then the scene and memory:
    /// a table, or JSON lines (`{"scenario": …, "median_ms": …}`, then `{"info": …}`).
    /// `progress` is told how many of `scenarioNames` are done: before the first, and after each
    /// measurement is printed; `beforePrinting` runs before each printed line (to clear a bar).
    public static func printReport(_ bench: ChartFrameBenchmark, json: Bool, progress: (Int) -> Void = { _ in },
                                   beforePrinting: () -> Void = {}) {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func ms(_ v: Double) -> String {
            let t = Int((v * 100).rounded())
            let s = String(t / 100) + "." + (t % 100 < 10 ? "0" : "") + String(t % 100)
            return String(repeating: " ", count: Swift.max(0, 8 - s.count)) + s
        }
        if !json {
            print(pad("scenario", 46) + "  median ms   min ms   max ms   p99 ms  CPU med  thr med  thr p99   target (on the median)")
            print(String(repeating: "-", count: 100))
        }
        var done = 0
        progress(0)
        let report = bench.run { m in
            beforePrinting()
            defer { fflush(nil); done += 1; progress(done) }
            if json { print(m.json) } else {
                var line = pad(m.name, 46) + "  " + ms(m.median) + " " + ms(m.min) + " " + ms(m.max) + " " + ms(m.p99) + " " + ms(m.cpuMedian) + " " + ms(m.threadMedian) + " " + ms(m.threadP99)
                if let t = m.target {
                    line += "   ≤ " + ms(t).trimmingLeadingSpaces() + " wall " + (m.median <= t ? "met" : "MISSED")
                        + ", thread CPU " + (m.threadMedian <= t ? "met" : "MISSED")
                }
                if m.name.hasPrefix("replay") {
                    line += "   p99 ≤ 16 wall " + (m.p99 <= 16 ? "met" : "MISSED") + ", thread CPU " + (m.threadP99 <= 16 ? "met" : "MISSED")
                }
                print(line + "   (" + m.note + ")")
            }
        }
        beforePrinting()
        let mem = Int(report.peakResidentMB.rounded())
        if json {
            print("{\"info\": {\"seats\": \(report.seatCount), \"seats_on_screen\": \(report.seatsOnScreen), "
                  + "\"tribunes\": \(report.tribunes), \"device_seat_px\": \(Double(Int(report.deviceSeatSize * 100)) / 100), "
                  + "\"zoom\": \(Double(Int(report.zoom * 1000)) / 1000), \"masks\": \(report.maskCount), "
                  + "\"threads\": \(bench.options.threads), \"peak_rss_mb\": \(mem), \"peak_rss_target_mb\": 150}}")
        } else {
            print("seats \(report.seatCount) (\(report.seatsOnScreen) on screen), tribunes \(report.tribunes), "
                  + "seat \(Double(Int(report.deviceSeatSize * 100)) / 100) px at zoom \(Double(Int(report.zoom * 1000)) / 1000), "
                  + "\(bench.options.width)×\(bench.options.height), rotation \(bench.options.rotationDegrees)°, "
                  + "\(bench.options.threads) threads")
            print("peak memory (maxrss): \(mem) MB   ≤ 150" + (mem <= 150 ? "  met" : "  MISSED"))
        }
    }

    /// Writes the seats of the full-redraw frame as device-space polygons (flattened to 0.1 px,
    /// back and squab per seat) in status colours, as a scene file the peer benchmark
    /// (`scripts/peers_bench.py`, `scripts/chart_peers.py`) reads.
    public func exportSeats(to path: String) throws {
        let venue = chart.venue
        let m = view.chartToScreen
        let style = ChartRenderer()
        func hex(_ c: Color) -> String {
            let p = c.premultiplied
            func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return v < 16 ? "0" + s : s }
            return "#" + h(p.red) + h(p.green) + h(p.blue)
        }
        let colors = [hex(style.availableSeat), hex(style.selectedSeat), hex(style.unavailableSeat)]
        var out = "{\"width\":\(options.width),\"height\":\(options.height),\"background\":\"\(hex(style.background))\",\"ops\":[\n"
        for i in 0..<venue.seats.count {
            var sink = PolygonCollector()
            SeatShape.unitFill.flatten(tolerance: 0.1, transform: seatTransform(i).concatenating(m), into: &sink)
            sink.finish()
            var d = ""
            for k in 0..<(sink.starts.count - 1) {
                let s = Int(sink.starts[k]), e = Int(sink.starts[k + 1])
                guard e - s >= 3 else { continue }
                for j in s..<e {
                    let p = sink.points[j]
                    d += (j == s ? "M" : " L") + fmt(p.x) + " " + fmt(p.y)
                }
                d += " Z "
            }
            let c = chart.selection.contains(i) ? 1 : (chart.availability.status(i) == .available ? 0 : 2)
            out += (i == 0 ? "" : ",\n") + "{\"fill\":\"\(d)\",\"color\":\"\(colors[c])\"}"
        }
        out += "\n]}\n"
        guard let f = fopen(path, "w") else {
            throw ChartFrameBenchmarkError(message: "cannot write the seat scene to \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        fputs(out, f)
    }

    /// The unit seat square → chart units for seat `i` (centred, sized, rotated).
    func seatTransform(_ i: Int) -> AffineTransform {
        let s = chart.venue.seats[i]
        return AffineTransform(translationX: -0.5, y: -0.5)
            .concatenating(AffineTransform(scaleX: s.size, y: s.size))
            .concatenating(AffineTransform(rotationAngle: s.rotation))
            .concatenating(AffineTransform(translationX: s.center.x, y: s.center.y))
    }

    private func fmt(_ v: Float) -> String {
        let n = Int((Double(v) * 1000).rounded())
        return String(n).withDecimal()
    }
}

/// A benchmark problem (the seat scene could not be written).
public struct ChartFrameBenchmarkError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }

    /// "12345" (thousandths) → "12.345"; "-5" → "-0.005".
    fileprivate func withDecimal() -> String {
        let negative = hasPrefix("-")
        var digits = negative ? String(dropFirst()) : self
        while digits.count < 4 { digits = "0" + digits }
        let i = digits.index(digits.endIndex, offsetBy: -3)
        return (negative ? "-" : "") + digits[..<i] + "." + digits[i...]
    }
}
