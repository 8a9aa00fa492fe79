import Geometry

/// Where everything goes on a screen of a given size, px. One unit `u` is a pixel of a
/// 1080-px-short-side screen, so 1920×1080 and 1080×1920 share sizes and only the arrangement
/// changes: landscape puts the legend, the total and Buy Tickets in one bottom bar; portrait
/// stacks the legend above a full-width Buy button (kept low, in reach).
public struct KioskLayout: Hashable, Sendable {
    public let size: Size
    /// px per layout unit.
    public let u: Double
    public var isPortrait: Bool { size.height > size.width }

    public let header: Rect
    public let cart: Rect
    public let zoomOut: Rect
    public let bottomBar: Rect
    /// Where the chart is at home and where a zoomed tribune is fitted: the screen between the
    /// header and the bottom bar, px. At rest the stadium fills it or lies wholly inside it.
    public var safeArea: Rect {
        Rect(x: 0, y: header.maxY, width: size.width, height: max(0, bottomBar.minY - header.maxY))
    }
    public let buy: Rect
    /// Where the legend's items go: their top-left corners, in order.
    public let legendOrigins: [Point]
    /// The width of one legend entry (swatch and label), px.
    public let legendItemWidth: Double
    /// The total and the hold countdown: their left edge and the first baseline.
    public let summaryOrigin: Point
    /// The standalone note's baseline start.
    public let noteOrigin: Point
    /// The toast's vertical centre.
    public let toastCenterY: Double
    /// A modal card (dialog, prompt, processing) and its button.
    public let card: Rect
    public let cardButton: Rect

    public init(size: Size) {
        self.size = size
        let w = size.width, h = size.height
        let u = max(min(w, h), 1) / 1080
        self.u = u
        header = Rect(x: 0, y: 0, width: w, height: 110 * u)
        cart = Rect(x: w - 40 * u - 90 * u, y: 10 * u, width: 90 * u, height: 90 * u)
        zoomOut = Rect(x: 40 * u, y: 40 * u, width: 96 * u, height: 96 * u)
        var itemWidth = 330 * u
        if h > w {
            bottomBar = Rect(x: 0, y: h - 360 * u, width: w, height: 360 * u)
            let top = bottomBar.minY + 28 * u
            let left = (w - 3 * itemWidth) / 2
            legendOrigins = (0..<6).map { Point(x: left + Double($0 % 3) * itemWidth, y: top + Double($0 / 3) * 48 * u) }
            summaryOrigin = Point(x: 45 * u, y: bottomBar.minY + 150 * u)
            // The countdown or the standalone note goes on the next line (never both: no box
            // office, no holds).
            noteOrigin = Point(x: 45 * u, y: summaryOrigin.y + 38 * u)
            buy = Rect(x: 45 * u, y: h - 40 * u - 96 * u, width: w - 90 * u, height: 96 * u)
        } else {
            bottomBar = Rect(x: 0, y: h - 150 * u, width: w, height: 150 * u)
            let top = bottomBar.minY + 28 * u
            buy = Rect(x: w - 40 * u - 420 * u, y: bottomBar.minY + 27 * u, width: 420 * u, height: 96 * u)
            summaryOrigin = Point(x: buy.minX - 400 * u, y: bottomBar.minY + 62 * u)
            // Screens narrower than 16:9 (4:3, 16:10, 5:3) give the legend what is left of the
            // summary, so the two never overlap; its labels shorten with an ellipsis.
            itemWidth = min(itemWidth, max(0, summaryOrigin.x - 60 * u) / 3)
            legendOrigins = (0..<6).map { Point(x: 40 * u + Double($0 % 3) * itemWidth, y: top + Double($0 / 3) * 52 * u) }
            noteOrigin = Point(x: buy.minX - 400 * u, y: bottomBar.minY + 128 * u)
        }
        legendItemWidth = itemWidth
        toastCenterY = bottomBar.minY - 80 * u
        let cardWidth = min(780 * u, w - 80 * u), cardHeight = 400 * u
        card = Rect(x: (w - cardWidth) / 2, y: (h - cardHeight) / 2, width: cardWidth, height: cardHeight)
        cardButton = Rect(x: card.midX - 150 * u, y: card.maxY - 40 * u - 90 * u, width: 300 * u, height: 90 * u)
    }
}
