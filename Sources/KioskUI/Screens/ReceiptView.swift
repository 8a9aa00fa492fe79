import Geometry
import QRCode
import Raster

/// The receipt screen: the whole surface, a light card with the order code in large type, the
/// seats bought (as many as fit, then "+ N more"), the total, Done, and the order code as a QR
/// code for the visitor's phone. Laid out by `ReceiptLayout`; every text through
/// `ChromePainter.draw(_:in:)`, so the layout tests see each box.
struct ReceiptView {
    let receipt: Receipt
    /// Done's press scale (1 at rest).
    let doneScale: Double
    let content: ScreenContent

    /// The receipt's layout on `layout`'s screen (the QR code's size depends on the code; the
    /// compact entries' columns on how wide `text` draws the widest "Row · Seat" entry).
    static func layout(for receipt: Receipt, on layout: KioskLayout, strings: KioskStrings, text: TextRendererBox) -> ReceiptLayout {
        let modules = (try? receipt.symbol.get())?.sizeWithQuietZone ?? 0
        return ReceiptLayout(layout: layout, modules: modules, sections: receipt.sections.map(\.count),
                             entryWidth: widestEntry(receipt, strings: strings, layout: layout, text: text))
    }

    /// A compact entry's text ("Row 5 · Seat 7").
    static func entry(_ seat: Receipt.Seat, _ strings: KioskStrings) -> String {
        KioskStrings.fill(strings.rowAndSeat, ("row", seat.row), ("seat", seat.seat))
    }

    /// The widest compact entry on one line at its preferred size, px (0 without fonts): a
    /// longer language (the pseudo-locale, German) gets fewer, wider columns rather than cut entries.
    static func widestEntry(_ receipt: Receipt, strings: KioskStrings, layout: KioskLayout, text: TextRendererBox) -> Double {
        guard let renderer = text.renderer else { return 0 }
        let size = ChromeText("", entryUnits, layout: layout).size
        return receipt.seats.reduce(0) { widest, seat in
            max(widest, renderer.layout(entry(seat, strings), fontSize: size, options: .init(wraps: false), fonts: text.regular).size.width)
        }
    }

    /// A seat line's and a compact entry's type size, chrome units.
    static let entryUnits = 30.0

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let palette = painter.palette, layout = painter.layout, strings = content.strings
        let r = Self.layout(for: receipt, on: layout, strings: strings, text: painter.text)
        context.transform = .identity
        context.fill(Path(Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)), with: .solid(palette.headerBackground))
        context.fill(Path(roundedRect: r.card, cornerRadius: 28 * layout.chromeUnit), with: .solid(palette.card))
        func text(_ s: String, _ units: Double, floor: Double = 0, bold: Bool = false, lines: Int = 1, centered: Bool = false,
                  in box: Rect, color: Color) {
            painter.draw(ChromeText(s, units, floorUnits: floor, bold: bold, lines: lines, centered: centered, layout: layout),
                         in: box, color: color, in: context)
        }
        // Portrait centres the text, but not the compact receipt's seats and the text above them.
        let centred = layout.isPortrait && !r.grouped
        text(strings.bought(receipt.seats.count), 44, floor: 30, bold: true, lines: 2, centered: centred, in: r.title,
             color: palette.cardText)
        text(strings.orderCode, 26, centered: centred, in: r.codeLabel, color: palette.cardSecondaryText)
        text(receipt.orderCode, 64, floor: 20, bold: true, centered: centred, in: r.code, color: palette.cardText)
        // As many seats as there are lines; when they do not all fit, the last line counts the rest.
        let seats = receipt.seats, lines = r.seatLines
        let shown = Self.shownSeats(receipt, in: r)
        if r.grouped {
            // Compact: each section's name over its seats' rows and numbers.
            for (g, section) in receipt.sections.enumerated() {
                text(section.name, 30, bold: true, in: r.headings[g], color: palette.cardText)
            }
            for (k, seat) in seats.enumerated() {
                text(Self.entry(seat, strings), Self.entryUnits, in: lines[k], color: palette.cardText)
            }
        } else {
            for (k, seat) in seats.prefix(shown).enumerated() {
                text(Self.place(seat, strings), Self.entryUnits, centered: centred, in: lines[k], color: palette.cardText)
            }
        }
        if shown < seats.count, let last = lines.last {
            text(strings.counted(\.moreSeats, seats.count - shown), 30, bold: true, centered: centred,
                 in: last, color: palette.cardSecondaryText)
        }
        // Portrait: the total right under the seats rather than down by Done.
        let used = shown < seats.count ? shown + 1 : shown
        var totalBox = r.total
        if centred, !r.grouped, used < lines.count { totalBox.origin.y = lines[used].minY + 12 * layout.chromeUnit }
        let total = content.money(receipt.total, currency: receipt.currency)
        text(KioskStrings.fill(strings.receiptTotal, ("total", total)), 36, floor: 26, bold: true, centered: centred, in: totalBox,
             color: palette.cardText)
        if case .success(let code) = receipt.symbol {
            QRCodeView(code: code, origin: r.qrOrigin, modulePixels: r.modulePixels).draw(in: context)
            text(strings.scanOrderCode, 24, lines: 2, centered: true, in: r.caption, color: palette.cardSecondaryText)
        }
        painter.drawButton(in: r.done, title: strings.doneButton, enabled: true, scale: doneScale, in: context)
    }

    /// How many of the receipt's seats `r` shows (in full, or as an entry under its section):
    /// all when they fit, else one line fewer than there are (the last counts the rest).
    static func shownSeats(_ receipt: Receipt, in r: ReceiptLayout) -> Int {
        receipt.seats.count <= r.seatLines.count ? receipt.seats.count : max(0, r.seatLines.count - 1)
    }

    /// Where `seat` is, in one line ("Ring 1 · North 2 · Row 5 · Seat 7").
    static func place(_ seat: Receipt.Seat, _ strings: KioskStrings) -> String {
        KioskStrings.fill(strings.receiptSeat, ("section", seat.section), ("row", seat.row), ("seat", seat.seat))
    }
}
