#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster

/// The attract screen's chrome over the turning stadium: the event's name and a breathing
/// invitation to touch.
struct AttractView {
    /// When the attract screen started and the time drawn, s.
    let since: Double
    let now: Double
    let content: ScreenContent

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette
        let u = layout.u, w = layout.size.width, h = layout.size.height
        context.transform = .identity
        painter.drawText(content.eventName, bold: true, size: 56 * u, color: palette.text, centerX: w / 2, baseline: 120 * u,
                         maxWidth: w - 80 * u, in: context)
        // A pill with the invitation, breathing (period 2 s).
        let pulse = 0.8 + 0.2 * cos(2 * .pi * (now - since) / 2)
        let pill = Rect(x: w / 2 - min(420 * u, w / 2 - 20 * u), y: h - 230 * u, width: 2 * min(420 * u, w / 2 - 20 * u), height: 110 * u)
        context.fill(Path(roundedRect: pill, cornerRadius: 55 * u), with: .solid(palette.accent.withOpacity(pulse)))
        painter.drawText("Touch to choose your seats", bold: true, size: 44 * u, color: .white, centerX: pill.midX,
                         baseline: pill.midY + 15 * u, maxWidth: pill.width - 40 * u, in: context)
    }
}
