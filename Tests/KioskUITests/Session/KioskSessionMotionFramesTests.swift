import Geometry
import Gestures
import Raster
import Testing
@testable import KioskUI

/// The session's frames in motion: a gesture on a large panel is drawn like an animation
/// (resampled, exact frames at half resolution), the first frame at rest is exact, and a frame
/// resampled straight onto the screen is drawn again when a later frame must copy a part of it.
@Suite struct KioskSessionMotionFramesTests {
    static func touches(_ a: Int, _ centre: Point, span: Double, _ phase: TouchFrame.Touch.Phase) -> [TouchFrame.Touch] {
        [.init(id: a, location: Point(x: centre.x - span / 2, y: centre.y), phase: phase),
         .init(id: a + 1, location: Point(x: centre.x + span / 2, y: centre.y), phase: phase)]
    }

    /// The frames until the session rests (at most 2 s at 60 Hz); the renderer's modes seen.
    static func settle(_ d: KioskDriver, into s: Surface) -> [ChartFrameRenderer.FrameStatistics.Mode] {
        var modes: [ChartFrameRenderer.FrameStatistics.Mode] = []
        var t = d.now
        for _ in 0..<120 {
            t += 1.0 / 60
            d.run(to: t)
            d.session.render(into: s)
            modes.append(d.session.frameCache.chartFrames?.lastFrame.mode ?? .unchanged)
            if !d.session.needsDisplay { break }
        }
        return modes
    }

    /// The session's surface against a full render of the same state into a fresh surface.
    static func matchesFullRender(_ d: KioskDriver, _ s: Surface) -> Bool { s.hasSamePixels(as: d.fullRender()) }

    /// A 640×400 session that has traced in and had the rect tribune tapped, and its surface.
    static func tappedTribune() -> (KioskDriver, Surface) {
        let d = KioskDriver(size: Size(width: 640, height: 400))
        let s = Surface(width: 640, height: 400)
        d.run(to: 1.2)
        _ = settle(d, into: s)
        d.tap(d.tribunePoint(d.rectTribune))
        return (d, s)
    }

    @Test func pinchOnALargePanelMovesResampledAndRestsExact() {
        let d = KioskDriver(size: Size(width: 2560, height: 1440))
        let s = Surface(width: 2560, height: 1440)
        d.run(to: 1.2)
        _ = Self.settle(d, into: s)
        let centre = Point(x: 1280, y: 700)
        var t = d.now + 0.1
        var modes: [ChartFrameRenderer.FrameStatistics.Mode] = []
        var reduced = 0
        d.frame(t, Self.touches(50, centre, span: 200, .began))
        for k in 1...24 {
            t += 1.0 / 60
            d.frame(t, Self.touches(50, centre, span: 200 + 25 * Double(k), .moved))
            d.session.render(into: s)
            modes.append(d.session.frameCache.chartFrames?.lastFrame.mode ?? .unchanged)
            if (d.session.frameCache.chartFrames?.layoutReduction ?? 1) > 1 { reduced += 1 }
        }
        // 200 → 800 px apart: ×4, so some frames leave the resample reach and are drawn reduced.
        // (The first move may not start the gesture yet: nothing changes.)
        #expect(modes.filter { $0 == .resampled }.count >= 20 && !modes.contains(.full), "\(modes)")
        #expect(reduced > 0)
        d.frame(t + 1.0 / 60, Self.touches(50, centre, span: 800, .ended))
        _ = Self.settle(d, into: s)
        let last = d.session.frameCache.chartFrames?.lastFrame
        #expect(last?.approximate == false && d.session.frameCache.chartFrames?.layoutReduction == 1)
        #expect(Self.matchesFullRender(d, s))
    }

    /// The way home from a tribune ends on an exact frame (it used to end on the last
    /// resampled one: the frame after the animation had the same view, and nothing was drawn).
    @Test func homeAnimationEndsExact() {
        let (d, s) = Self.tappedTribune()
        _ = Self.settle(d, into: s)
        d.session.interaction.home()
        let modes = Self.settle(d, into: s)
        #expect(modes.contains(.resampled))
        #expect(d.session.frameCache.chartFrames?.lastFrame.approximate == false)
        #expect(Self.matchesFullRender(d, s))
    }

    /// A frame resampled onto the screen, then a toast at the same instant (the chart's key
    /// unchanged): the toast's frame draws the chart again and equals a full render.
    @Test func chromeOverAResampledFrameDrawsTheChartAgain() {
        let (d, s) = Self.tappedTribune()
        var t = d.now
        var resampled = false
        for _ in 0..<40 where !resampled {
            t += 1.0 / 60
            d.run(to: t)
            d.session.render(into: s)
            resampled = d.session.frameCache.chartFrames?.lastFrame.mode == .resampled
        }
        #expect(resampled && d.session.frameCache.resampledOnScreenOnly)
        d.session.showToast("Seat held")
        let damage = d.session.render(into: s)
        #expect(damage == [s.bounds])
        #expect(!d.session.frameCache.resampledOnScreenOnly)
        #expect(Self.matchesFullRender(d, s))
    }
}
