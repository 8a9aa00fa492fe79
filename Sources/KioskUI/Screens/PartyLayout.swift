import Geometry

/// Where the party controls go (party size first), px: a panel under the header, the same
/// height whether it holds the picker — "How many seats?" and one button per size — until a
/// size is picked, or the strip after — the party's chip (tap to change the size), Best seats
/// and the accessible filter — so the chart below never moves and no seat hides under it
/// (except where a tall picker would leave the chart less than half its room: there the strip
/// is one row and the open picker covers the chart's top).
///
/// Where the width allows, the picker's title sits left of one row of buttons (the panel is one
/// control high); else the title goes above as few balanced rows as fit. Buttons are 96 chrome
/// units (≥ 9.6 mm), 12 apart; the strip's three controls are centred in the panel.
struct PartyLayout: Equatable {
    /// The panel under the header (the chart's safe area starts below it).
    let strip: Rect
    /// The party's chip, Best seats and the accessible filter, in reading order in the strip
    /// (left to right; right to left where the chrome is, `KioskLayout.mirrored`).
    private(set) var change: Rect
    private(set) var bestSeats: Rect
    private(set) var accessible: Rect
    /// The open picker: the same panel, or a taller one over the chart's top where the strip
    /// keeps one row (`strip`); its title and its size buttons (1…max).
    let picker: Rect
    private(set) var pickerTitle: Rect
    private(set) var sizes: [Rect]

    /// - Parameter maxSize: the largest party (the order's maximum), at least 1.
    init(layout: KioskLayout, maxSize: Int) {
        let c = layout.chromeUnit, w = layout.size.width, top = layout.header.maxY
        let pad = 24 * c, gap = 16 * c, side = 96 * c, step = 12 * c
        let n = max(1, maxSize)
        let gridWidth = { (columns: Int) in Double(columns) * side + Double(columns - 1) * step }
        let titleBeside = w - 2 * pad - gridWidth(n) - 2 * gap
        let height: Double
        if titleBeside >= 360 * c {
            // One row: the title at the left, the buttons at the right.
            height = 120 * c
            pickerTitle = Rect(x: pad, y: top + 12 * c, width: titleBeside, height: side)
            let left = w - pad - gridWidth(n)
            sizes = (0..<n).map { Rect(x: left + Double($0) * (side + step), y: top + 12 * c, width: side, height: side) }
        } else {
            let fit = max(1, Int((w - 2 * pad + step) / (side + step)))
            let rows = (n + fit - 1) / fit, columns = (n + rows - 1) / rows
            pickerTitle = Rect(x: pad, y: top + 8 * c, width: w - 2 * pad, height: 56 * c)
            let gridTop = pickerTitle.maxY + 4 * c, left = (w - gridWidth(columns)) / 2
            sizes = (0..<n).map { i in
                Rect(x: left + Double(i % columns) * (side + step), y: gridTop + Double(i / columns) * (side + step), width: side, height: side)
            }
            height = (sizes.last?.maxY ?? gridTop) + 12 * c - top
        }
        picker = Rect(x: 0, y: top, width: w, height: height)
        // Chip, Best seats, filter: their preferred widths, shrunk together to fit the screen,
        // centred; where that is less than half (large text on a narrow panel) and the panel is
        // two controls high, the filter goes under the other two.
        let preferred = [320 * c, 340 * c, 440 * c]
        func row(_ widths: [Double], y: Double) -> [Rect] {
            let total = widths.reduce(0, +), gaps = Double(widths.count - 1) * gap
            let k = min(1, (w - 2 * pad - gaps) / total)
            var x = (w - total * k - gaps) / 2
            return widths.map { p in
                defer { x += p * k + gap }
                return Rect(x: x, y: y, width: p * k, height: side)
            }
        }
        let oneRowShare = (w - 2 * pad - 2 * gap) / preferred.reduce(0, +)
        // A picker taking more than half the chart's room (large text on a small landscape
        // panel: its title over two rows of sizes) leaves a strip of one row, so the chart
        // keeps the rest; the open picker covers the chart's top until a size is picked.
        let oneRow = oneRowShare >= 0.5 && height > 120 * c && height > 0.5 * layout.safeArea.height
        strip = oneRow ? Rect(x: 0, y: top, width: w, height: 120 * c) : picker
        let boxes: [Rect]
        if oneRowShare < 0.5, height >= 2 * side + 3 * step {
            let top = strip.midY - side - step / 2
            boxes = row(Array(preferred.prefix(2)), y: top) + row([preferred[2]], y: top + side + step)
        } else {
            boxes = row(preferred, y: strip.midY - side / 2)
        }
        change = boxes[0]; bestSeats = boxes[1]; accessible = boxes[2]
        // Right to left: the title at the right, "1" the rightmost size, the chip first from the right.
        change = layout.mirrored(change); bestSeats = layout.mirrored(bestSeats); accessible = layout.mirrored(accessible)
        pickerTitle = layout.mirrored(pickerTitle)
        sizes = sizes.map { layout.mirrored($0) }
    }
}
