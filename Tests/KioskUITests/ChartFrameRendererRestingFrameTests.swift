import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The exact frame at rest spread over two frames (`ChartFrameRenderer.spreadsRestingFrames`):
/// the first shows nothing new and leaves both surfaces as they were, the second gives what a
/// renderer drawing it whole gives, byte for byte; a frame in motion right after the first
/// resamples the whole exact frame, never a half-drawn one.
@Suite struct ChartFrameRendererRestingFrameTests {
    typealias Base = ChartFrameRendererTests

    /// Two renderers that have shown `chart` at rest and then the same pinch frame resampled:
    /// `spread` into a screen of its own (`resampledInto`), `whole` into its surface.
    static func pinched(_ chart: SeatingChart) -> (spread: ChartFrameRenderer, base: Surface, screen: Surface,
                                                  whole: ChartFrameRenderer, wholeSurface: Surface, view: ChartViewState) {
        let (spread, base) = Base.firstFrame(chart)
        let (whole, wholeSurface) = Base.firstFrame(chart)
        spread.spreadsRestingFrames = true
        whole.spreadsRestingFrames = false
        let screen = Surface(width: base.width, height: base.height)
        var view = chart.view
        view.zoom *= 1.2
        spread.render(chart, view: view, viewInMotion: true, into: base, resampledInto: screen)
        whole.render(chart, view: view, viewInMotion: true, into: wholeSurface)
        return (spread, base, screen, whole, wholeSurface, view)
    }

    @Test func theFrameAtRestIsDrawnOverTwoFrames() {
        let chart = Base.scene(deviceSeat: 7)
        let p = Self.pinched(chart)
        #expect(p.spread.lastFrame.mode == .resampled)
        let shown = Base.bytes(p.screen), kept = Base.bytes(p.base)

        // First frame at rest: part of the tiles, nothing copied anywhere.
        let damage = p.spread.render(chart, view: p.view, into: p.base, resampledInto: p.screen)
        let first = p.spread.lastFrame
        #expect(first.mode == .partial && first.approximate && damage.isEmpty)
        #expect(p.spread.hasDeferredTiles)
        #expect(Base.same(p.screen, shown) && Base.same(p.base, kept))

        // Second: the rest, and the whole frame copied.
        let rest = p.spread.render(chart, view: p.view, into: p.base, resampledInto: p.screen)
        p.whole.render(chart, view: p.view, into: p.wholeSurface)
        #expect(p.whole.lastFrame.mode == .full)
        #expect(p.spread.lastFrame.mode == .full && !p.spread.lastFrame.approximate && !p.spread.hasDeferredTiles)
        #expect(rest == [PixelRect(x: 0, y: 0, width: p.base.width, height: p.base.height)])
        #expect(first.tilesDrawn > 0 && p.spread.lastFrame.tilesDrawn > 0)
        #expect(first.tilesDrawn + p.spread.lastFrame.tilesDrawn == p.whole.lastFrame.tilesDrawn)
        #expect(Base.same(p.base, p.wholeSurface))
        // And the reference renderer's picture, within the masks' rounding.
        let d = Base.difference(p.base, Base.reference(chart, view: p.view))
        #expect(d.max <= 24 && d.mean <= 0.5, "max \(d.max), mean \(d.mean)")
    }

    /// Fingers down again right after the first half: the resampled frame comes from the whole
    /// exact frame (the rest is drawn first), the same bytes as the renderer that drew it whole.
    @Test func aGestureAfterTheFirstHalfResamplesTheWholeFrame() {
        let chart = Base.scene(deviceSeat: 7)
        let p = Self.pinched(chart)
        p.spread.render(chart, view: p.view, into: p.base, resampledInto: p.screen)
        p.whole.render(chart, view: p.view, into: p.wholeSurface)
        #expect(p.spread.lastFrame.mode == .partial)
        var next = p.view
        next.zoom *= 1.1
        p.spread.render(chart, view: next, viewInMotion: true, into: p.base, resampledInto: p.screen)
        p.whole.render(chart, view: next, viewInMotion: true, into: p.wholeSurface)
        #expect(p.spread.lastFrame.mode == .resampled && !p.spread.hasDeferredTiles)
        #expect(Base.same(p.screen, p.wholeSurface))
    }

    /// Only a frame at rest showing the view the screen already shows is spread: a resampled
    /// frame that went into the renderer's own surface, or a view that moved, is drawn whole.
    @Test func otherExactFramesAreDrawnWhole() {
        let chart = Base.scene(deviceSeat: 7)
        let (renderer, surface) = Base.firstFrame(chart)
        renderer.spreadsRestingFrames = true
        var view = chart.view
        view.zoom *= 1.2
        renderer.render(chart, view: view, viewInMotion: true, into: surface)
        renderer.render(chart, view: view, into: surface)
        #expect(renderer.lastFrame.mode == .full)

        let p = Self.pinched(chart)
        var moved = p.view
        moved.zoom *= 1.05
        p.spread.render(chart, view: moved, into: p.base, resampledInto: p.screen)
        #expect(p.spread.lastFrame.mode == .full && !p.spread.hasDeferredTiles)
    }

    /// The cut: at the end of a tile row, about half the weight (tile pixels plus
    /// `seatWeight` per binned seat) on each side, each side at least one tile.
    @Test func theCutFallsAtARowsEndNearHalfTheWeight() throws {
        let chart = Base.scene(seats: 8000, deviceSeat: 7)
        let (renderer, _) = Base.firstFrame(chart)
        let layout = try #require(renderer.layout)
        let T = renderer.grid.tileSize
        let tiles = (0..<(Int(Base.size.height) + T - 1) / T).flatMap { ty in (0..<(Int(Base.size.width) + T - 1) / T).map { ($0, ty) } }
        let cut = renderer.firstHalf(of: tiles)
        #expect(cut > 0 && cut < tiles.count)
        #expect(tiles[cut].1 != tiles[cut - 1].1)
        // Weights from the seats' own bins, summed per row.
        func weight(_ t: (Int, Int)) -> Int {
            guard let b = layout.bin(tileX: t.0, tileY: t.1) else { return T * T }
            return T * T + ChartFrameRenderer.seatWeight * Int(layout.binStart[b + 1] - layout.binStart[b])
        }
        let before = tiles[..<cut].map(weight).reduce(0, +), after = tiles[cut...].map(weight).reduce(0, +)
        let lastRow = tiles[..<cut].filter { $0.1 == tiles[cut - 1].1 }.map(weight).reduce(0, +)
        #expect(2 * before >= before + after)   // half reached …
        #expect(2 * (before - lastRow) < before + after)   // … first in the cut's last row
        #expect(renderer.firstHalf(of: [(0, 0)]) == 0 && renderer.firstHalf(of: [(0, 0), (1, 0)]) == 1)
    }
}
