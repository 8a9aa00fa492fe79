import Geometry
import Raster

extension ChromePainter {
    /// A globe (the usual sign for "language" on kiosks and websites) in `rect`: its outline,
    /// the equator and two parallels, the central meridian and one meridian's ellipse, stroked
    /// `lineWidth` px.
    func drawGlobe(in rect: Rect, color: Color, lineWidth: Double, in context: DrawingContext) {
        let side = min(rect.width, rect.height)
        let box = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
            .insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        let style = StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)
        var globe = Path(ellipseIn: box)
        // The meridians: a narrow ellipse through the poles and the straight central one.
        globe.addEllipse(in: box.insetBy(dx: box.width * 0.27, dy: 0))
        globe.move(to: Point(x: box.midX, y: box.minY)); globe.addLine(to: Point(x: box.midX, y: box.maxY))
        // The equator and the parallels at a quarter of the height from the poles, as chords.
        let r = box.width / 2
        for dy in [0.0, -0.5 * r, 0.5 * r] {
            let half = (r * r - dy * dy).squareRoot()
            globe.move(to: Point(x: box.midX - half, y: box.midY + dy))
            globe.addLine(to: Point(x: box.midX + half, y: box.midY + dy))
        }
        context.stroke(globe, with: .solid(color), style: style)
    }

    /// The language button in `r`: a control filled like the header's surroundings and
    /// outlined, the globe in its upper part and `name` (the shown language's own name, e.g.
    /// "Deutsch", "العربية") under it, grown by `scale`.
    func drawLanguageButton(in r: Rect, name: String, scale: Double, in context: DrawingContext) {
        let c = layout.chromeUnit
        context.transform = .identity
        withScale(scale, centre: r.center, in: context) {
            context.fill(Path(roundedRect: r, cornerRadius: 20 * c), with: .solid(palette.accent))
            let globeSide = 42 * c
            drawGlobe(in: Rect(x: r.midX - globeSide / 2, y: r.minY + 8 * c, width: globeSide, height: globeSide),
                      color: palette.buttonText, lineWidth: 4 * c, in: context)
            let label = Rect(x: r.minX + 4 * c, y: r.minY + 52 * c, width: r.width - 8 * c, height: r.height - 56 * c)
            draw(ChromeText(name, 24, floorUnits: 20, bold: true, centered: true, layout: layout), in: label,
                 color: palette.buttonText, in: context)
        }
    }
}
