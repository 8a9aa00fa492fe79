import Geometry
import Raster

/// The screen reader's focus, drawn: a ring around the item speech is on (`KioskSession
/// .focusedItem` — a control, a list entry, a line), over everything else, so a visitor who
/// sees a little follows what is said. A band in `KioskPalette.focusRing` between two thin
/// keylines in `focusRingKeyline`, so the band stands out from whatever is around it — the
/// chart, a card, a yellow button — by its keylines (≥ 7:1 in the high-contrast theme).
/// Outside the item by `gapUnits`; kept on screen (an item at the screen's edge gets the
/// ring's edge pulled in over it).
struct FocusRingView {
    /// The focused item's frame, px.
    let frame: Rect

    /// Between the item's frame and the inner keyline, chrome units.
    static let gapUnits = 2.0
    /// Each keyline's width and the band's width, chrome units.
    static let keylineUnits = 2.0
    static let bandUnits = 6.0

    /// The ring's outer edge around `frame` on `layout`'s screen, px: the frame grown by the
    /// gap, both keylines and the band, then kept on screen.
    static func bounds(around frame: Rect, layout: KioskLayout) -> Rect {
        let c = layout.chromeUnit, grow = (gapUnits + 2 * keylineUnits + bandUnits) * c
        let screen = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        return frame.insetBy(dx: -grow, dy: -grow).intersection(screen)
    }

    /// The band's outer and inner edges, px (the keylines lie just outside and inside them).
    static func band(around frame: Rect, layout: KioskLayout) -> (outer: Rect, inner: Rect) {
        let c = layout.chromeUnit, outer = bounds(around: frame, layout: layout).insetBy(dx: keylineUnits * c, dy: keylineUnits * c)
        return (outer, outer.insetBy(dx: bandUnits * c, dy: bandUnits * c))
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, c = layout.chromeUnit
        let outer = Self.bounds(around: frame, layout: layout)
        guard !outer.isEmpty else { return }
        let band = Self.band(around: frame, layout: layout)
        let hole = band.inner.insetBy(dx: Self.keylineUnits * c, dy: Self.keylineUnits * c)
        context.transform = .identity
        func ring(_ from: Rect, _ to: Rect, radius: Double, _ color: Color) {
            var path = Path(roundedRect: from, cornerRadius: radius)
            path.addRoundedRect(in: to, cornerRadius: max(0, radius - (to.minX - from.minX)))
            context.fill(path, with: .solid(color), rule: .evenOdd)
        }
        let radius = 14 * c
        ring(outer, hole, radius: radius, painter.palette.focusRingKeyline)
        ring(band.outer, band.inner, radius: radius - Self.keylineUnits * c, painter.palette.focusRing)
    }
}
