import Geometry
import Raster

/// The header: the event's name and the cart with its badge, sliding up out of the screen
/// while the chart is zoomed (SportFan's header transition).
struct HeaderView {
    let state: SessionSnapshot.Header
    let content: ScreenContent

    /// The header's frame at `visibility` (1 in … 0 out of the screen).
    static func frame(in layout: KioskLayout, visibility: Double) -> Rect {
        layout.header.offsetBy(dx: 0, dy: -(1 - visibility) * (layout.header.height + 4 * layout.u))
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette
        let h = Self.frame(in: layout, visibility: state.visibility), u = layout.u
        context.transform = .identity
        context.fill(Path(h), with: .solid(palette.headerBackground))
        painter.drawText(content.eventName, bold: true, size: 44 * u, color: palette.text, x: 40 * u,
                         baseline: h.minY + 70 * u, maxWidth: layout.cart.minX - 80 * u, in: context)
        let cart = layout.cart.offsetBy(dx: 0, dy: h.minY)
        painter.withScale(state.cartScale, centre: cart.center, in: context) {
            painter.drawCartIcon(in: cart.insetBy(dx: 14 * u, dy: 16 * u), color: palette.text, lineWidth: 5 * u, in: context)
            let n = state.tickets
            if n > 0 {
                let r = 22 * u
                let centre = Point(x: cart.maxX - 10 * u, y: cart.minY + 16 * u)
                context.fill(Path(ellipseIn: Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)),
                             with: .solid(palette.badge))
                painter.drawText("\(n)", bold: true, size: 26 * u, color: .white, centerX: centre.x, baseline: centre.y + 9 * u,
                                 in: context)
            }
        }
    }
}
