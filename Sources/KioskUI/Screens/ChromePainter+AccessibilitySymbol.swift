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
            context.fill(Path(ellipseIn: r.insetBy(dx: 2 * c, dy: 2 * c)), with: .solid(palette.accent))
            drawAccessibilitySymbol(in: r.insetBy(dx: 14 * c, dy: 14 * c), color: palette.buttonText, lineWidth: 5 * c, in: context)
        }
    }

    /// A control filled like the surface it lies on: filled, and outlined where the theme asks
    /// for it (`KioskPalette.controlBorder`, high contrast) so its edge stands out.
    func fillControl(_ r: Rect, cornerRadius: Double, color: Color, in context: DrawingContext) {
        context.fill(Path(roundedRect: r, cornerRadius: cornerRadius), with: .solid(color))
        if let border = palette.controlBorder {
            let w = 3 * layout.chromeUnit
            context.stroke(Path(roundedRect: r.insetBy(dx: w / 2, dy: w / 2), cornerRadius: max(0, cornerRadius - w / 2)),
                           with: .solid(border), style: StrokeStyle(lineWidth: w))
        }
    }
}
