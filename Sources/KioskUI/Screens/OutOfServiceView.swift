import Geometry
import Raster

/// The out-of-service screen: the whole surface, with a staff-readable code; a column of boxes
/// centred on the screen.
struct OutOfServiceView {
    let code: String
    let strings: KioskStrings

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let palette = painter.palette, layout = painter.layout
        let c = layout.chromeUnit, w = layout.size.width, h = layout.size.height
        context.transform = .identity
        context.fill(Path(Rect(x: 0, y: 0, width: w, height: h)), with: .solid(palette.serviceBackground))
        let width = min(w - 48 * c, 1400 * c), left = (w - width) / 2
        var y = (h - 396 * c) / 2
        func box(_ height: Double) -> Rect {
            defer { y += height }
            return Rect(x: left, y: y, width: width, height: height)
        }
        painter.draw(ChromeText(strings.outOfService, 76, floorUnits: 40, bold: true, centered: true, layout: layout), in: box(100 * c),
                     color: palette.text, in: context)
        y += 16 * c
        for line in [strings.cannotSell, strings.askStaff] {
            painter.draw(ChromeText(line, 34, floorUnits: 24, lines: 2, centered: true, layout: layout), in: box(80 * c),
                         color: palette.secondaryText, in: context)
        }
        y += 24 * c
        let codeWidth = min(480 * c, width)
        let frame = Rect(x: (w - codeWidth) / 2, y: y, width: codeWidth, height: 96 * c)
        context.stroke(Path(roundedRect: frame, cornerRadius: 16 * c), with: .solid(palette.serviceCode), style: StrokeStyle(lineWidth: 4 * c))
        painter.draw(ChromeText(KioskStrings.fill(strings.serviceCode, ("code", code)), 44, floorUnits: 26, bold: true, centered: true,
                                layout: layout), in: frame.insetBy(dx: 20 * c, dy: 8 * c), color: palette.serviceCode, in: context)
    }
}
