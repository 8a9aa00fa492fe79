import Geometry
import Raster
import Seating
import Testing
@testable import KioskUI

/// Partial renders into the surface kept between frames give exactly the pixels of a full
/// render of the same state, and repaint only what the state change touches.
@Suite struct KioskDamageTests {
    /// Renders into `shared` (partial where possible), then a full render into a fresh surface
    /// with the chart picture dropped, leaving the session's record of `shared` as it was.
    /// Returns the damage and the number of pixels that differ.
    static func step(_ d: KioskDriver, _ shared: Surface) -> (damage: [PixelRect], differing: Int) {
        // Exact frames only: a resampled in-flight frame depends on the frames before it, and
        // drawing the same view twice (as here) turns it exact (ChartFrameRendererTests cover that).
        d.session.frameCache.chartFrames?.resamplesGestures = false
        let damage = d.session.render(into: shared)
        let fresh = d.fullRender()
        var differing = 0
        for y in 0..<shared.height {
            let a = shared.row(y), b = fresh.row(y)
            for x in 0..<shared.width where a[x] != b[x] { differing += 1 }
        }
        return (damage, differing)
    }

    static func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    static func inside(_ rects: [PixelRect], _ r: Rect) -> Bool {
        rects.allSatisfy { Double($0.minX) >= r.minX.rounded(.down) - 4 && Double($0.minY) >= r.minY.rounded(.down) - 4
            && Double($0.maxX) <= r.maxX.rounded(.up) + 4 && Double($0.maxY) <= r.maxY.rounded(.up) + 4 }
    }

    @Test func countdownPressProcessingAndDialogRepaintTheirRectsOnly() throws {
        let d = KioskDriver()
        let shared = Surface(width: 1920, height: 1080)
        let screen = 1920 * 1080
        d.run(to: 0.5)
        var r = Self.step(d, shared)
        #expect(r.differing == 0 && Self.area(r.damage) == screen)
        let t = d.zoomIn()
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        // Nothing changed: nothing to repaint.
        r = Self.step(d, shared)
        #expect(r.damage.isEmpty && r.differing == 0)
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.run(to: d.now + 0.5)
        d.session.receive(.seatHeld(d.venue.seatIDs[a], expiresAt: d.now + 70.25))
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        // A countdown tick (1:11 → 1:10): one rect in the bar, a small part of the screen.
        d.run(to: d.now + 0.5)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && r.damage.count == 1)
        #expect(Self.inside(r.damage, d.session.layout.bottomBar) && Self.area(r.damage) < screen / 20)
        // 1:01 → 1:00 turns the countdown urgent and offers More time: its line and the button
        // (which grows 20 % when pressed) above Buy, nothing else.
        d.run(to: d.now + 10)
        r = Self.step(d, shared)
        let more = try #require(d.session.frame(of: .moreTime))
        let urgent = d.session.layout.bottomBar.union(more.insetBy(dx: -0.1 * more.width - 4, dy: -0.1 * more.height - 4))
        #expect(r.differing == 0 && Self.inside(r.damage, urgent) && Self.area(r.damage) < screen / 10, "\(r.damage)")
        // Press feedback on Buy: within the bar (the button grows 20 % about its centre).
        let buy = d.session.frame(of: .buy)!
        let id = d.touchDown(buy.center)
        d.run(to: d.now + 0.06)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && !r.damage.isEmpty && Self.inside(r.damage, d.session.layout.bottomBar), "\(r.damage)")
        d.lift(id, at: buy.center)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        // The review over the whole screen; Confirm places the order.
        #expect(d.session.phase == .review && Self.area(r.damage) == screen)
        d.tap(.reviewConfirm)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        // Processing: the dim comes (whole screen), then the spinner turns inside the card.
        d.run(to: d.now + 0.2)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        d.run(to: d.now + 0.1)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && !r.damage.isEmpty && Self.inside(r.damage, d.session.layout.card))
        d.session.receive(.purchased(orderID: "ORD-1", seats: [d.venue.seatIDs[a]]))
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        // The receipt comes over the whole screen; then Done pressed: only Done as it grows (20 %
        // about its centre, so 10 % of its size on each side).
        #expect(Self.area(r.damage) == screen)
        let ok = d.session.frame(of: .dialogOK)!
        let okID = d.touchDown(ok.center)
        d.run(to: d.now + 0.06)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && !r.damage.isEmpty && Self.inside(r.damage, ok.insetBy(dx: -0.1 * ok.width, dy: -0.1 * ok.height)))
        d.lift(okID, at: ok.center)
        for _ in 0..<6 {
            d.run(to: d.now + 0.2)
            r = Self.step(d, shared)
            #expect(r.differing == 0)
        }
    }

    /// Zooms into the rect tribune and chooses its two middle seats, then renders (checked);
    /// returns the tribune and the seats.
    static func twoSeatsChosen(_ d: KioskDriver, _ shared: Surface) -> (tribune: Int, a: Int, b: Int) {
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        d.run(to: d.now + 0.5)
        let r = step(d, shared)
        #expect(r.differing == 0)
        return (t, a, b)
    }

    @Test func toastAndIdlePromptRepaintTheirRects() {
        let d = KioskDriver()
        let shared = Surface(width: 1920, height: 1080)
        let (_, a, _) = Self.twoSeatsChosen(d, shared)
        var r: (damage: [PixelRect], differing: Int)
        d.session.receive(.seatTaken(d.venue.seatIDs[a]))
        d.run(to: d.now + 0.5)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        r = Self.step(d, shared)
        #expect(r.damage.isEmpty)
        // The toast leaves: only its pill is repainted.
        d.run(to: d.now + KioskSession.toastDuration)
        #expect(d.session.toastText == nil)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && r.damage.count == 1 && Self.area(r.damage) < 1920 * 1080 / 20)
        // The idle prompt: full (the dim), then each second the card only.
        d.run(to: d.now + d.session.configuration.idleTimeout + 0.1)
        #expect(d.session.idlePromptRemaining != nil)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        d.run(to: d.now + 1)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && !r.damage.isEmpty && Self.inside(r.damage, d.session.layout.card))
    }

    /// A pan in the revealed tribune, whose frames the renderer copies out of its back buffer
    /// straight onto the screen once its window wraps around that buffer, the tribune's
    /// overlay over them (`chartPicture`): each frame matches a full render; so does the
    /// frame after it where only a toast leaves, whose chart comes from the back buffer again
    /// (`completedPicture`).
    @Test func panInATribuneMatchesAFullRender() {
        let d = KioskDriver()
        let shared = Surface(width: 1920, height: 1080)
        let (t, a, b) = Self.twoSeatsChosen(d, shared)
        var r: (damage: [PixelRect], differing: Int)
        // Rightwards: the content moves right, so the screen's window wraps at once.
        let start = d.tribunePoint(t)
        var p = start, wrapped = 0
        let id = d.touchDown(start, after: 0.05)
        for k in 1...12 {
            p.x += 9; p.y += k % 3 == 0 ? 4 : 0
            d.frame(d.now + 1.0 / 60, [.init(id: id, location: p, phase: .moved)])
            r = Self.step(d, shared)
            if d.session.frameCache.chartFrames?.bufferWindow() == nil { wrapped += 1 }
            #expect(r.differing == 0, "pan frame \(k): \(r.differing) pixels differ")
        }
        #expect(wrapped >= 10, "\(wrapped) of 12 pan frames wrapped around the back buffer")
        d.lift(id, at: p)
        d.run(to: d.now + 1)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        d.session.receive(.seatTaken(d.venue.seatIDs[a]))
        d.run(to: d.now + 0.5)
        r = Self.step(d, shared)
        #expect(r.differing == 0)
        // The toast leaves: its pill only, the chart under it from the back buffer.
        d.run(to: d.now + KioskSession.toastDuration)
        let fromBuffer = d.session.frameCache.chartFrames?.bufferWindow() == nil
        r = Self.step(d, shared)
        #expect(fromBuffer && d.session.toastText == nil)
        #expect(r.differing == 0 && r.damage.count == 1 && Self.area(r.damage) < 1920 * 1080 / 20, "\(r.damage)")
        // Two frames in a row into the screen: the second (a seat let go) copies the whole
        // frame out again, not only the seat's tiles: the first one's overlay is on the screen.
        d.tap(d.seatPoint(b)); d.run(to: d.now + 0.5)
        d.session.render(into: shared)
        d.tap(d.seatPoint(b)); d.run(to: d.now + 0.5)
        r = Self.step(d, shared)
        #expect(r.differing == 0, "\(r.differing) pixels differ")
    }

    /// The chart changes hands from the trace-in (drawn directly) to the frame renderer: the
    /// first frame after the trace shows the renderer's whole picture; then a seat sold
    /// elsewhere while browsing repaints only the tiles under that seat.
    @Test func traceToFrameRendererAndASeatSoldElsewhere() {
        let d = KioskDriver()
        let shared = Surface(width: 1920, height: 1080)
        let screen = 1920 * 1080
        d.run(to: 0.5)
        var r = Self.step(d, shared)
        #expect(r.differing == 0 && Self.area(r.damage) == screen)
        d.run(to: 2.0)
        r = Self.step(d, shared)
        #expect(r.differing == 0 && Self.area(r.damage) == screen)
        r = Self.step(d, shared)
        #expect(r.damage.isEmpty && r.differing == 0)
        // A seat in the middle of the screen sold by another kiosk: its tiles, nothing else.
        let seat = d.venue.seats.indices.first {
            let p = d.seatPoint($0); return p.x > 300 && p.x < 1600 && p.y > 300 && p.y < 800
        }!
        let p0 = d.seatPoint(seat)
        let before = shared.row(Int(p0.y))[Int(p0.x)]
        d.session.receive(.availability([SeatStatusChange(seatID: d.venue.seatIDs[seat], status: "sold")]))
        r = Self.step(d, shared)
        // The seat's centre turned from its category's look to the sold look's dark grey.
        let after = shared.row(Int(p0.y))[Int(p0.x)]
        let grey = MapStyle.sold.fill.premultiplied.rawValue
        #expect(before != after && after == grey, "seat centre \(String(before, radix: 16)) → \(String(after, radix: 16))")
        #expect(r.differing == 0 && !r.damage.isEmpty && Self.area(r.damage) <= 4 * 64 * 64, "\(r.differing) differ, damage \(r.damage), seat \(seat) at \(d.seatPoint(seat)), status \(d.session.interaction.chart.availability.status(seat))")
        let p = d.seatPoint(seat)
        #expect(r.damage.contains { Double($0.minX) <= p.x && p.x <= Double($0.maxX) && Double($0.minY) <= p.y && p.y <= Double($0.maxY) })
    }

    @Test func anotherSurfaceGetsTheWholeScreen() {
        let d = KioskDriver()
        _ = d.zoomIn()
        let a = Surface(width: 1920, height: 1080), b = Surface(width: 1920, height: 1080)
        d.session.render(into: a)
        #expect(d.session.render(into: a).isEmpty)
        #expect(d.session.render(into: b) == [PixelRect(x: 0, y: 0, width: 1920, height: 1080)])
        #expect(d.session.render(into: a) == [PixelRect(x: 0, y: 0, width: 1920, height: 1080)])
        d.session.invalidateFrameCache()
        #expect(d.session.render(into: a) == [PixelRect(x: 0, y: 0, width: 1920, height: 1080)])
    }
}
