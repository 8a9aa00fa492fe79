import Geometry
import Raster

/// What the chrome's text looked like in one render, for the layout and contrast tests: each
/// text box as laid out by the real shaper, the box it had to fit in, whether it was cut, and
/// its colour. With `drawsText` false the same frame is drawn without text (the background
/// the text sits on).
final class ChromeTextLog {
    struct Entry {
        var string: String
        /// The lines' extent: advance widths by line heights, screen px.
        var frame: Rect
        /// The box the text was given, screen px.
        var container: Rect
        var truncated: Bool
        var essential: Bool
        var color: Color
        /// The em size it was drawn at, px.
        var size: Double
        /// Drawn on a modal card (after it: in front of all drawn before).
        var onCard = false
    }

    var entries: [Entry] = []
    var drawsText = true
    /// A modal card has been drawn (`ChromePainter.drawCard`).
    var cardDrawn = false
}
