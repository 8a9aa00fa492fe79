import Geometry
import Raster

extension KioskSession {
    /// Draws the receipt screen (`ReceiptView`) and returns its damage: the whole screen when it
    /// comes, nothing while it stands still, Done's pressed box while only Done's press feedback
    /// changes (the surface is then still bit-identical to a full render).
    func renderReceipt(_ receipt: Receipt, doneScale: Double, previous: SessionSnapshot.Mode?, into surface: Surface,
                       with painter: ChromePainter) -> [PixelRect] {
        let view = ReceiptView(receipt: receipt, doneScale: doneScale, content: content)
        let context = DrawingContext(surface: surface)
        guard case .receipt(let before, let beforeScale)? = previous, before == receipt else {
            view.draw(with: painter, in: context)
            return [surface.bounds]
        }
        if beforeScale == doneScale { return [] }
        let done = receiptLayout(receipt).done
        let pressed = done.applying(ChromePainter.scaling(Self.pressedScale, about: done.center))
        let x0 = Int(pressed.minX.rounded(.down)) - 1, y0 = Int(pressed.minY.rounded(.down)) - 1
        let box = PixelRect(x: x0, y: y0, width: Int(pressed.maxX.rounded(.up)) + 1 - x0, height: Int(pressed.maxY.rounded(.up)) + 1 - y0)
            .intersection(surface.bounds)
        guard !box.isEmpty else { return [] }
        context.clip(to: Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height)))
        view.draw(with: painter, in: context)
        return [box]
    }

    /// Where the receipt's parts are on this screen, in the visitor's language (`ReceiptView`'s layout).
    func receiptLayout(_ receipt: Receipt) -> ReceiptLayout {
        ReceiptView.layout(for: receipt, on: layout, strings: content.strings, text: text)
    }
}
