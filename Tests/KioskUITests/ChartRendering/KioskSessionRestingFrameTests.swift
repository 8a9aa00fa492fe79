import Testing
import Geometry
import Gestures
import Raster
@testable import KioskUI

/// The session's side of a frame at rest spread over two (`ChartFrameRenderer.spreadsRestingFrames`,
/// on by default above 3 megapixels): the first frame after a pinch changes nothing on the
/// screen and asks for another; the next repaints the whole screen, equal to a full render of
/// the same state.
@Suite struct KioskSessionRestingFrameTests {
    @Test func theFrameAtRestAfterAPinchComesOverTwoFrames() throws {
        let d = KioskDriver(size: Size(width: 2560, height: 1440))
        let shared = Surface(width: 2560, height: 1440)
        d.run(to: 1.2)
        _ = KioskSessionMotionFramesTests.settle(d, into: shared)
        let frames = try #require(d.session.frameCache.chartFrames)
        #expect(frames.spreadsRestingFrames)

        // Two fingers apart from 200 to 500 px, a frame drawn after each move.
        let centre = Point(x: 1280, y: 700)
        var t = d.now + 0.1
        d.frame(t, KioskSessionMotionFramesTests.touches(50, centre, span: 200, .began))
        var modes: [ChartFrameRenderer.FrameStatistics.Mode] = []
        for k in 1...12 {
            t += 1.0 / 60
            d.frame(t, KioskSessionMotionFramesTests.touches(50, centre, span: 200 + 25 * Double(k), .moved))
            d.session.render(into: shared)
            modes.append(frames.lastFrame.mode)
        }
        #expect(modes.last == .resampled, "\(modes)")
        // The fingers lift where the last frame showed them.
        d.frame(t + 1.0 / 60, KioskSessionMotionFramesTests.touches(50, centre, span: 500, .ended))
        let shown = ChartFrameRendererTests.bytes(shared)
        #expect(d.session.render(into: shared).isEmpty)
        #expect(frames.lastFrame.mode == .partial && frames.hasDeferredTiles)
        #expect(ChartFrameRendererTests.bytes(shared) == shown)
        #expect(d.session.needsDisplay && !d.session.isSettled)

        #expect(d.session.render(into: shared) == [shared.bounds])
        #expect(frames.lastFrame.mode == .full && !frames.lastFrame.approximate && !frames.hasDeferredTiles)
        #expect(KioskSessionMotionFramesTests.matchesFullRender(d, shared))
        #expect(d.session.render(into: shared).isEmpty)
    }

    /// The chrome changing on the first frame at rest (a toast): that frame finishes the chart
    /// at once and equals a full render.
    @Test func chromeOnTheFirstFrameAtRestFinishesTheChart() throws {
        let d = KioskDriver(size: Size(width: 2560, height: 1440))
        let shared = Surface(width: 2560, height: 1440)
        d.run(to: 1.2)
        _ = KioskSessionMotionFramesTests.settle(d, into: shared)
        let frames = try #require(d.session.frameCache.chartFrames)
        let centre = Point(x: 1280, y: 700)
        var t = d.now + 0.1
        d.frame(t, KioskSessionMotionFramesTests.touches(50, centre, span: 200, .began))
        for k in 1...12 {
            t += 1.0 / 60
            d.frame(t, KioskSessionMotionFramesTests.touches(50, centre, span: 200 + 25 * Double(k), .moved))
            d.session.render(into: shared)
        }
        d.frame(t + 1.0 / 60, KioskSessionMotionFramesTests.touches(50, centre, span: 500, .ended))
        d.session.showToast("Seat held")
        #expect(d.session.render(into: shared) == [shared.bounds])
        #expect(frames.lastFrame.mode == .full && !frames.hasDeferredTiles)
        #expect(KioskSessionMotionFramesTests.matchesFullRender(d, shared))
    }
}
