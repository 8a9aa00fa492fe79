import Geometry

/// Where the cart's and the review's parts go, px: a light card (inset by the chrome's padding,
/// at most 1400 chrome units wide in landscape) with a title, one line per seat (two lines of
/// text: where the seat is, then its category and price; in the cart a remove control at the
/// line's right), the total, the hold's countdown with room for "More time", and two buttons.
/// Landscape puts the seats in a column at the left and the rest in a column at the right;
/// portrait stacks the seats over the total, the countdown row and the buttons (side by side
/// where they are wide enough, else one above the other). A landscape column too short for the
/// countdown and More time above the buttons (large text on a small panel) has them in a row
/// under the seats instead.
/// Every control is 96 chrome units (at least 9.6 mm); lines are 96 units with 8 between.
struct SeatListLayout {
    private(set) var card: Rect
    private(set) var title: Rect
    /// One box per seat line, top to bottom.
    private(set) var lines: [Rect]
    /// Where "+ N more" goes when there are more seats than lines: a short row under the last
    /// line when the column has room for one (`moreBelowLines`), else the last line itself.
    private(set) var moreLabel: Rect
    private(set) var moreBelowLines: Bool
    /// Within a line: the text (the part a tap flies to) and, in the cart, the remove control.
    let removeWidth: Double
    /// Between a line's text and its remove control, px.
    let gap: Double
    /// The card runs right to left: columns swapped, each line's remove control at its left.
    let rightToLeft: Bool
    private(set) var total: Rect
    private(set) var countdown: Rect
    private(set) var moreTime: Rect
    /// Close or Back.
    private(set) var secondary: Rect
    /// Buy Tickets or Confirm.
    private(set) var primary: Rect

    /// - Parameters:
    ///   - layout: the screen's chrome layout.
    ///   - removable: lines carry a remove control (the cart).
    init(layout: KioskLayout, removable: Bool) {
        let c = layout.chromeUnit, w = layout.size.width, h = layout.chromeArea.height
        let pad = 24 * c, control = 96 * c, step = 104 * c
        let cardWidth = layout.isPortrait ? w - 2 * pad : min(1400 * c, w - 2 * pad)
        // Inside the chrome's area (the reach band with low reach). The accessibility button
        // stays over the card at the header's trailing side (here, before mirroring, its right):
        // the title ends before it and what lies under it starts below it, so the seats keep
        // their lines; a title left too narrow beside it moves the whole card under its row, and
        // so does a portrait screen, which has height to spare (the button would sit across the
        // card's top edge).
        let keep = layout.mirrored(layout.accessibilityButton).insetBy(dx: -8 * c, dy: -8 * c)
        card = Rect(x: (w - cardWidth) / 2, y: layout.chromeArea.minY + pad, width: cardWidth, height: max(0, h - 2 * pad))
        if card.intersects(keep), layout.isPortrait || keep.minX - (card.minX + 40 * c) < Self.narrowestTitle * c {
            card = layout.clearOfAccessibilityButton(card)
        }
        let inner = card.insetBy(dx: 40 * c, dy: 32 * c)
        title = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: 72 * c)
        if title.intersects(keep) { title.size.width = keep.minX - title.minX }
        removeWidth = removable ? control : 0
        rightToLeft = layout.rightToLeft
        gap = 16 * c
        let under = title.maxY + 16 * c, meets = card.intersects(keep)
        /// Where a column from `x`, `width` wide, may start: under the title, and under the
        /// accessibility button where the column passes under it.
        func top(x: Double, width: Double) -> Double {
            meets && keep.minX < x + width && x < keep.maxX ? max(under, keep.maxY) : under
        }
        /// The seat lines from the column's top to `bottom`, and the "+ N more" box.
        func rows(x: Double, width: Double, bottom: Double) -> (lines: [Rect], more: Rect, below: Bool) {
            let first = top(x: x, width: width)
            let n = max(0, Int(((bottom - first + 8 * c) / step).rounded(.down)))
            let lines = (0..<n).map { Rect(x: x, y: first + Double($0) * step, width: width, height: control) }
            let next = first + Double(n) * step
            if bottom - next >= Self.moreLabelHeight * c {
                return (lines, Rect(x: x, y: next, width: width, height: Self.moreLabelHeight * c), true)
            }
            return (lines, lines.last ?? Rect(x: x, y: first, width: width, height: 0), false)
        }
        if layout.isPortrait {
            // The buttons side by side, or stacked (primary below) where half the width is too
            // narrow for "Confirm and pay" in a long language.
            let half = (inner.width - pad) / 2
            if half >= 440 * c {
                primary = Rect(x: inner.maxX - half, y: inner.maxY - control, width: half, height: control)
                secondary = Rect(x: inner.minX, y: primary.minY, width: half, height: control)
            } else {
                primary = Rect(x: inner.minX, y: inner.maxY - control, width: inner.width, height: control)
                secondary = Rect(x: inner.minX, y: primary.minY - 16 * c - control, width: inner.width, height: control)
            }
            let timeWidth = min(360 * c, half)
            moreTime = Rect(x: inner.maxX - timeWidth, y: secondary.minY - 24 * c - control, width: timeWidth, height: control)
            countdown = Rect(x: inner.minX, y: moreTime.minY, width: moreTime.minX - pad - inner.minX, height: control)
            total = Rect(x: inner.minX, y: countdown.minY - 12 * c - 64 * c, width: inner.width, height: 64 * c)
            (lines, moreLabel, moreBelowLines) = rows(x: inner.minX, width: inner.width, bottom: total.minY - 16 * c)
        } else {
            let column = min(520 * c, 0.4 * inner.width)
            let columnX = inner.maxX - column, linesWidth = columnX - 48 * c - inner.minX
            total = Rect(x: columnX, y: top(x: columnX, width: column), width: column, height: 64 * c)
            primary = Rect(x: columnX, y: inner.maxY - control, width: column, height: control)
            secondary = Rect(x: columnX, y: primary.minY - 16 * c - control, width: column, height: control)
            if secondary.minY - 16 * c >= total.maxY + (8 + 80 + 12) * c + control {
                countdown = Rect(x: columnX, y: total.maxY + 8 * c, width: column, height: 80 * c)
                moreTime = Rect(x: columnX, y: countdown.maxY + 12 * c, width: column, height: control)
                (lines, moreLabel, moreBelowLines) = rows(x: inner.minX, width: linesWidth, bottom: inner.maxY)
            } else {
                // A column too short for all of it (large text on a small panel): the countdown
                // and More time in a row under the seats, as in portrait.
                let timeWidth = min(360 * c, linesWidth / 2)
                moreTime = Rect(x: inner.minX + linesWidth - timeWidth, y: inner.maxY - control, width: timeWidth, height: control)
                countdown = Rect(x: inner.minX, y: moreTime.minY, width: moreTime.minX - pad - inner.minX, height: control)
                (lines, moreLabel, moreBelowLines) = rows(x: inner.minX, width: linesWidth, bottom: moreTime.minY - 16 * c)
            }
        }
        // Right to left: the seats' column at the right, the buttons' order and the countdown mirrored.
        card = layout.mirrored(card); title = layout.mirrored(title); lines = lines.map { layout.mirrored($0) }
        moreLabel = layout.mirrored(moreLabel)
        total = layout.mirrored(total); countdown = layout.mirrored(countdown); moreTime = layout.mirrored(moreTime)
        secondary = layout.mirrored(secondary); primary = layout.mirrored(primary)
    }

    /// Where the countdown is drawn: its own box, widened over More time's when that button
    /// is not offered and shares the countdown's row (so "Seats held for 9:59" stays on one
    /// line in the row under the seats).
    func countdownBox(moreTimeShown: Bool) -> Rect {
        guard !moreTimeShown, moreTime.minY == countdown.minY else { return countdown }
        return countdown.union(moreTime)
    }

    /// The narrowest title, chrome units, beside the accessibility button (about "Check your
    /// seats" at the title's 44 units; a longer one shrinks towards its floor).
    static let narrowestTitle = 480.0

    /// Line `k`'s text: its box less the remove control (at the line's end: right, or left
    /// right to left).
    func text(ofLine k: Int) -> Rect {
        let r = lines[k]
        guard removeWidth > 0 else { return r }
        let width = max(0, r.width - removeWidth - gap)
        return Rect(x: rightToLeft ? r.maxX - width : r.minX, y: r.minY, width: width, height: r.height)
    }

    /// Line `k`'s remove control (the cart's).
    func remove(ofLine k: Int) -> Rect {
        let r = lines[k]
        return Rect(x: rightToLeft ? r.minX : r.maxX - removeWidth, y: r.minY, width: removeWidth, height: r.height)
    }

    /// How many seats get a line of their own when there are `count`: all when they fit, else
    /// every line when "+ N more" has its own row under them, or one fewer (the last says it).
    func shown(of count: Int) -> Int {
        count <= lines.count ? count : moreBelowLines ? lines.count : max(0, lines.count - 1)
    }

    /// The "+ N more" row's height under the lines, chrome units (its text is 28 units).
    static let moreLabelHeight = 48.0
}
