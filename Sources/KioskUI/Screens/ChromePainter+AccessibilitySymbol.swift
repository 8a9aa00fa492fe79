import Geometry
import Raster

extension ChromePainter {
    /// The accessibility symbol (the United Nations' figure with open arms in a ring) in `rect`:
    /// a ring, the head, the arms spread level and the legs apart, stroked `lineWidth` px.
    func drawAccessibilitySymbol(in rect: Rect, color: Color, lineWidth: Double, in context: DrawingContext) {
        let side = min(rect.width, rect.height)
        let box = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        func p(_ x: Double, _ y: Double) -> Point { Point(x: box.minX + x * side, y: box.minY + y * side) }
        let style = StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)
        context.stroke(Path(ellipseIn: box.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)), with: .solid(color), style: style)
        let head = side * 0.075
        context.fill(Path(ellipseIn: Rect(x: p(0.5, 0.25).x - head, y: p(0.5, 0.25).y - head, width: 2 * head, height: 2 * head)),
                     with: .solid(color))
        var figure = Path()
        figure.move(to: p(0.27, 0.39)); figure.addLine(to: p(0.73, 0.39))     // arms
        figure.move(to: p(0.5, 0.39)); figure.addLine(to: p(0.5, 0.58))       // body
        figure.addLine(to: p(0.38, 0.78))                                     // left leg
        figure.move(to: p(0.5, 0.58)); figure.addLine(to: p(0.62, 0.78))     // right leg
        context.stroke(figure, with: .solid(color), style: style)
    }

    /// The accessibility button in `r`: an accent disc (it must be found at a glance) with the
    /// symbol in the button's text colour, grown by `scale`.
    func drawAccessibilityButton(in r: Rect, scale: Double, in context: DrawingContext) {
        let c = layout.chromeUnit
        context.transform = .identity
        withScale(scale, centre: r.center, in: context) {
            // High contrast: a dark ring around it, so its edge stands out over the attract
            // screen's turning stadium as in the header.
            if palette.isHighContrast {
                context.fill(Path(ellipseIn: r.insetBy(dx: -8 * c, dy: -8 * c)), with: .solid(palette.headerBackground))
            }
            context.fill(Path(ellipseIn: r.insetBy(dx: 2 * c, dy: 2 * c)), with: .solid(palette.accent))
            drawAccessibilitySymbol(in: r.insetBy(dx: 14 * c, dy: 14 * c), color: palette.buttonText, lineWidth: 5 * c, in: context)
        }
    }

    /// A control filled like the surface it lies on: filled, and outlined where the theme asks
    /// for it (`KioskPalette.controlBorder`, high contrast) so its edge stands out.
    func fillControl(_ r: Rect, cornerRadius: Double, color: Color, in context: DrawingContext) {
        context.fill(Path(roundedRect: r, cornerRadius: cornerRadius), with: .solid(color))
        outlineControl(r, cornerRadius: cornerRadius, in: context)
    }

    /// The theme's outline just inside `r` (`KioskPalette.controlBorder`, 3 chrome units wide;
    /// content keeps `outlineInset` from it): the edge of a control that is an icon or text on the
    /// surface it lies on (the cart, a legend entry, a cart line); nothing in the usual theme.
    func outlineControl(_ r: Rect, cornerRadius: Double, in context: DrawingContext) {
        guard let border = palette.controlBorder else { return }
        let w = 3 * layout.chromeUnit
        context.stroke(Path(roundedRect: r.insetBy(dx: w / 2, dy: w / 2), cornerRadius: max(0, cornerRadius - w / 2)),
                       with: .solid(border), style: StrokeStyle(lineWidth: w))
    }

    /// High contrast: a dark band `haloUnits` chrome units wide around a button over the chart
    /// (More time): no seat colour, light or mid-grey, then meets its edge (a yellow fill
    /// reaches 7:1 only against dark); nothing in the usual theme.
    func haloOverChart(_ r: Rect, in context: DrawingContext) {
        guard palette.isHighContrast else { return }
        let c = layout.chromeUnit, w = Self.haloUnits * c
        context.fill(Path(roundedRect: r.insetBy(dx: -w, dy: -w), cornerRadius: 20 * c + w), with: .solid(palette.headerBackground))
    }

    /// The width of `haloOverChart`'s band, chrome units.
    static let haloUnits = 6.0

    /// How far a control's content keeps from its edge where the theme outlines it, px (the
    /// outline's 3 units and 4 more); 0 in the usual theme.
    var outlineInset: Double { palette.controlBorder == nil ? 0 : 7 * layout.chromeUnit }
}
