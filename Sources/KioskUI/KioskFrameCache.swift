import Geometry
import Raster
import Seating
import Text

/// What a session keeps between renders: the chart picture (redrawn only when the chart's
/// look changes), shaped text, and the state and target of the last frame, so the next render
/// can repaint only what changed.
final class KioskFrameCache {
    /// The chart as last drawn, screen-sized; nil until the first render.
    var chart: Surface?
    var chartContext: DrawingContext?
    var chartKey: KioskSession.ChartKey?
    /// Whether the last `chartPicture` call had to redraw (then the whole screen changed).
    var chartRedrawn = true
    /// The surface the last frame was drawn into and what it showed.
    weak var lastTarget: Surface?
    var lastFrame: KioskSession.FrameKey?
    /// The toast's box as last drawn (screen px), to erase it.
    var lastToastBox: Rect?

    struct TextKey: Hashable {
        var string: String
        var size: Double
        var bold: Bool
        var maxWidth: Double?
    }
    /// Shaped one-line layouts; cleared when it grows past `textLimit` (prices, counts and
    /// countdowns make new strings slowly).
    var texts: [TextKey: TextLayout] = [:]
    static let textLimit = 256

    func chartSurface(width: Int, height: Int) -> (Surface, DrawingContext) {
        if let c = chart, let ctx = chartContext, c.width == width, c.height == height { return (c, ctx) }
        let c = Surface(width: width, height: height)
        let ctx = DrawingContext(surface: c)
        chart = c; chartContext = ctx; chartKey = nil
        return (c, ctx)
    }

    func invalidate() {
        chartKey = nil
        lastFrame = nil
        lastTarget = nil
    }
}
