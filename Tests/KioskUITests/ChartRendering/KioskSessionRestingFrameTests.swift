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
    /// A 2560×1440 session that has traced in, then two fingers apart from 200 to 500 px about
    /// the centre with a frame drawn after each move, lifted where the last frame showed them
    /// (not drawn yet); its surface, its renderer and the modes of the frames in motion.
    static func pinchedAndLifted() throws -> (KioskDriver, Surface, ChartFrameRenderer, [ChartFrameRenderer.FrameStatistics.Mode]) {
        let d = KioskDriver(size: Size(width: 2560, height: 1440))
        let shared = Surface(width: 2560, height: 1440)
        d.run(to: 1.2)
        _ = KioskSessionMotionFramesTests.settle(d, into: shared)
        let frames = try #require(d.session.frameCache.chartFrames)
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
        d.frame(t + 1.0 / 60, KioskSessionMotionFramesTests.touches(50, centre, span: 500, .ended))
        return (d, shared, frames, modes)
    }

    @Test func theFrameAtRestAfterAPinchComesOverTwoFrames() throws {
        let (d, shared, frames, modes) = try Self.pinchedAndLifted()
        #expect(frames.spreadsRestingFrames)
        #expect(modes.last == .resampled, "\(modes)")
        let shown = ChartFrameRendererTests.bytes(shared)
        #expect(d.session.render(into: shared).isEmpty)
        #expect(frames.lastFrame.mode == .partial && frames.hasDeferredTiles)
        #expect(ChartFrameRendererTests.same(shared, shown))
        #expect(d.session.needsDisplay && !d.session.isSettled)

        #expect(d.session.render(into: shared) == [shared.bounds])
        #expect(frames.lastFrame.mode == .full && !frames.lastFrame.approximate && !frames.hasDeferredTiles)
        #expect(KioskSessionMotionFramesTests.matchesFullRender(d, shared))
        #expect(d.session.render(into: shared).isEmpty)
    }

    /// The chrome changing on the first frame at rest (a toast): that frame finishes the chart
    /// at once and equals a full render.
    @Test func chromeOnTheFirstFrameAtRestFinishesTheChart() throws {
        let (d, shared, frames, _) = try Self.pinchedAndLifted()
        d.session.showToast("Seat held")
        #expect(d.session.render(into: shared) == [shared.bounds])
        #expect(frames.lastFrame.mode == .full && !frames.hasDeferredTiles)
        #expect(KioskSessionMotionFramesTests.matchesFullRender(d, shared))
    }
}
