import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Frames in motion on large panels: exact frames drawn at reduced resolution and magnified,
/// the resampled frame written straight into a caller's surface, and the two full-resolution
/// mask caches that keep home and a tribune's zoom warm.
@Suite struct ChartFrameRendererMotionTests {
    typealias Base = ChartFrameRendererTests

    @Test func panelsAboveThreeMegapixelsReduceExactFramesInMotion() {
        let venue = StadiumGenerator.generate(.forSeatCount(500))
        #expect(ChartFrameRenderer(venue: venue, size: Size(width: 3840, height: 2160)).motionReduction == 2)
        #expect(ChartFrameRenderer(venue: venue, size: Size(width: 2560, height: 1440)).motionReduction == 2)
        #expect(ChartFrameRenderer(venue: venue, size: Size(width: 1920, height: 1080)).motionReduction == 1)
        #expect(ChartFrameRenderer(venue: venue, size: Size(width: 1080, height: 1920)).motionReduction == 1)
    }

    /// A zoom in motion past the resample reach: with a reduction of 2 the exact frame covers a
    /// quarter of the tiles, is shown magnified (approximate, close to the reference), and the
    /// frame at rest is exact at full resolution.
    @Test func reducedExactFrameInMotionIsMagnifiedThenExactAtRest() {
        let chart = Base.scene(deviceSeat: 7)
        let (renderer, surface) = Base.firstFrame(chart)
        let fullTiles = renderer.lastFrame.tilesDrawn
        renderer.motionReduction = 2
        var view = chart.view
        view.zoom *= 1.8   // out of the resample reach: an exact frame, in motion
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.approximate)
        #expect(renderer.lastFrame.tilesDrawn > 0 && renderer.lastFrame.tilesDrawn * 3 <= fullTiles)
        // Half the resolution, magnified by nearest pixel: near the exact frame, not equal to it.
        let exact = Base.reference(chart, view: view)
        let d = Base.difference(surface, exact)
        // Only the resolution differs, not the looks: tribunes dimmed for the seat size on
        // screen, outlines and patterns 1/k as wide (measured: mean 2.8; with the reduced
        // seat size's dim and outlines twice as wide, 5.7).
        #expect(d.mean < 4 && d.max > 24)
        #expect(abs(renderer.tribuneSeat - 7 * 1.8) < 0.01 && renderer.paletteReduction == 2)
        // Within reach of that frame (1.1× more): only resampled, nothing drawn.
        view.zoom *= 1.1
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.lastFrame.mode == .resampled && renderer.lastFrame.tilesDrawn == 0)
        renderer.render(chart, view: view, into: surface)   // at rest
        #expect(renderer.lastFrame.mode == .full && !renderer.lastFrame.approximate)
        let rest = Base.difference(surface, Base.reference(chart, view: view))
        #expect(rest.max <= 24 && rest.mean <= 0.5)
    }

    /// Patterns in a reduced frame are drawn at half the pattern scale, so magnified they keep
    /// the size they have at rest (and at rest return to it).
    @Test func reducedFramesHalveThePatternScale() {
        let chart = Base.scene(deviceSeat: 7)
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Base.size, patternScale: 2)
        let surface = Surface(width: Int(Base.size.width), height: Int(Base.size.height))
        renderer.render(chart, view: chart.view, into: surface)
        #expect(renderer.map.patternScale == 2 && renderer.tileShape.scale == 2)
        renderer.motionReduction = 2
        var view = chart.view
        view.zoom *= 1.8
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        #expect(renderer.layoutReduction == 2 && renderer.map.patternScale == 1 && renderer.tileShape.scale == 1)
        renderer.render(chart, view: view, into: surface)
        #expect(renderer.layoutReduction == 1 && renderer.map.patternScale == 2 && renderer.tileShape.scale == 2)
    }

    /// `resampledInto`: a resampled frame lands in the given surface, byte for byte what the
    /// renderer's own surface would have received, and that surface keeps what it had; the next
    /// exact frame rewrites it whole.
    @Test func resampledFrameGoesIntoTheGivenSurface() {
        let chart = Base.scene(deviceSeat: 7)
        let (direct, base) = Base.firstFrame(chart)
        let (plain, plainSurface) = Base.firstFrame(chart)
        let before = Base.bytes(base)
        let target = Surface(width: base.width, height: base.height)
        var view = chart.view
        view.zoom *= 1.2
        direct.render(chart, view: view, viewInMotion: true, into: base, resampledInto: target)
        plain.render(chart, view: view, viewInMotion: true, into: plainSurface)
        #expect(direct.lastFrame.mode == .resampled)
        #expect(Base.same(target, plainSurface))
        #expect(Base.same(base, before))
        view.zoom *= 1.01
        direct.render(chart, view: view, into: base, resampledInto: target)
        plain.render(chart, view: view, into: plainSurface)
        #expect(direct.lastFrame.mode == .full)
        #expect(Base.same(base, plainSurface))
    }

    /// Home → a tribune's zoom → home → the zoom again: the second time at each size the masks
    /// are already there (none generated), the frames equal to a cold renderer's.
    @Test func homeAndZoomMasksStayWarm() {
        let chart = Base.scene(deviceSeat: 7)
        let (renderer, surface) = Base.firstFrame(chart)
        var zoomed = chart.view
        zoomed.zoom *= 1.5
        renderer.render(chart, view: zoomed, into: surface)
        #expect(renderer.lastFrame.masksGenerated > 0)
        renderer.render(chart, view: chart.view, into: surface)
        #expect(renderer.lastFrame.mode == .full && renderer.lastFrame.masksGenerated == 0)
        renderer.render(chart, view: zoomed, into: surface)
        #expect(renderer.lastFrame.mode == .full && renderer.lastFrame.masksGenerated == 0)
        let cold = ChartFrameRenderer(venue: chart.venue, size: Base.size)
        let coldSurface = Surface(width: surface.width, height: surface.height)
        cold.render(chart, view: zoomed, into: coldSurface)
        #expect(Base.same(surface, coldSurface))
    }

    /// Fingers resting mid-pinch on a panel that reduces frames in motion: the same view again
    /// stays resampled (no exact frame at full resolution until the gesture ends); with no
    /// reduction it is drawn exactly at once.
    @Test func restingFingersWaitForTheGesturesEndOnReducingPanels() {
        for reduction in [2, 1] {
            let chart = Base.scene(deviceSeat: 7)
            let (renderer, surface) = Base.firstFrame(chart)
            renderer.motionReduction = reduction
            var view = chart.view
            view.updateMagnification(1.2)
            renderer.render(chart, view: view, into: surface)
            #expect(renderer.lastFrame.mode == .resampled)
            renderer.render(chart, view: view, into: surface)   // the fingers rest
            #expect(renderer.lastFrame.mode == (reduction > 1 ? .resampled : .full), "reduction \(reduction)")
            view.endMagnification(1.2)
            renderer.render(chart, view: view, into: surface)
            // (Without reduction the resting frame was already this exact one: nothing to draw.)
            #expect(renderer.lastFrame.mode == (reduction > 1 ? .full : .unchanged) && !renderer.lastFrame.approximate)
            let d = Base.difference(surface, Base.reference(chart, view: view))
            #expect(d.max <= 24 && d.mean <= 0.5)
        }
    }
}
