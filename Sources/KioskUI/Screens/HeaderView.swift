import Geometry
import Raster

/// The header, on screen at all times: the home control's place at its left (drawn by
/// `HomeControlView` when the view is away from home), the event's name and date in the
/// middle, the cart with its badge at its right.
struct HeaderView {
    let state: SessionSnapshot.Header
    let content: ScreenContent

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette, c = layout.chromeUnit
        context.transform = .identity
        context.fill(Path(layout.header), with: .solid(palette.headerBackground))
        if let date = content.eventDate {
            painter.draw(ChromeText(content.eventName, 40, floorUnits: 22, bold: true, layout: layout), in: layout.eventNameBox,
                         color: palette.text, in: context)
            painter.draw(ChromeText(date, 26, floorUnits: 20, layout: layout), in: layout.eventDateBox,
                         color: palette.secondaryText, in: context)
        } else {
            painter.draw(ChromeText(content.eventName, 40, floorUnits: 28, bold: true, lines: 2, layout: layout),
                         in: layout.eventNameBox.union(layout.eventDateBox), color: palette.text, in: context)
        }
        painter.drawAccessibilityButton(in: layout.accessibilityButton, scale: state.accessibilityScale, in: context)
        if let name = content.languageName {
            painter.drawLanguageButton(in: layout.languageButton, name: name, scale: state.languageScale, in: context)
        }
        let cart = layout.cart
        painter.withScale(state.cartScale, centre: cart.center, in: context) {
            painter.outlineControl(cart, cornerRadius: 20 * c, in: context)
            painter.drawCartIcon(in: cart.insetBy(dx: 16 * c, dy: 20 * c), color: palette.text, lineWidth: 5 * c, in: context)
            let n = state.tickets
            if n > 0 {
                let r = 22 * c
                // At the cart's top corner on the screen's outer side (its left, right to left).
                let centre = Point(x: cart.maxX - 14 * c, y: cart.minY + 18 * c)
                let badge = layout.mirrored(Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r), within: cart)
                context.fill(Path(ellipseIn: badge), with: .solid(palette.badge))
                painter.draw(ChromeText("\(n)", 26, floorUnits: 20, bold: true, centered: true, layout: layout),
                             in: badge.insetBy(dx: -8 * c, dy: 0), color: palette.badgeText, in: context)
            }
        }
    }
}
