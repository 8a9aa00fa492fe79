import Geometry
import Raster

/// The out-of-service screen: the whole surface, with a staff-readable code.
struct OutOfServiceView {
    let code: String

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let palette = painter.palette
        let s = context.surface, u = painter.layout.u
        context.transform = .identity
        let w = Double(s.width), h = Double(s.height)
        context.fill(Path(Rect(x: 0, y: 0, width: w, height: h)), with: .solid(palette.serviceBackground))
        painter.drawText("Out of service", bold: true, size: 76 * u, color: palette.text, centerX: w / 2, baseline: h * 0.4,
                         in: context)
        painter.drawText("This kiosk cannot sell tickets right now.", size: 34 * u, color: palette.secondaryText,
                         centerX: w / 2, baseline: h * 0.4 + 80 * u, in: context)
        painter.drawText("Please ask a member of staff for help.", size: 34 * u, color: palette.secondaryText,
                         centerX: w / 2, baseline: h * 0.4 + 130 * u, in: context)
        let box = Rect(x: w / 2 - 220 * u, y: h * 0.4 + 180 * u, width: 440 * u, height: 96 * u)
        context.stroke(Path(roundedRect: box, cornerRadius: 16 * u), with: .solid(palette.serviceCode), style: StrokeStyle(lineWidth: 4 * u))
        painter.drawText("Code \(code)", bold: true, size: 44 * u, color: palette.serviceCode, centerX: box.midX,
                         baseline: box.midY + 16 * u, maxWidth: box.width - 30 * u, in: context)
    }
}
