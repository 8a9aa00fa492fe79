import Geometry
import Raster

/// A short message in a pill above the bottom bar.
struct ToastView {
    let message: String

    /// The pill for the message (screen px); nil without fonts.
    func box(with painter: ChromePainter) -> Rect? {
        let layout = painter.layout, u = layout.u
        guard let l = painter.textLayout(message, bold: false, size: 28 * u, maxWidth: nil, oneLine: false) else { return nil }
        let w = min(l.size.width + 64 * u, layout.size.width - 40 * u), h = 72 * u
        return Rect(x: (layout.size.width - w) / 2, y: layout.toastCenterY - h / 2, width: w, height: h)
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let u = painter.layout.u
        guard let box = box(with: painter) else { return }
        let w = box.width, h = box.height
        context.transform = .identity
        context.fill(Path(roundedRect: box, cornerRadius: h / 2), with: .solid(painter.palette.toast))
        painter.drawText(message, size: 28 * u, color: painter.palette.text, centerX: box.midX, baseline: box.midY + 10 * u,
                         maxWidth: w - 48 * u, in: context)
    }
}
