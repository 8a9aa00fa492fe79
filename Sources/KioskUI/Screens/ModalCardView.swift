import Geometry
import Raster

/// The modal card over the dimmed screen: the idle prompt, the receipt, the failure and the
/// checkout's "Processing…" spinner.
struct ModalCardView {
    let card: SessionSnapshot.Card

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let palette = painter.palette
        painter.drawCard(in: context)
        let c = painter.layout.card, u = painter.layout.u
        switch card {
        case .prompt(let seconds, let scale):
            painter.drawText("Still there?", bold: true, size: 52 * u, color: palette.cardText,
                             centerX: c.midX, baseline: c.minY + 100 * u, in: context)
            painter.drawText("Touch Continue to keep your seats.", size: 28 * u, color: palette.cardSecondaryText,
                             centerX: c.midX, baseline: c.minY + 158 * u, in: context)
            painter.drawText("Starting over in \(seconds) s", bold: true, size: 30 * u, color: palette.accent,
                             centerX: c.midX, baseline: c.minY + 212 * u, in: context)
            painter.drawButton(in: painter.layout.cardButton, title: "Continue", enabled: true, scale: scale, in: context)
        case .receipt(let tickets, let scale):
            painter.drawText("You've bought \(tickets) ticket\(tickets == 1 ? "" : "s").", bold: true, size: 44 * u,
                             color: palette.cardText, centerX: c.midX, baseline: c.minY + 115 * u, in: context)
            painter.drawText("Enjoy your time at the game!", size: 32 * u, color: palette.cardSecondaryText,
                             centerX: c.midX, baseline: c.minY + 180 * u, in: context)
            painter.drawButton(in: painter.layout.cardButton, title: "Ok", enabled: true, scale: scale, in: context)
        case .failed(let reason, let scale):
            painter.drawText("The purchase did not go through", bold: true, size: 40 * u, color: palette.danger,
                             centerX: c.midX, baseline: c.minY + 105 * u, in: context)
            painter.drawText(reason, size: 28 * u, color: palette.cardSecondaryText, centerX: c.midX,
                             baseline: c.minY + 165 * u, maxWidth: c.width - 80 * u, in: context)
            painter.drawButton(in: painter.layout.cardButton, title: "Ok", enabled: true, scale: scale, in: context)
        case .processing(let phase):
            painter.drawText("Processing…", bold: true, size: 44 * u, color: palette.cardText,
                             centerX: c.midX, baseline: c.minY + 120 * u, in: context)
            // A turning arc: one turn per 1.2 s.
            let centre = Point(x: c.midX, y: c.minY + 245 * u)
            let start = phase / 1.2 * 2 * .pi
            var arc = Path()
            arc.addArc(center: centre, radius: 40 * u, startAngle: .radians(start), endAngle: .radians(start + 4.4), clockwise: false)
            context.transform = .identity
            context.stroke(arc, with: .solid(palette.accent), style: StrokeStyle(lineWidth: 9 * u, lineCap: .round))
        }
    }
}
