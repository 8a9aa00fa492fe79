import Geometry
import Raster

/// The bottom bar: the legend (categories with prices, other statuses) or its toggle
/// (`LegendView`), the tickets and total, the hold's countdown, the standalone note and Buy
/// Tickets, in `KioskLayout`'s boxes.
struct BottomBarView {
    let bar: SessionSnapshot.Bar
    let holdSecondsLeft: Int?
    let content: ScreenContent

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette
        context.transform = .identity
        context.fill(Path(layout.bottomBar), with: .solid(palette.barBackground))
        LegendView(content: content, open: bar.legendOpen, toggleScale: bar.legendScale).drawInBar(with: painter, in: context)

        let strings = content.strings
        if bar.tickets == 0 {
            painter.draw(ChromeText(strings.noSeatsChosen, 28, floorUnits: 22, layout: layout), in: layout.totalBox,
                         color: palette.secondaryText, in: context)
        } else {
            painter.draw(ChromeText(content.ticketsAndTotal(bar.tickets, total: bar.total), 30, floorUnits: 22, bold: true,
                                    layout: layout), in: layout.totalBox, color: palette.text, in: context)
        }
        if bar.reconnecting {
            painter.draw(ChromeText(strings.reconnecting, 22, floorUnits: 20, lines: 2, layout: layout),
                         in: layout.noteBox, color: palette.note, in: context)
        } else if let left = holdSecondsLeft {
            // The last minute is urgent: other words, bold, in the note's amber.
            let urgent = left <= SeatListView.urgentSeconds
            let text = KioskStrings.fill(urgent ? strings.holdRunningOut : strings.seatsHeldFor, ("time", SessionSnapshot.countdownText(left)))
            painter.draw(ChromeText(text, 24, floorUnits: 20, bold: urgent, lines: 2, layout: layout), in: layout.noteBox,
                         color: urgent ? palette.note : palette.secondaryText, in: context)
        } else if !content.boxOfficeConfigured {
            painter.draw(ChromeText(strings.purchasesUnavailable, 22, floorUnits: 20, lines: 2, layout: layout),
                         in: layout.noteBox, color: palette.note, in: context)
        }
        painter.drawButton(in: layout.buy, title: strings.buyTickets, enabled: bar.canBuy, scale: bar.buyScale, in: context)
    }
}
