#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Seating
import Text

/// What a session keeps between renders: the chart picture (redrawn only when the chart's
/// look changes) and the state and target of the last frame, so the next render
/// can repaint only what changed.
final class KioskFrameCache {
    /// The chart as last drawn, screen-sized; nil until the first render.
    var chart: Surface?
    var chartContext: DrawingContext?
    var chartKey: KioskSession.ChartKey?
    /// Where the last `chartPicture` call changed the picture (screen px; empty: unchanged).
    var chartDamage: [PixelRect] = []
    /// The chart at display rate (seats of every tribune from cached masks, tiles, two
    /// threads) and the surface it keeps its frames in; nil until the stadium has traced in.
    var chartFrames: ChartFrameRenderer?
    var chartBase: Surface?
    /// Where the renderer's last frame is (`ChartFrameRenderer.renderPicture`): a window onto
    /// its back buffer, or `chartBase`.
    var rendererPicture: Surface?
    /// Whether the picture is the frame renderer's surface (`chartBase`) itself — not `chart`
    /// holding the trace-in's drawing, nothing yet, or a frame with the selected tribune's
    /// seat overlay over it — so that the next frame's damage is only the renderer's.
    var pictureIsRendererFrame = false
    /// When the picture is the renderer's frame copied with the chart's labels over it, those
    /// labels' `ChartLabels.signature` (the next frame with the same labels copies only what
    /// the renderer changed); nil when the picture is anything else.
    var labelledFrame: UInt64?
    /// The labels the picture's user draws over it where it copies it (the picture is then the
    /// renderer's frame itself, not a copy of it with the labels); nil: none to draw.
    var labelsOverPicture: ChartLabels?
    /// The selected tribune's overlay for `chartKey` was drawn over the renderer's frame on the
    /// screen only, not into `chart`: `chart` must be made before a part of it is copied.
    var overlayOnScreenOnly = false
    /// The renderer's frame for `chartKey` was resampled straight onto the screen (a frame in
    /// motion): no picture holds it, so a frame that must copy a part of it draws the chart again.
    var resampledOnScreenOnly = false
    /// A drawing context on the screen the overlay was last drawn onto.
    private var screenContext: DrawingContext?
    /// The chrome's opaque bands as last drawn whole, for chart frames under unchanged chrome;
    /// `usesChromeStrips` false draws the chrome everywhere every frame (tests compare both).
    let chromeStrips = ChromeStrips()
    var usesChromeStrips = true
    /// The chart's section, row and seat labels (sprites made once per panel density).
    var labels: ChartLabels?
    /// The venue's categories' and statuses' looks (made on first use).
    private var map: MapStyle?

    /// The venue's looks with patterns of `patternScale` px per pattern pixel, statuses marked
    /// by shape when `seatShapes` (the high-contrast theme).
    func mapStyle(_ venue: Venue, patternScale: Int, seatShapes: Bool) -> MapStyle {
        if let map, map.patternScale == patternScale, map.seatShapes == seatShapes { return map }
        let m = MapStyle(venue: venue, patternScale: patternScale, seatShapes: seatShapes)
        map = m
        return m
    }
    /// The selected tribune's outlines drawing in while its seats reveal.
    let revealOutlines = SeatRevealOutlines()
    /// The trace-in's fills for its view; dropped once the stadium has traced in.
    var traceFills: TraceFillLayer?
    /// The surface the last frame was drawn into and the snapshot it showed.
    weak var lastTarget: Surface?
    var lastFrame: SessionSnapshot?
    /// The toast's box as last drawn (screen px), to erase it.
    var lastToastBox: Rect?

    func chartSurface(width: Int, height: Int) -> (Surface, DrawingContext) {
        if let c = chart, let ctx = chartContext, c.width == width, c.height == height { return (c, ctx) }
        let c = Surface(width: width, height: height)
        let ctx = DrawingContext(surface: c)
        chart = c; chartContext = ctx; chartKey = nil; pictureIsRendererFrame = false; labelledFrame = nil
        return (c, ctx)
    }

    /// The frame renderer and its surface for a `width`×`height` screen (made anew when the
    /// size or the pattern scale changes).
    func chartFrameRenderer(venue: Venue, width: Int, height: Int, style: ChartRenderer,
                            patternScale: Int, threads: Int) -> (ChartFrameRenderer, Surface) {
        if let r = chartFrames, let b = chartBase, b.width == width, b.height == height, r.map.patternScale == patternScale {
            return (r, b)
        }
        let r = ChartFrameRenderer(venue: venue, size: Size(width: Double(width), height: Double(height)),
                                   threads: Swift.max(1, threads), style: style, patternScale: patternScale)
        let b = Surface(width: width, height: height)
        chartFrames = r; chartBase = b; rendererPicture = nil
        return (r, b)
    }


    /// A drawing context on `screen` (kept while the screen stays the same surface).
    func context(onScreen screen: Surface) -> DrawingContext {
        if let c = screenContext, c.surface === screen { return c }
        let c = DrawingContext(surface: screen)
        screenContext = c
        return c
    }

    func invalidate() {
        chromeStrips.invalidate()
        chartKey = nil
        overlayOnScreenOnly = false
        resampledOnScreenOnly = false
        pictureIsRendererFrame = false
        labelledFrame = nil
        lastFrame = nil
        lastTarget = nil
    }
}
