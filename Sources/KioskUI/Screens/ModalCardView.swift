import Geometry
import Raster

/// The modal card over the dimmed screen: the idle prompt, the failure and the checkout's
/// "Processing…" spinner (the receipt has a screen of its own, `ReceiptView`). Title, body and
/// button in the layout's card boxes; long
/// text (a box office's failure reason, a translation) wraps instead of being cut.
struct ModalCardView {
    let card: SessionSnapshot.Card
    let strings: KioskStrings

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let palette = painter.palette, layout = painter.layout
        painter.drawCard(in: context)
        let c = layout.chromeUnit, body = layout.cardBodyBox
        let upper = Rect(x: body.minX, y: body.minY, width: body.width, height: body.height / 2)
        let lower = upper.offsetBy(dx: 0, dy: body.height / 2)
        func title(_ s: String, color: Color) {
            painter.draw(ChromeText(s, 44, floorUnits: 30, bold: true, lines: 2, centered: true, layout: layout),
                         in: layout.cardTitleBox, color: color, in: context)
        }
        func line(_ s: String, _ units: Double, bold: Bool = false, in box: Rect, color: Color) {
            painter.draw(ChromeText(s, units, floorUnits: 22, bold: bold, lines: 2, centered: true, layout: layout),
                         in: box, color: color, in: context)
        }
        switch card {
        case .prompt(let seconds, let scale):
            title(strings.stillThere, color: palette.cardText)
            line(strings.touchContinue, 28, in: upper, color: palette.cardSecondaryText)
            line(KioskStrings.fill(strings.startingOverIn, ("seconds", "\(seconds)")), 30, bold: true, in: lower, color: palette.accent)
            painter.drawButton(in: layout.cardButton, title: strings.continueButton, enabled: true, scale: scale, in: context)
        case .failed(let reason, let scale):
            title(strings.purchaseFailed, color: palette.danger)
            painter.draw(ChromeText(reason, 28, floorUnits: 22, lines: 4, centered: true, layout: layout), in: body,
                         color: palette.cardSecondaryText, in: context)
            painter.drawButton(in: layout.cardButton, title: strings.okButton, enabled: true, scale: scale, in: context)
        case .processing(let phase):
            title(strings.processing, color: palette.cardText)
            // A turning arc: one turn per 1.2 s.
            let centre = Point(x: body.midX, y: body.midY + 24 * c)
            let start = phase / 1.2 * 2 * .pi
            var arc = Path()
            arc.addArc(center: centre, radius: 40 * c, startAngle: .radians(start), endAngle: .radians(start + 4.4), clockwise: false)
            context.transform = .identity
            context.stroke(arc, with: .solid(palette.accent), style: StrokeStyle(lineWidth: 9 * c, lineCap: .round))
        }
    }
}
