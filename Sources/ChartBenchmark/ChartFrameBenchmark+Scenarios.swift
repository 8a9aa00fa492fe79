#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import KioskUI
import Raster
import Seating

extension ChartFrameBenchmark {
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
            _ = renderer.renderPicture(chart, view: base, into: surface)  // warm the code, not the caches
            for _ in 0..<repeats {
                renderer.purgeCaches()
                samples.time { _ = renderer.renderPicture(chart, view: base, into: surface) }
            }
            report.maskCount = renderer.cachedMaskCount
            add(Self.measurement("full redraw, cold caches", samples, target: 8 * options.targetScale,
                                 note: "\(report.seatsOnScreen) seats on screen, \(report.maskCount) masks"))

        }
        // 2. Pan frames: the offset moves 7 px (back and forth, so the chart stays on screen).
        if want("pan") {
            samples = Samples()
            var v = base
            _ = renderer.renderPicture(chart, view: v, into: surface)
            for i in 0..<(repeats * 4) {
                v.offset.dx += (i / 10) % 2 == 0 ? 7 : -7
                samples.time { _ = renderer.renderPicture(chart, view: v, into: surface) }
            }
            add(Self.measurement("pan frame (+7 px)", samples, target: 2 * options.targetScale, note: "exposed tiles, full-screen copy (moved right, the window wraps the ring)"))

        }
        // 3. Pinch frames: ×1.02 about a point, from an exact frame.
        if want("pinch") {
            samples = Samples()
            let focus = Point(x: size.width * 0.4, y: size.height * 0.55)
            for _ in 0..<(repeats * 2) {
                _ = renderer.renderPicture(chart, view: base, into: surface)
                _ = renderer.renderPicture(chart, view: base, into: surface)
                var p = base
                p.manualZoom = 1.02
                // Keep `focus` fixed: o' = (f − a)(1 − s) + s·o for the anchor a.
                let a = p.zoomAnchor.point(in: Rect(origin: .zero, size: size))
                p.drag = Vector(dx: (focus.x - a.x) * (1 - 1.02) + 1.02 * p.offset.dx - p.offset.dx,
                                dy: (focus.y - a.y) * (1 - 1.02) + 1.02 * p.offset.dy - p.offset.dy)
                samples.time { _ = renderer.renderPicture(chart, view: p, into: surface) }
            }
            add(Self.measurement("pinch frame (×1.02)", samples, target: 6 * options.targetScale, note: "nearest-pixel resample of the last exact frame"))

        }
        // 4. One seat toggled.
        if want("toggle") {
            samples = Samples()
            _ = renderer.renderPicture(chart, view: base, into: surface)
            _ = renderer.renderPicture(chart, view: base, into: surface)
            // Seats from a third of the way in, 97 apart, wrapping: a small venue (`--seats 500`)
            // runs out of seat numbers before the repeats do.
            let count = venue.seats.count
            var seat = count / 3
            toggling: for _ in 0..<(count == 0 ? 0 : repeats * 2) {
                var looked = 0
                while chart.availability.status(seat % count) != .available || chart.selection.contains(seat % count) {
                    seat += 1; looked += 1
                    if looked >= count { break toggling }   // no seat left to toggle
                }
                seat %= count
                _ = try? chart.selection.toggle(seat, venue: venue, availability: chart.availability, now: 0)
                samples.time { _ = renderer.renderPicture(chart, view: base, into: surface) }
                _ = try? chart.selection.toggle(seat, venue: venue, availability: chart.availability, now: 0)
                _ = renderer.renderPicture(chart, view: base, into: surface)
                seat += 97
            }
            add(Self.measurement("one seat toggled", samples, target: 0.5 * options.targetScale, note: "the seat's tiles only"))

        }
        // 5. Zoom-to-tribune animation: 0.7 s ease-in-out at 60 Hz, from the overview to the fitted tribune
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
            goal.place(base.fittedPlacement(outline: venue.tribunes[target].path, tap: tap))
            let frames = 42
            for _ in 0..<Swift.max(2, repeats / 5) {
                _ = renderer.renderPicture(chart, view: base, into: surface)
                var animated = chart
                animated.selectedTribune = target
                for f in 1...frames {
                    let t = Double(f) / Double(frames)
                    let e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) / 2
                    var w = base
                    w.place(base.placement.interpolated(to: goal.placement, fraction: e))
                    samples.time { _ = renderer.renderPicture(animated, view: w, into: surface) }
                }
            }
            add(Self.measurement("zoom-to-tribune frame", samples, target: 8 * options.targetScale, note: "42 frames per run, all exact; median"))

        }
        // 6. A pinch-and-rotate gesture (synthesized: 2 s at 60 Hz, the fingers pause twice).
        if want("replay") {
            samples = Samples()
            _ = renderer.renderPicture(chart, view: base, into: surface)
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
                samples.time { _ = renderer.renderPicture(chart, view: g, into: surface) }
            }
            g.endMagnification(g.manualZoom); g.endRotation(g.currentRotation); g.endDrag(translation: g.drag)
            samples.time { _ = renderer.renderPicture(chart, view: g, into: surface) }
            add(Self.measurement("replay: pinch-and-rotate render_ms", samples, target: nil,
                                 note: "p99 target 16 ms; \(samples.wall.count) frames, synthesized gesture"))

        }
        // 6b. A zoomed frame with the seats' status marks.
        if want("shapes") { runStatusShapesScenario(renderer: renderer, surface: surface, add) }
        // The renderer's memory, before the sessions below add their own frame caches.
        report.peakResidentMB = Self.peakResidentMB()
        // 7. Whole kiosk frames: labels, patterns and chrome over the chart.
        if want("session") { runSessionScenarios(add) }
        // 8. Direct rasterization of every seat path (the reference renderer's way), for context.
        if options.direct && want("direct") {
            samples = Samples()
            let context = DrawingContext(surface: surface)
            let style = ChartRenderer()
            let map = MapStyle(venue: venue)
            for _ in 0..<3 {
                samples.time {
                    style.render(chart, view: base, seatReveal: 0, into: context)
                    context.transform = m
                    for i in 0..<venue.seats.count {
                        context.fill(venue.seatPath(i), with: .solid(map.look(SeatLook.Status(chart, seat: i, now: 0)).fill))
                    }
                    context.transform = .identity
                }
            }
            add(Self.measurement("direct rasterization (Raster, every seat path)", samples, target: nil,
                                 note: "ChartRenderer + DrawingContext per seat; for context"))
        }
        return report
    }
}
