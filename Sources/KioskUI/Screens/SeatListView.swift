import Geometry
import Raster

/// The cart and the review: a light card over the whole screen listing the visitor's seats
/// (where each is, its category and price; in the cart a remove control per line), the total,
/// the hold's countdown — urgent in the danger red with "More time" in its last minute — and
/// two buttons (Close and Buy Tickets in the cart, Back and Confirm on the review). Seats that
/// do not fit end in "+ N more". Laid out by `SeatListLayout`; every text through
/// `ChromePainter.draw(_:in:)`, so the layout tests see each box.
struct SeatListView {
    /// What the card shows at one instant (plain values: its difference is the damage).
    struct State: Equatable {
        enum Kind: Equatable { case cart, review }
        /// One seat: where it is ("Ring 1 · North 2 · Row 5 · Seat 7") and what it is ("Category 1 · €65.00").
        struct Line: Equatable {
            var place: String
            var detail: String
        }
        var kind: Kind
        var lines: [Line]
        var tickets: Int
        /// Minor units.
        var total: Int
        /// Whole seconds left on the hold (nil: not held yet).
        var secondsLeft: Int?
        /// "More time" is offered (the hold's last minute, the box office has not said no).
        var offersMoreTime: Bool
        /// Press scales: the primary and secondary buttons, More time, and the pressed remove control's line.
        var primaryScale = 1.0
        var secondaryScale = 1.0
        var moreTimeScale = 1.0
        var removeScale = 1.0
        var pressedRemove: Int?
    }

    let state: State
    let content: ScreenContent

    /// The countdown turns urgent at this many seconds left.
    static let urgentSeconds = 60

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let palette = painter.palette, layout = painter.layout, strings = content.strings, c = layout.chromeUnit
        let r = SeatListLayout(layout: layout, removable: state.kind == .cart)
        context.transform = .identity
        context.fill(Path(Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)), with: .solid(palette.headerBackground))
        context.fill(Path(roundedRect: r.card, cornerRadius: 28 * c), with: .solid(palette.card))
        func text(_ s: String, _ units: Double, floor: Double = 0, bold: Bool = false, lines: Int = 1, in box: Rect, color: Color) {
            painter.draw(ChromeText(s, units, floorUnits: floor, bold: bold, lines: lines, layout: layout), in: box, color: color, in: context)
        }
        text(state.kind == .cart ? strings.cartTitle : strings.reviewTitle, 44, floor: 30, bold: true, in: r.title, color: palette.cardText)
        let shown = r.shown(of: state.lines.count)
        for (k, line) in state.lines.prefix(shown).enumerated() {
            // In the cart a line is a control (a tap flies to the seat): outlined in high contrast.
            let control = r.text(ofLine: k)
            if state.kind == .cart { painter.outlineControl(control, cornerRadius: 16 * c, in: context) }
            let box = state.kind == .cart ? control.insetBy(dx: painter.outlineInset, dy: painter.outlineInset / 2) : control
            // Large text: where the seat is may take two lines (it would not fit one beside the
            // remove control on small panels), so its part of the line is larger.
            let large = layout.chromeScale > 1
            let upper = Rect(x: box.minX, y: box.minY, width: box.width, height: box.height * (large ? 0.64 : 0.52))
            let lower = Rect(x: box.minX, y: upper.maxY, width: box.width, height: box.height - upper.height)
            text(line.place, 28, floor: 22, bold: true, lines: large ? 2 : 1, in: upper, color: palette.cardText)
            text(line.detail, 26, floor: 20, in: lower, color: palette.cardSecondaryText)
            if state.kind == .cart {
                let remove = r.remove(ofLine: k)
                let scale = state.pressedRemove == k ? state.removeScale : 1
                painter.withScale(scale, centre: remove.center, in: context) {
                    painter.fillControl(remove, cornerRadius: 20 * c, color: palette.cardControl, in: context)
                    drawCross(in: remove.insetBy(dx: 30 * c, dy: 30 * c), color: palette.cardText, width: 6 * c, in: context)
                }
            }
        }
        if shown < state.lines.count {
            text(strings.counted(\.moreSeats, state.lines.count - shown), 28, bold: true, in: r.moreLabel,
                 color: palette.cardSecondaryText)
        }
        text(content.ticketsAndTotal(state.tickets, total: state.total), 36, floor: 24, bold: true, in: r.total, color: palette.cardText)
        if let left = state.secondsLeft {
            let time = SessionSnapshot.countdownText(left)
            let urgent = left <= Self.urgentSeconds
            text(KioskStrings.fill(urgent ? strings.holdRunningOut : strings.seatsHeldFor, ("time", time)), 28, floor: 20,
                 bold: urgent, lines: 2, in: r.countdownBox(moreTimeShown: state.offersMoreTime), color: urgent ? palette.danger : palette.cardSecondaryText)
        }
        if state.offersMoreTime {
            painter.drawButton(in: r.moreTime, title: strings.moreTime, enabled: true, scale: state.moreTimeScale, in: context)
        }
        let (secondary, primary) = state.kind == .cart ? (strings.closeButton, strings.buyTickets) : (strings.backButton, strings.confirmButton)
        // The way back is quieter than the way forward: dark text on the card's control grey.
        painter.withScale(state.secondaryScale, centre: r.secondary.center, in: context) {
            painter.fillControl(r.secondary, cornerRadius: 20 * c, color: palette.cardControl, in: context)
            painter.draw(ChromeText(secondary, 34, floorUnits: 24, bold: true, centered: true, layout: layout),
                         in: r.secondary.insetBy(dx: 20 * c, dy: 8 * c), color: palette.cardText, in: context)
        }
        painter.drawButton(in: r.primary, title: primary, enabled: true, scale: state.primaryScale, in: context)
    }

    /// The remove control's ✕.
    private func drawCross(in r: Rect, color: Color, width: Double, in context: DrawingContext) {
        var path = Path()
        path.move(to: Point(x: r.minX, y: r.minY)); path.addLine(to: Point(x: r.maxX, y: r.maxY))
        path.move(to: Point(x: r.maxX, y: r.minY)); path.addLine(to: Point(x: r.minX, y: r.maxY))
        context.stroke(path, with: .solid(color), style: StrokeStyle(lineWidth: width, lineCap: .round))
    }
}
