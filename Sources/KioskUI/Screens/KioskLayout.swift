import Geometry

/// Where everything goes on a screen of a given size and density, px.
///
/// Two units: `u` is a pixel of a 1080-px-short-side screen (the chart's and the callout's
/// unit); the chrome is sized in `chromeUnit`, which is `u` but never less than a tenth of a
/// millimetre on the panel, so a 96-unit control is at least 9.6 mm and text keeps a readable
/// size on small, dense panels (a 7" 800×480 gets bigger chrome than `u` alone would give it).
///
/// Arrangements, chosen by the width in chrome units: wide landscape (≥ 1880, e.g. 16:9)
/// puts the legend, the total and Buy Tickets side by side in one bar; narrower landscape
/// (4:3, 16:10, 5:3, small panels) gives the legend its own two rows above the total and Buy;
/// portrait stacks the legend (two columns), the total and a full-width Buy. The header stays
/// on screen throughout: the home control at its left, the event's name and date in the
/// middle, the cart at its right. Every text box has room for its text at the preferred size
/// in English; longer translations wrap (legend, notes, cards) or shrink down to `textFloor`.
public struct KioskLayout: Hashable, Sendable {
    public let size: Size
    /// px per layout unit of a 1080-px short side.
    public let u: Double
    /// px per chrome unit: `u`, at least 0.1 mm on the panel.
    public let chromeUnit: Double
    /// The panel's density the layout was made for, px/mm (0: unknown, `u` alone).
    public let pixelsPerMillimetre: Double
    /// The smallest em size chrome text may shrink to, px: 20 chrome units, and at least
    /// 2.4 mm on the panel.
    public let textFloor: Double
    public var isPortrait: Bool { size.height > size.width }
    /// Whether the legend shares its row with the total and Buy (wide landscape).
    public let legendBesideSummary: Bool

    public let header: Rect
    /// The home control (recentre, reset north): the header's left end.
    public let home: Rect
    public let cart: Rect
    /// The event's name, and its date and time below it (the name takes both without a date).
    public let eventNameBox: Rect
    public let eventDateBox: Rect
    public let bottomBar: Rect
    /// Where the chart is at home and where a zoomed tribune is fitted: the screen between the
    /// header and the bottom bar, px. At rest the stadium fills it or lies wholly inside it.
    public var safeArea: Rect {
        Rect(x: 0, y: header.maxY, width: size.width, height: max(0, bottomBar.minY - header.maxY))
    }
    public let buy: Rect
    /// The legend's entries (swatch and label, room for two lines), in order.
    public let legendCells: [Rect]
    /// Where the legend's entries go: their top-left corners, in order.
    public var legendOrigins: [Point] { legendCells.map { Point(x: $0.minX, y: $0.minY) } }
    /// The width of one legend entry (swatch and label), px.
    public var legendItemWidth: Double { legendCells.first?.width ?? 0 }
    /// The tickets and total ("No seats chosen yet" before), one line.
    public let totalBox: Rect
    /// Under the total: the hold's countdown or the standalone note (never both: no box office,
    /// no holds), up to two lines.
    public let noteBox: Rect
    /// The toast's vertical centre and its widest pill, px.
    public let toastCenterY: Double
    public let toastMaxWidth: Double
    /// A modal card (dialog, prompt, processing), its title, its body and its button.
    public let card: Rect
    public let cardTitleBox: Rect
    public let cardBodyBox: Rect
    public let cardButton: Rect

    /// The narrowest screen, in chrome units, that keeps the legend beside the total and Buy.
    static let wideLandscape = 1880.0

    /// - Parameters:
    ///   - size: the logical screen, px.
    ///   - pixelsPerMillimetre: the panel's density, px/mm; 0 or invalid: unknown.
    public init(size: Size, pixelsPerMillimetre: Double = 0) {
        self.size = size
        let w = size.width, h = size.height
        let u = max(min(w, h), 1) / 1080
        let ppm = pixelsPerMillimetre.isFinite && pixelsPerMillimetre > 0 ? pixelsPerMillimetre : 0
        let c = max(u, ppm / 10)
        self.u = u
        self.pixelsPerMillimetre = ppm
        chromeUnit = c
        textFloor = max(20 * c, 2.4 * ppm)

        let control = 96 * c, pad = 24 * c
        header = Rect(x: 0, y: 0, width: w, height: 112 * c)
        home = Rect(x: 16 * c, y: 8 * c, width: control, height: control)
        cart = Rect(x: w - 16 * c - control, y: 8 * c, width: control, height: control)
        let titleX = home.maxX + pad, titleWidth = max(0, cart.minX - pad - titleX)
        eventNameBox = Rect(x: titleX, y: 6 * c, width: titleWidth, height: 58 * c)
        eventDateBox = Rect(x: titleX, y: 64 * c, width: titleWidth, height: 42 * c)

        // Legend cells are 64 units high (two lines of 22-unit text), 66 apart.
        func legend(x: Double, width: Double, top: Double, columns: Int, count: Int) -> [Rect] {
            let cell = width / Double(columns)
            return (0..<count).map { k in
                Rect(x: x + Double(k % columns) * cell, y: top + Double(k / columns) * 66 * c, width: cell, height: 64 * c)
            }
        }
        let summary: Rect
        if h > w {
            bottomBar = Rect(x: 0, y: h - 460 * c, width: w, height: 460 * c)
            legendCells = legend(x: pad, width: w - 2 * pad, top: bottomBar.minY + 12 * c, columns: 2, count: 6)
            summary = Rect(x: pad, y: bottomBar.minY + 214 * c, width: w - 2 * pad, height: 116 * c)
            buy = Rect(x: pad, y: bottomBar.maxY - 28 * c - control, width: w - 2 * pad, height: control)
            legendBesideSummary = false
        } else if w / c >= Self.wideLandscape {
            bottomBar = Rect(x: 0, y: h - 164 * c, width: w, height: 164 * c)
            buy = Rect(x: w - pad - 380 * c, y: bottomBar.minY + 34 * c, width: 380 * c, height: control)
            summary = Rect(x: buy.minX - pad - 400 * c, y: bottomBar.minY + 24 * c, width: 400 * c, height: 116 * c)
            legendCells = legend(x: pad, width: summary.minX - 2 * pad, top: bottomBar.minY + 16 * c, columns: 3, count: 6)
            legendBesideSummary = true
        } else {
            bottomBar = Rect(x: 0, y: h - 258 * c, width: w, height: 258 * c)
            legendCells = legend(x: pad, width: w - 2 * pad, top: bottomBar.minY + 10 * c, columns: 3, count: 6)
            let buyWidth = min(380 * c, (w - 3 * pad) / 2)
            buy = Rect(x: w - pad - buyWidth, y: bottomBar.minY + 148 * c, width: buyWidth, height: control)
            summary = Rect(x: pad, y: buy.minY - 4 * c, width: buy.minX - 2 * pad, height: 104 * c)
            legendBesideSummary = false
        }
        totalBox = Rect(x: summary.minX, y: summary.minY, width: summary.width, height: 48 * c)
        noteBox = Rect(x: summary.minX, y: summary.minY + 50 * c, width: summary.width, height: summary.height - 50 * c)

        toastCenterY = bottomBar.minY - 64 * c
        toastMaxWidth = w - 2 * pad

        let cardWidth = min(840 * c, w - 2 * pad), cardHeight = 404 * c
        card = Rect(x: (w - cardWidth) / 2, y: (h - cardHeight) / 2, width: cardWidth, height: cardHeight)
        cardTitleBox = Rect(x: card.minX + 32 * c, y: card.minY + 28 * c, width: cardWidth - 64 * c, height: 104 * c)
        cardBodyBox = Rect(x: card.minX + 32 * c, y: cardTitleBox.maxY + 12 * c, width: cardWidth - 64 * c, height: 116 * c)
        let buttonWidth = min(360 * c, cardWidth - 64 * c)
        cardButton = Rect(x: card.midX - buttonWidth / 2, y: card.maxY - 28 * c - control, width: buttonWidth, height: control)
    }
}
