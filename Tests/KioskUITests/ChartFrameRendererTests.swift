import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The retained renderer against direct rasterization (`ChartRenderer` for field and tribunes,
/// then every seat's path through `DrawingContext`), and against itself across thread counts
/// and frame histories.
@Suite struct ChartFrameRendererTests {
    static let size = Size(width: 480, height: 320)

    /// A stadium of about `seats` seats, some sold, some held, a few selected, viewed rotated
    /// 30° with the seats `deviceSeat` px wide.
    static func scene(seats: Int = 3000, deviceSeat: Double) -> SeatingChart {
        let venue = StadiumGenerator.generate(.forSeatCount(seats))
        var chart = SeatingChart(venue: venue, viewSize: size)
        for i in stride(from: 0, to: venue.seats.count, by: 7) { chart.availability.set(i, .sold) }
        for i in stride(from: 3, to: venue.seats.count, by: 11) { chart.availability.set(i, .held(hold: "h", until: 100)) }
        chart.selection.add([1, 2, 5, 9, 10])
        chart.view.rotation = .pi / 6
        let k = chart.view.contentTransform.a
        chart.view.zoom = deviceSeat / (venue.seats[0].size * k)
        chart.view.zoomLimits = 0.1...400
        // Look at a corner of the stadium (arc and rect tribunes both on screen).
        chart.view.offset = Vector(dx: size.width * 0.9, dy: size.height * 0.4)
        return chart
    }

    /// A renderer that has drawn `chart` as it stands, and the surface holding that frame.
    static func firstFrame(_ chart: SeatingChart) -> (ChartFrameRenderer, Surface) {
        let renderer = ChartFrameRenderer(venue: chart.venue, size: size)
        let surface = Surface(width: Int(size.width), height: Int(size.height))
        renderer.render(chart, view: chart.view, into: surface)
        return (renderer, surface)
    }

    /// Direct rasterization of the same scene with every seat drawn.
    static func reference(_ chart: SeatingChart, view: ChartViewState, now: Double = 0) -> Surface {
        let surface = Surface(width: Int(size.width), height: Int(size.height))
        let style = ChartRenderer()
        let context = DrawingContext(surface: surface)
        style.render(chart, view: view, seatReveal: 0, now: now, into: context)
        context.transform = view.chartToScreen
        let venue = chart.venue
        let map = MapStyle(venue: venue)
        let m = view.chartToScreen
        let deviceSeat = venue.seats[0].size * abs(m.a * m.d - m.b * m.c).squareRoot()
        for i in 0..<venue.seats.count {
            let look = map.look(SeatLook.Status(chart, seat: i, now: now))
            context.fill(venue.seatPath(i), with: look.paint(in: context, origin: MapStyle.patternOrigin(m)))
            // ✓ and ✕ upright on the squab, from seats of 10 px on.
            guard look.glyph != .none, deviceSeat >= 10 else { continue }
            let r = venue.seats[i]
            let box = SeatLook.glyphBox(center: r.center, size: r.size, rotation: r.rotation)
            let c = Point(x: box.midX, y: box.midY).applying(m), side = SeatLook.glyphSide * deviceSeat
            context.transform = .identity
            look.drawGlyph(in: Rect(x: c.x - side / 2, y: c.y - side / 2, width: side, height: side), in: context)
            context.transform = m
        }
        return surface
    }

    /// Max and mean absolute channel difference.
    static func difference(_ a: Surface, _ b: Surface) -> (max: Int, mean: Double) {
        var maxD = 0, sum = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y)
            for x in 0..<a.width {
                let p = ra[x], q = rb[x]
                for s in stride(from: 0, to: 32, by: 8) {
                    let d = abs(Int((p >> UInt32(s)) & 255) - Int((q >> UInt32(s)) & 255))
                    maxD = max(maxD, d); sum += d
                }
            }
        }
        return (maxD, Double(sum) / Double(a.width * a.height * 4))
    }

    static func bytes(_ s: Surface) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<s.height { out.append(contentsOf: UnsafeBufferPointer(start: s.row(y), count: s.width)) }
        return out
    }

    /// Pixel-for-pixel equality as a Bool: `#expect(a == b)` on two screens' pixel arrays
    /// would, on failure, diff hundreds of thousands of elements for minutes.
    static func same(_ a: Surface, _ b: Surface) -> Bool { bytes(a) == bytes(b) }
    static func same(_ s: Surface, _ pixels: [UInt32]) -> Bool { bytes(s) == pixels }

    @Test(arguments: [9.0, 4.0])
    func matchesDirectRasterization(deviceSeat: Double) {
        let chart = Self.scene(deviceSeat: deviceSeat)
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Self.size, threads: 2)
        let surface = Surface(width: 480, height: 320)
        let damage = renderer.render(chart, view: chart.view, into: surface)
        #expect(damage == [surface.bounds])
        #expect(renderer.lastFrame.mode == .full)
        let d = Self.difference(surface, Self.reference(chart, view: chart.view))
        #expect(d.max <= 24, "max |Δ| \(d.max)")
        #expect(d.mean <= 0.5, "mean |Δ| \(d.mean)")
        // The comparison is not vacuous: hundreds of pixels differ from the same frame without
        // seats by more than the tolerance (grey and green seats on blue tribunes).
        let bare = Surface(width: 480, height: 320)
        ChartRenderer().render(chart, view: chart.view, seatReveal: 0, into: DrawingContext(surface: bare))
        var seatPixels = 0
        for y in 0..<320 {
            for x in 0..<480 {
                let p = surface.pixel(x: x, y: y), q = bare.pixel(x: x, y: y)
                if max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue))) > 30 {
                    seatPixels += 1
                }
            }
        }
        #expect(seatPixels > 300, "\(seatPixels) pixels show seats")
    }

    @Test func twoThreadsAreBitIdenticalToOne() {
        var chart = Self.scene(deviceSeat: 7)
        let one = ChartFrameRenderer(venue: chart.venue, size: Self.size, threads: 1)
        let two = ChartFrameRenderer(venue: chart.venue, size: Self.size, threads: 2)
        let s1 = Surface(width: 480, height: 320), s2 = Surface(width: 480, height: 320)
        func step(_ view: ChartViewState, inMotion: Bool = false) {
            let d1 = one.render(chart, view: view, viewInMotion: inMotion, into: s1)
            let d2 = two.render(chart, view: view, viewInMotion: inMotion, into: s2)
            #expect(d1 == d2)
            #expect(Self.same(s1, s2))
        }
        var view = chart.view
        step(view)
        view.offset.dx += 70; view.offset.dy -= 33
        step(view)
        try? chart.selection.toggle(40, venue: chart.venue, availability: chart.availability, now: 0)
        step(view)
        view.manualZoom = 1.05
        step(view)
        step(view)  // at rest: refined
        view.endMagnification(1.05)
        view.rotation += 0.2
        step(view)
        // Zooming out in motion: drawn a step further out, magnified; then exact at rest.
        view.zoom /= 1.2
        step(view, inMotion: true)
        view.zoom /= 1.1
        step(view, inMotion: true)
        step(view)
    }

    /// A frame that replaces the screen (first frame, pan) writes every pixel of the surface:
    /// drawn rows are copied out as they are drawn, the rest afterwards.
    @Test func wholeScreenFramesWriteEveryPixel() {
        let chart = Self.scene(deviceSeat: 7)
        var pans = chart.view
        pans.offset.dx += 7; pans.offset.dy -= 70
        for views in [[chart.view], [chart.view, pans]] {
            var frames: [[UInt32]] = []
            for garbage: UInt32 in [0, 0xFFFF_00FF] {
                let renderer = ChartFrameRenderer(venue: chart.venue, size: Self.size)
                let surface = Surface(width: 480, height: 320)
                for v in views {
                    // Garbage before each frame: a whole-screen frame leaves none of it.
                    for y in 0..<surface.height { surface.row(y).update(repeating: garbage, count: surface.width) }
                    renderer.render(chart, view: v, into: surface)
                }
                frames.append(Self.bytes(surface))
            }
            // (Booleans, so a failure does not print the frames.)
            let same = frames[0] == frames[1], garbageLeft = frames[1].contains(0xFFFF_00FF)
            #expect(same, "views \(views.count)")
            #expect(!garbageLeft, "views \(views.count)")
        }
    }

    @Test func panDrawsOnlyExposedTilesAndMatchesAFreshFrame() {
        let chart = Self.scene(deviceSeat: 7)
        let (renderer, surface) = Self.firstFrame(chart)
        let all = renderer.lastFrame.tilesDrawn
        var view = chart.view
        view.offset.dx += 7
        view.offset.dy -= 70
        let damage = renderer.render(chart, view: view, into: surface)
        #expect(renderer.lastFrame.mode == .pan)
        #expect(damage == [surface.bounds])
        // 70 px up exposes at most two tile rows (plus a column for the 7 px), never the screen.
        #expect(renderer.lastFrame.tilesDrawn > 0 && renderer.lastFrame.tilesDrawn <= 2 * 9 + 7)
        #expect(renderer.lastFrame.tilesDrawn < all)
        let fresh = ChartFrameRenderer(venue: chart.venue, size: Self.size)
        let s2 = Surface(width: 480, height: 320)
        fresh.render(chart, view: view, into: s2)
        #expect(Self.difference(surface, s2).max <= 2)
        let d = Self.difference(surface, Self.reference(chart, view: view))
        #expect(d.max <= 24 && d.mean <= 0.5)
    }

    @Test func aSeatToggleRedrawsOnlyItsTiles() throws {
        var chart = Self.scene(deviceSeat: 9)
        let (renderer, surface) = Self.firstFrame(chart)
        // A seat near the middle of the screen.
        let m = chart.view.chartToScreen
        let seat = try #require((0..<chart.venue.seats.count).first { i in
            let p = chart.venue.seats[i].center.applying(m)
            return p.x > 200 && p.x < 280 && p.y > 120 && p.y < 200 && chart.availability.status(i) == .available
                && !chart.selection.contains(i)
        })
        let before = Self.bytes(surface)
        try chart.selection.toggle(seat, venue: chart.venue, availability: chart.availability, now: 0)
        let damage = renderer.render(chart, view: chart.view, into: surface)
        #expect(renderer.lastFrame.mode == .tiles)
        #expect(!damage.isEmpty && damage.count <= 4)
        #expect(damage.allSatisfy { $0.width <= 64 && $0.height <= 64 })
        // Every changed pixel is inside the damage, and the seat's centre pixel changed.
        let after = Self.bytes(surface)
        var changedOutside = 0, changed = 0
        for y in 0..<320 {
            for x in 0..<480 where before[y * 480 + x] != after[y * 480 + x] {
                changed += 1
                if !damage.contains(where: { x >= $0.minX && x < $0.maxX && y >= $0.minY && y < $0.maxY }) { changedOutside += 1 }
            }
        }
        #expect(changed > 0 && changedOutside == 0)
        let d = Self.difference(surface, Self.reference(chart, view: chart.view))
        #expect(d.max <= 24 && d.mean <= 0.5)
        // Nothing changed: nothing drawn.
        #expect(renderer.render(chart, view: chart.view, into: surface).isEmpty)
    }

    @Test func pinchResamplesInFlightAndRefinesAtRest() {
        let chart = Self.scene(deviceSeat: 7)
        let (renderer, surface) = Self.firstFrame(chart)
        var view = chart.view
        view.manualZoom = 1.02
        view.currentRotation = 0.01
        renderer.render(chart, view: view, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.approximate)
        #expect(renderer.lastFrame.tilesDrawn == 0)
        // Resampled, the frame is already close to the exact one (mostly small differences).
        let rough = Self.difference(surface, Self.reference(chart, view: view))
        #expect(rough.mean < 6)
        renderer.render(chart, view: view, into: surface)  // the fingers rest
        #expect(renderer.lastFrame.mode == .full && !renderer.lastFrame.approximate)
        let d = Self.difference(surface, Self.reference(chart, view: view))
        #expect(d.max <= 24 && d.mean <= 0.5)
        #expect(d.mean < rough.mean)
    }

    /// Zooming out (the way home from a tribune): the first shrinking frame is drawn exactly a
    /// step further out and magnified to the view, the next ones within that step only
    /// magnified from it (no tiles drawn), the frame at rest exactly at the view.
    @Test func animatedZoomOutDrawsAStepFurtherOutAndMagnifies() {
        let chart = Self.scene(deviceSeat: 7)
        let (renderer, surface) = Self.firstFrame(chart)
        var view = chart.view
        view.zoom /= 1.1
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.approximate && renderer.lastFrame.tilesDrawn > 0)
        // Close to the exact frame: content everywhere, no background where the view has chart.
        #expect(Self.difference(surface, Self.reference(chart, view: view)).mean < 6)
        view.zoom /= 1.15   // 1.27× out of the first frame, within the 1.4× step
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.tilesDrawn == 0)
        #expect(Self.difference(surface, Self.reference(chart, view: view)).mean < 6)
        view.zoom /= 1.3    // past the step (1.1 · 1.4 = 1.54 < 1.1 · 1.15 · 1.3): a step further out again
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.tilesDrawn > 0)
        renderer.render(chart, view: view, into: surface)   // the animation has ended
        #expect(renderer.lastFrame.mode == .full && !renderer.lastFrame.approximate)
        let d = Self.difference(surface, Self.reference(chart, view: view))
        #expect(d.max <= 24 && d.mean <= 0.5)
    }

    /// An animation's frames (a zoom to a tribune) are drawn like a pinch in flight while the
    /// scale stays within reach, exactly once it leaves that reach or the animation has ended.
    @Test func animatedZoomResamplesOnItsWayAndEndsExact() {
        let chart = Self.scene(deviceSeat: 7)
        let (renderer, surface) = Self.firstFrame(chart)
        var view = chart.view
        view.zoom *= 1.2
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.approximate)
        view.zoom *= 1.5   // 1.8× the last exact frame: out of reach
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .full && !renderer.lastFrame.approximate)
        view.zoom *= 1.1
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled)
        view.zoom *= 1.05  // the animation's last frame, no longer in motion
        renderer.render(chart, view: view, into: surface)
        #expect(renderer.lastFrame.mode == .full && !renderer.lastFrame.approximate)
        let d = Self.difference(surface, Self.reference(chart, view: view))
        #expect(d.max <= 24 && d.mean <= 0.5)
    }

    @Test func fractionalPanIsRoundedThenRefined() {
        let chart = Self.scene(deviceSeat: 7)
        let (renderer, surface) = Self.firstFrame(chart)
        var view = chart.view
        view.drag = Vector(dx: 10.4, dy: -3.3)
        renderer.render(chart, view: view, into: surface)
        #expect(renderer.lastFrame.mode == .pan && renderer.lastFrame.approximate)
        renderer.render(chart, view: view, into: surface)
        #expect(renderer.lastFrame.mode == .full && !renderer.lastFrame.approximate)
        let d = Self.difference(surface, Self.reference(chart, view: view))
        #expect(d.max <= 24 && d.mean <= 0.5)
    }

    @Test func onlyTheSelectedTribuneWhenNotShowingAll() throws {
        var chart = Self.scene(deviceSeat: 9)
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Self.size)
        renderer.showsAllSeats = false
        let surface = Surface(width: 480, height: 320)
        let m = chart.view.chartToScreen
        chart.selectedTribune = try #require(chart.venue.tribunes.indices.first { t in
            let c = Point(x: chart.venue.tribunes[t].bounds.midX, y: chart.venue.tribunes[t].bounds.midY).applying(m)
            return c.x > 100 && c.x < 380 && c.y > 80 && c.y < 240
        })
        for reveal in [1.0, 0.5] {
            renderer.render(chart, view: chart.view, seatReveal: reveal, into: surface)
            let expected = Surface(width: 480, height: 320)
            ChartRenderer().render(chart, view: chart.view, seatReveal: reveal, into: DrawingContext(surface: expected))
            let d = Self.difference(surface, expected)
            #expect(d.max <= 24 && d.mean <= 0.5, "reveal \(reveal): \(d)")
        }
    }

    @Test func masksMatchTheRasterizer() {
        // Seats' masks against the same seats filled by Raster at the quantized positions: all
        // 64 phases of a few rotation steps, generated together (each step's outline is
        // rasterized once for all of its phases).
        let cache = SeatMaskCache()
        let workers = RowBandWorkers(count: 2)
        // (40 px is past the table's budget: each phase rasterized on its own.)
        for size in [4.21, 5.0, 12.0, 40.0] {
            cache.configure(deviceSize: size)
            let steps = [0, cache.rotationSteps / 7, cache.rotationSteps - 1]
            let keys = steps.flatMap { q in (0..<64).map { q * 64 + $0 } }
            for key in keys { cache.request(key) }
            cache.generatePending(workers: workers)
            for key in keys {
                let q = key / 64, kx = key % 8, ky = (key / 8) % 8
                let info = cache.info(slot: cache.slot(ofKey: key))
                let angle = Double(q) * 2 * .pi / Double(cache.rotationSteps)
                let n = 2 * Int(size) + 40, c = n / 2
                let center = Point(x: Double(c) + Double(kx) / 8, y: Double(c) + Double(ky) / 8)
                let surface = Surface(width: n, height: n)
                let ctx = DrawingContext(surface: surface)
                let path = SeatShape.path(in: Rect(x: center.x - size / 2, y: center.y - size / 2, width: size, height: size),
                                          rotation: angle)
                ctx.fill(path, with: .solid(.white))
                var worst = 0
                for y in 0..<n {
                    for x in 0..<n {
                        let u = x - c - Int(info.x0), v = y - c - Int(info.y0)
                        var m = 0
                        if u >= 0, v >= 0, u < Int(info.width), v < Int(info.height) {
                            m = Int(cache.arena[Int(info.offset) + v * Int(info.width) + u])
                        }
                        worst = max(worst, abs(m - Int(surface.pixel(x: x, y: y).alpha)))
                    }
                }
                #expect(worst <= 3, "size \(size) key (\(q), \(kx), \(ky)): \(worst)")
            }
        }
    }

    @Test func dotsKeepTheirAreaAtEveryPhase() {
        // Level of detail: a 2 px seat is a dot whose total coverage is the seat's filled area
        // wherever it sits (no shimmer while panning).
        let cache = SeatMaskCache()
        cache.configure(deviceSize: 2)
        #expect(cache.isDot && cache.rotationSteps == 1)
        for key in 0..<64 { cache.request(key) }
        cache.generatePending(workers: RowBandWorkers(count: 2))
        // Area of the back and squab in the unit square, by hand: both are (1 − k) wide with
        // k = 1/3 − 1/10, heights 1/3 − 1/10 and 1/2 − 1/10, minus the rounded corners' trim.
        let k = 1.0 / 3 - 0.1
        let rectangles = (1 - k) * (1.0 / 3 - 0.1) + (1 - k) * (0.5 - 0.1)
        #expect(SeatMaskCache.templateArea < rectangles && SeatMaskCache.templateArea > 0.97 * rectangles)
        let expected = SeatMaskCache.templateArea * 4 * 255
        for key in 0..<64 {
            let info = cache.info(slot: cache.slot(ofKey: key))
            var sum = 0
            for i in 0..<(Int(info.width) * Int(info.height)) { sum += Int(cache.arena[Int(info.offset) + i]) }
            #expect(abs(Double(sum) - expected) <= 0.02 * expected, "phase \(key): \(sum) vs \(expected)")
        }
    }
}
