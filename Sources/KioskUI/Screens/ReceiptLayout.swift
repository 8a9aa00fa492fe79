import Geometry

/// Where the receipt screen's parts go, px: a light card over the whole screen (inset by the
/// chrome's padding) holding the title, the order code, the seats, the total, Done and the QR
/// code with its caption. Landscape puts the QR code in a column at the card's right, the text
/// in a column at its left and Done under the text; portrait stacks title, code, QR code,
/// seats, total and a full-width Done. Sizes are in the layout's chrome units, so the QR code
/// keeps its proportion to the text (420 units, or 45 mm on a panel where that is more), and at
/// least 25 mm on the panel (`QRCodeView.modulePixels`); Done is at least 9.6 mm.
///
/// Where that arrangement has fewer seat lines than the order has seats (large text, a 7"
/// panel, a party of six), the receipt is compact (`init(compact:…)`): tighter margins,
/// the seats listed under a heading per section, one short entry each (row and seat) in as
/// many columns as fit. Only when neither shows every seat does the last line count the rest.
struct ReceiptLayout {
    private(set) var card: Rect
    /// The title ("You've bought 3 tickets."), up to two lines.
    private(set) var title: Rect
    /// "Order code" and the code itself, in large type.
    private(set) var codeLabel: Rect
    private(set) var code: Rect
    /// The QR code's top-left corner (quiet zone included), whole device px, and its module size.
    private(set) var qrOrigin: (x: Int, y: Int) = (0, 0)
    private(set) var modulePixels: Int
    /// The QR code's side with its quiet zone, px.
    private(set) var qrSide: Double
    /// The QR code's box before it is placed on whole px.
    private var qrBox = Rect.zero
    /// Under the QR code: what it is for.
    private(set) var caption: Rect
    /// Room for this many seats, in the order's order: a whole line each (the view puts
    /// "+ N more" in the last one when there are more seats than lines), or with `grouped` an
    /// entry each under its section's heading.
    private(set) var seatLines: [Rect]
    /// The seats are listed by section: `headings[g]` names section group g, `seatLines` are
    /// the entries (row and seat) of every group in turn. Empty: a whole line per seat.
    private(set) var headings: [Rect] = []
    var grouped: Bool { !headings.isEmpty }
    private(set) var total: Rect
    private(set) var done: Rect

    /// - Parameters:
    ///   - layout: the screen's chrome layout (size, chrome unit, density).
    ///   - modules: the QR code's modules a side, quiet zone included (0: no code).
    ///   - sections: the order's seats per section, in the order's order (consecutive seats of
    ///     one section are one group); their sum is the number of seats.
    ///   - entryWidth: the widest compact entry's text, px: no column is narrower.
    init(layout: KioskLayout, modules: Int, sections: [Int] = [], entryWidth: Double = 0) {
        // The accessibility button stays at the header's place over the receipt: the QR code's
        // column starts under it, text beside it ends before it; where that still meets it (a
        // button lowered into the reach band), the whole card starts under its row.
        let keep = layout.mirrored(layout.accessibilityButton.insetBy(dx: -8 * layout.chromeUnit, dy: -8 * layout.chromeUnit))
        let area = layout.chromeArea
        var r = Self.arranged(layout, area: area, keep: keep, modules: modules, sections: sections, entryWidth: entryWidth)
        if r.meets(keep), keep.maxY < area.maxY {
            let below = Rect(x: area.minX, y: keep.maxY, width: area.width, height: area.maxY - keep.maxY)
            r = Self.arranged(layout, area: below, keep: keep, modules: modules, sections: sections, entryWidth: entryWidth)
        }
        r.mirror(for: layout)
        self = r
    }

    /// The roomy arrangement in `area`, or the compact one where that shows more seats.
    private static func arranged(_ layout: KioskLayout, area: Rect, keep: Rect, modules: Int, sections: [Int],
                                 entryWidth: Double) -> Self {
        let roomy = Self(standard: layout, area: area, keep: keep, modules: modules)
        guard sections.reduce(0, +) > roomy.seatLines.count,
              let compact = Self(compact: layout, area: area, keep: keep, modules: modules, sections: sections,
                                 entryWidth: entryWidth) else { return roomy }
        return compact
    }

    /// Whether any part of the receipt (left to right, before mirroring) meets `r`.
    private func meets(_ r: Rect) -> Bool {
        let qr = Rect(x: qrBox.minX, y: qrBox.minY, width: qrSide, height: qrSide)
        return ([title, codeLabel, code, qr, caption, total, done] + seatLines + headings).contains { $0.width > 0 && $0.intersects(r) }
    }

    /// `r` ending before `keep` where they share rows (text beside the accessibility button).
    private static func beside(_ r: Rect, _ keep: Rect) -> Rect {
        guard r.intersects(keep), keep.minX > r.minX else { return r }
        return Rect(x: r.minX, y: r.minY, width: keep.minX - r.minX, height: r.height)
    }

    /// The top of a column spanning `minX`…`maxX` from `top`: under `keep` where they share columns.
    private static func top(_ top: Double, minX: Double, maxX: Double, _ keep: Rect) -> Double {
        keep.maxX > minX && keep.minX < maxX && keep.maxY > top ? max(top, keep.maxY) : top
    }

    /// The roomy arrangement (left to right).
    private init(standard layout: KioskLayout, area: Rect, keep: Rect, modules: Int) {
        let c = layout.chromeUnit, w = layout.size.width, h = area.height
        let pad = 24 * c
        // Inside the chrome's area: the reach band with low reach.
        card = Rect(x: pad, y: area.minY + pad, width: max(0, w - 2 * pad), height: max(0, h - 2 * pad))
        let content = card.insetBy(dx: 40 * c, dy: 40 * c)
        let captionHeight = 76 * c, lineHeight = 46 * c
        // The text column from its top: title, code label, code; what stays below is for the
        // seats, the total and Done.
        func textColumn(x: Double, width: Double, top: Double) -> (title: Rect, label: Rect, code: Rect) {
            let title = Rect(x: x, y: top, width: width, height: 120 * c)
            let label = Rect(x: x, y: title.maxY + 16 * c, width: width, height: 40 * c)
            return (title, label, Rect(x: x, y: label.maxY, width: width, height: 88 * c))
        }
        let qrTop: Double, qrLeft: Double
        let text: (title: Rect, label: Rect, code: Rect)
        let totalHeight = 64 * c, control = 96 * c
        if h > w {
            let column = textColumn(x: content.minX, width: content.width, top: content.minY)
            text = (Self.beside(column.title, keep), Self.beside(column.label, keep), Self.beside(column.code, keep))
            qrTop = text.code.maxY + 20 * c
            // No larger than leaves the caption, the total and Done their room (large text on a
            // small portrait panel: the seats' lines may be gone, the QR code stays ≥ 25 mm).
            let room = content.maxY - control - 24 * c - totalHeight - 32 * c - captionHeight - 8 * c - qrTop
            (modulePixels, qrSide) = Self.qrSize(layout, modules, fitting: min(content.width, 0.4 * content.height, room))
            qrLeft = content.midX - qrSide / 2
            caption = Rect(x: content.minX, y: qrTop + qrSide + 8 * c, width: content.width, height: captionHeight)
            done = Rect(x: content.minX, y: content.maxY - control, width: content.width, height: control)
            total = Rect(x: content.minX, y: done.minY - 24 * c - totalHeight, width: content.width, height: totalHeight)
            seatLines = Self.lines(x: content.minX, width: content.width, from: caption.maxY + 20 * c, to: total.minY - 12 * c,
                                   height: lineHeight)
        } else {
            // A card too short for the text column's title, code, total and Done (large text on
            // a 7" panel) puts Done under the QR code's caption.
            let doneBeside = (120 + 16 + 40 + 88 + 20 + 64 + 24 + 96) * c > content.height
            let underCode = doneBeside ? 16 * c + control : 0
            let columnTop = Self.top(content.minY, minX: content.maxX - 360 * c, maxX: content.maxX, keep)
            let columnHeight = content.maxY - columnTop
            (modulePixels, qrSide) = Self.qrSize(layout, modules,
                                                 fitting: min(columnHeight - captionHeight - 8 * c - underCode, 0.45 * content.width))
            let column = max(qrSide, 360 * c)
            let columnX = content.maxX - column
            qrLeft = columnX + (column - qrSide) / 2
            qrTop = columnTop + (columnHeight - qrSide - 8 * c - captionHeight - underCode) / 2
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
            seatLines = Self.lines(x: content.minX, width: textWidth, from: text.code.maxY + 20 * c, to: total.minY - 12 * c,
                                   height: lineHeight)
        }
        (title, codeLabel, code) = text
        qrBox = Rect(x: qrLeft, y: qrTop, width: qrSide, height: qrSide)
    }

    /// The compact arrangement (left to right), nil when it does not show every seat either.
    /// Margins are half the roomy ones. Landscape: the QR code, its caption and Done in a
    /// column at the right; title, code, seats and total at the left. Portrait: title and code
    /// at the top, then the seats, the total, and the QR code at the bottom with its caption
    /// and Done beside it. The title gets two lines where the seats leave room, else one.
    private init?(compact layout: KioskLayout, area: Rect, keep: Rect, modules: Int, sections: [Int], entryWidth: Double) {
        let c = layout.chromeUnit, w = layout.size.width, h = area.height
        let pad = 12 * c, control = 96 * c, totalHeight = 56 * c
        card = Rect(x: pad, y: area.minY + pad, width: max(0, w - 2 * pad), height: max(0, h - 2 * pad))
        let content = card.insetBy(dx: 24 * c, dy: 24 * c)
        let textX: Double, textWidth: Double, seatsBottom: Double
        if h > w {
            // The bottom block: the QR code at the leading side, its caption over Done beside it.
            let besideLeast = 200 * c, captionHeight = 88 * c
            (modulePixels, qrSide) = Self.qrSize(layout, modules,
                                                 fitting: min(content.width - 24 * c - besideLeast, 0.3 * content.height))
            let block = max(qrSide, captionHeight + 16 * c + control)
            let beside = Rect(x: content.minX + qrSide + 24 * c, y: content.maxY - block,
                              width: max(0, content.maxX - content.minX - qrSide - 24 * c), height: block)
            qrBox = Rect(x: content.minX, y: beside.minY + (block - qrSide) / 2, width: qrSide, height: qrSide)
            done = Rect(x: beside.minX, y: beside.maxY - control, width: beside.width, height: control)
            caption = Rect(x: beside.minX, y: beside.minY, width: beside.width, height: done.minY - 16 * c - beside.minY)
            total = Rect(x: content.minX, y: beside.minY - 16 * c - totalHeight, width: content.width, height: totalHeight)
            (textX, textWidth) = (content.minX, content.width)
        } else {
            let captionHeight = 60 * c
            let columnTop = Self.top(content.minY, minX: content.maxX - 280 * c, maxX: content.maxX, keep)
            let columnHeight = content.maxY - columnTop
            (modulePixels, qrSide) = Self.qrSize(layout, modules, fitting: min(columnHeight - 8 * c - captionHeight - 8 * c - control,
                                                                             0.4 * content.width))
            let column = max(qrSide, 280 * c), columnX = content.maxX - column
            let top = columnTop + (columnHeight - (qrSide + 8 * c + captionHeight + 8 * c + control)) / 2
            qrBox = Rect(x: columnX + (column - qrSide) / 2, y: top, width: qrSide, height: qrSide)
            caption = Rect(x: columnX, y: qrBox.maxY + 8 * c, width: column, height: captionHeight)
            let doneWidth = min(360 * c, column)
            done = Rect(x: columnX + (column - doneWidth) / 2, y: caption.maxY + 8 * c, width: doneWidth, height: control)
            (textX, textWidth) = (content.minX, max(0, columnX - 40 * c - content.minX))
            total = Rect(x: textX, y: content.maxY - totalHeight, width: textWidth, height: totalHeight)
        }
        seatsBottom = total.minY - 12 * c
        for titleHeight in [100 * c, 60 * c] {
            title = Self.beside(Rect(x: textX, y: content.minY, width: textWidth, height: titleHeight), keep)
            codeLabel = Self.beside(Rect(x: textX, y: title.maxY + 8 * c, width: textWidth, height: 36 * c), keep)
            code = Self.beside(Rect(x: textX, y: codeLabel.maxY, width: textWidth, height: 64 * c), keep)
            if let flow = Self.flow(sections, x: textX, width: textWidth, from: code.maxY + 16 * c, to: seatsBottom, unit: c,
                                     least: entryWidth) {
                (headings, seatLines) = flow
                return
            }
        }
        return nil
    }

    /// The seats listed by section between `top` and `bottom`: each section's heading across
    /// the width, then its seats' entries (row and seat) in rows of as many columns of at
    /// least 220 chrome units (and `least` px) as the width holds, reading order; nil when they
    /// do not all fit.
    static func flow(_ sections: [Int], x: Double, width: Double, from top: Double, to bottom: Double,
                     unit c: Double, least: Double = 0) -> (headings: [Rect], entries: [Rect])? {
        let line = 40 * c, gap = 24 * c
        let columns = max(1, Int(((width + gap) / (max(220 * c, least) + gap)).rounded(.down)))
        let entryWidth = (width - Double(columns - 1) * gap) / Double(columns)
        var headings: [Rect] = [], entries: [Rect] = [], y = top
        for (g, count) in sections.enumerated() {
            if g > 0 { y += 8 * c }
            headings.append(Rect(x: x, y: y, width: width, height: line))
            y += line
            for k in 0..<count {
                let row = Double(k / columns), column = Double(k % columns)
                entries.append(Rect(x: x + column * (entryWidth + gap), y: y + row * line, width: entryWidth, height: line))
            }
            y += Double((count + columns - 1) / columns) * line
        }
        return y <= bottom + 1e-9 && !sections.isEmpty ? (headings, entries) : nil
    }

    /// The QR code's module size and side (quiet zone included) for `modules` a side fitting `box`:
    /// 420 chrome units or 45 mm where that is more, never under 25 mm where the box allows.
    static func qrSize(_ layout: KioskLayout, _ modules: Int, fitting box: Double) -> (Int, Double) {
        guard modules > 0 else { return (0, 0) }
        let ppm = layout.pixelsPerMillimetre
        let preferred = max(420 * layout.chromeUnit, 45 * ppm)
        let m = QRCodeView.modulePixels(modules: modules, pixelsPerMillimetre: ppm, preferred: preferred, fitting: box)
        return (m, Double(m * modules))
    }

    /// As many lines of `height` as fit from `top` to `bottom`, one under the other.
    static func lines(x: Double, width: Double, from top: Double, to bottom: Double, height: Double) -> [Rect] {
        let count = max(0, Int(((bottom - top) / height).rounded(.down)))
        return (0..<count).map { Rect(x: x, y: top + Double($0) * height, width: width, height: height) }
    }

    /// Right to left: the text column at the right, the QR code's column at the left (the code
    /// itself is never mirrored: it is read by a phone).
    private mutating func mirror(for layout: KioskLayout) {
        let qr = layout.mirrored(qrBox)
        qrOrigin = (Int(qr.minX.rounded(.down)), Int(qr.minY.rounded(.down)))
        card = layout.mirrored(card); caption = layout.mirrored(caption); done = layout.mirrored(done)
        total = layout.mirrored(total); seatLines = seatLines.map { layout.mirrored($0) }; headings = headings.map { layout.mirrored($0) }
        title = layout.mirrored(title); codeLabel = layout.mirrored(codeLabel); code = layout.mirrored(code)
    }
}
