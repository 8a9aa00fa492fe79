import Geometry

/// Where the receipt screen's parts go, px: a light card over the whole screen (inset by the
/// chrome's padding) holding the title, the order code, the seats, the total, Done and the QR
/// code with its caption. Landscape puts the QR code in a column at the card's right, the text
/// in a column at its left and Done under the text; portrait stacks title, code, QR code,
/// seats, total and a full-width Done. Sizes are in the layout's chrome units, so the QR code
/// keeps its proportion to the text (420 units, or 45 mm on a panel where that is more), and at
/// least 25 mm on the panel (`QRCodeView.modulePixels`); Done is at least 9.6 mm.
struct ReceiptLayout {
    private(set) var card: Rect
    /// The title ("You've bought 3 tickets."), up to two lines.
    private(set) var title: Rect
    /// "Order code" and the code itself, in large type.
    private(set) var codeLabel: Rect
    private(set) var code: Rect
    /// The QR code's top-left corner (quiet zone included), whole device px, and its module size.
    let qrOrigin: (x: Int, y: Int)
    let modulePixels: Int
    /// The QR code's side with its quiet zone, px.
    let qrSide: Double
    /// Under the QR code: what it is for.
    private(set) var caption: Rect
    /// Room for this many seat lines, top to bottom (the view puts "+ N more" in the last one
    /// when there are more seats than lines).
    private(set) var seatLines: [Rect]
    private(set) var total: Rect
    private(set) var done: Rect

    /// - Parameters:
    ///   - layout: the screen's chrome layout (size, chrome unit, density).
    ///   - modules: the QR code's modules a side, quiet zone included (0: no code).
    init(layout: KioskLayout, modules: Int) {
        let c = layout.chromeUnit, w = layout.size.width, h = layout.chromeArea.height
        let pad = 24 * c
        // Inside the chrome's area: the reach band with low reach.
        card = Rect(x: pad, y: layout.chromeArea.minY + pad, width: max(0, w - 2 * pad), height: max(0, h - 2 * pad))
        let content = card.insetBy(dx: 40 * c, dy: 40 * c)
        let ppm = layout.pixelsPerMillimetre
        let captionHeight = 76 * c, lineHeight = 46 * c
        func qrSize(_ box: Double) -> (Int, Double) {
            guard modules > 0 else { return (0, 0) }
            let preferred = max(420 * c, 45 * ppm)
            let m = QRCodeView.modulePixels(modules: modules, pixelsPerMillimetre: ppm, preferred: preferred, fitting: box)
            return (m, Double(m * modules))
        }
        // The text column from its top: title, code label, code; what stays below is for the
        // seats, the total and Done.
        func textColumn(x: Double, width: Double, top: Double) -> (title: Rect, label: Rect, code: Rect) {
            let title = Rect(x: x, y: top, width: width, height: 120 * c)
            let label = Rect(x: x, y: title.maxY + 16 * c, width: width, height: 40 * c)
            return (title, label, Rect(x: x, y: label.maxY, width: width, height: 88 * c))
        }
        func lines(x: Double, width: Double, from top: Double, to bottom: Double) -> [Rect] {
            let count = max(0, Int(((bottom - top) / lineHeight).rounded(.down)))
            return (0..<count).map { Rect(x: x, y: top + Double($0) * lineHeight, width: width, height: lineHeight) }
        }
        let qrTop: Double, qrLeft: Double
        let text: (title: Rect, label: Rect, code: Rect)
        let totalHeight = 64 * c, control = 96 * c
        if h > w {
            text = textColumn(x: content.minX, width: content.width, top: content.minY)
            qrTop = text.code.maxY + 20 * c
            // No larger than leaves the caption, the total and Done their room (large text on a
            // small portrait panel: the seats' lines may be gone, the QR code stays ≥ 25 mm).
            let room = content.maxY - control - 24 * c - totalHeight - 32 * c - captionHeight - 8 * c - qrTop
            (modulePixels, qrSide) = qrSize(min(content.width, 0.4 * content.height, room))
            qrLeft = content.midX - qrSide / 2
            caption = Rect(x: content.minX, y: qrTop + qrSide + 8 * c, width: content.width, height: captionHeight)
            done = Rect(x: content.minX, y: content.maxY - control, width: content.width, height: control)
            total = Rect(x: content.minX, y: done.minY - 24 * c - totalHeight, width: content.width, height: totalHeight)
            seatLines = lines(x: content.minX, width: content.width, from: caption.maxY + 20 * c, to: total.minY - 12 * c)
        } else {
            // A card too short for the text column's title, code, total and Done (large text on
            // a 7" panel) puts Done under the QR code's caption.
            let doneBeside = (120 + 16 + 40 + 88 + 20 + 64 + 24 + 96) * c > content.height
            let underCode = doneBeside ? 16 * c + control : 0
            (modulePixels, qrSide) = qrSize(min(content.height - captionHeight - 8 * c - underCode, 0.45 * content.width))
            let column = max(qrSide, 360 * c)
            let columnX = content.maxX - column
            qrLeft = columnX + (column - qrSide) / 2
            qrTop = content.minY + (content.height - qrSide - 8 * c - captionHeight - underCode) / 2
            caption = Rect(x: columnX, y: qrTop + qrSide + 8 * c, width: column, height: captionHeight)
            let textWidth = max(0, columnX - 48 * c - content.minX)
            text = textColumn(x: content.minX, width: textWidth, top: content.minY)
            if doneBeside {
                let width = min(360 * c, column)
                done = Rect(x: columnX + (column - width) / 2, y: caption.maxY + 16 * c, width: width, height: control)
                total = Rect(x: content.minX, y: content.maxY - totalHeight, width: textWidth, height: totalHeight)
            } else {
                done = Rect(x: content.minX, y: content.maxY - control, width: min(360 * c, textWidth), height: control)
                total = Rect(x: content.minX, y: done.minY - 24 * c - totalHeight, width: textWidth, height: totalHeight)
            }
            seatLines = lines(x: content.minX, width: textWidth, from: text.code.maxY + 20 * c, to: total.minY - 12 * c)
        }
        (title, codeLabel, code) = text
        // Right to left: the text column at the right, the QR code's column at the left (the
        // code itself is never mirrored: it is read by a phone).
        let qr = layout.mirrored(Rect(x: qrLeft, y: qrTop, width: qrSide, height: qrSide))
        qrOrigin = (Int(qr.minX.rounded(.down)), Int(qrTop.rounded(.down)))
        card = layout.mirrored(card); caption = layout.mirrored(caption); done = layout.mirrored(done)
        total = layout.mirrored(total); seatLines = seatLines.map { layout.mirrored($0) }
        title = layout.mirrored(title); codeLabel = layout.mirrored(codeLabel); code = layout.mirrored(code)
    }
}
