import Geometry
import Raster

/// A short message in a pill above the bottom bar, wrapped into two lines on narrow screens.
struct ToastView {
    let message: String

    private func text(_ layout: KioskLayout) -> ChromeText {
        ChromeText(message, 28, floorUnits: 22, lines: 2, centered: true, layout: layout)
    }

    /// The pill for the message (screen px); nil without fonts.
    func box(with painter: ChromePainter) -> Rect? {
        let layout = painter.layout, c = layout.chromeUnit
        let room = Rect(x: 0, y: 0, width: layout.toastMaxWidth - 64 * c, height: 200 * c)
        guard let l = painter.fitted(text(layout), in: room) else { return nil }
        // A pixel to spare, so the text wraps the same in the pill as it was measured.
        let w = min(l.size.width + 64 * c + 1, layout.toastMaxWidth), h = max(72 * c, l.size.height + 28 * c)
        return Rect(x: (layout.size.width - w) / 2, y: layout.toastCenterY - h / 2, width: w, height: h)
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let c = painter.layout.chromeUnit
        guard let box = box(with: painter) else { return }
        context.transform = .identity
        context.fill(Path(roundedRect: box, cornerRadius: min(box.height / 2, 36 * c)), with: .solid(painter.palette.toast))
        painter.draw(text(painter.layout), in: box.insetBy(dx: 32 * c, dy: 0), color: painter.palette.text, in: context)
    }
}
