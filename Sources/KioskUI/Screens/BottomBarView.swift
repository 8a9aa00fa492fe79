import Geometry
import Raster

/// The bottom bar: the legend (categories with prices, taken, wheelchair), the tickets and
/// total, the hold's countdown, the standalone note and Buy Tickets.
struct BottomBarView {
    let bar: SessionSnapshot.Bar
    let holdSecondsLeft: Int?
    let content: ScreenContent
    /// The seat colours of the legend's swatches (the chart's own).
    let chart: ChartRenderer

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette
        let u = layout.u
        context.transform = .identity
        context.fill(Path(layout.bottomBar), with: .solid(palette.barBackground))
        drawLegend(with: painter, in: context)

        // Summary: tickets and total, the hold's countdown.
        let s = layout.summaryOrigin
        if bar.tickets == 0 {
            painter.drawText("No seats chosen yet", size: 28 * u, color: palette.secondaryText, x: s.x, baseline: s.y, in: context)
        } else {
            painter.drawText(content.ticketsAndTotal(bar.tickets, total: bar.total),
                             bold: true, size: 30 * u, color: palette.text, x: s.x, baseline: s.y, in: context)
        }
        if let left = holdSecondsLeft {
            painter.drawText("Seats held for \(SessionSnapshot.countdownText(left))", size: 24 * u,
                             color: left <= 60 ? palette.note : palette.secondaryText, x: s.x, baseline: s.y + 38 * u, in: context)
        }
        if !content.boxOfficeConfigured {
            painter.drawText("Purchases unavailable: no box office connected", size: 22 * u, color: palette.note,
                             x: layout.noteOrigin.x, baseline: layout.noteOrigin.y,
                             maxWidth: layout.isPortrait ? nil : layout.buy.minX - layout.noteOrigin.x - 20 * u, in: context)
        }
        painter.drawButton(in: layout.buy, title: "Buy Tickets", enabled: bar.canBuy, scale: bar.buyScale, in: context)
    }

    /// Up to four categories, then taken and wheelchair, as many as the layout has places for.
    private func drawLegend(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette
        let u = layout.u, origins = layout.legendOrigins
        let swatch = 30 * u
        var k = 0
        for entry in content.legend where k < origins.count - 2 {
            let o = origins[k]
            let box = Rect(x: o.x, y: o.y, width: swatch, height: swatch)
            context.fill(Path(roundedRect: box, cornerRadius: 6 * u), with: .solid(chart.availableSeat))
            context.stroke(Path(roundedRect: box.insetBy(dx: 2 * u, dy: 2 * u), cornerRadius: 5 * u),
                           with: .solid(entry.color), style: StrokeStyle(lineWidth: 4 * u))
            painter.drawText(entry.label, size: 22 * u, color: palette.text, x: o.x + swatch + 12 * u, baseline: o.y + 23 * u,
                             maxWidth: layout.legendItemWidth - swatch - 24 * u, in: context)
            k += 1
        }
        if k < origins.count {
            let o = origins[k]
            context.fill(Path(roundedRect: Rect(x: o.x, y: o.y, width: swatch, height: swatch), cornerRadius: 6 * u),
                         with: .solid(chart.unavailableSeat))
            painter.drawText("Sold or held", size: 22 * u, color: palette.text, x: o.x + swatch + 12 * u, baseline: o.y + 23 * u,
                             in: context)
            k += 1
        }
        if k < origins.count {
            let o = origins[k]
            let box = Rect(x: o.x, y: o.y, width: swatch, height: swatch)
            context.fill(Path(roundedRect: box, cornerRadius: 6 * u), with: .solid(chart.availableSeat))
            painter.drawWheelchair(in: box.insetBy(dx: 4 * u, dy: 4 * u), color: palette.wheelchair, lineWidth: 2.5 * u, in: context)
            painter.drawText("Wheelchair space", size: 22 * u, color: palette.text, x: o.x + swatch + 12 * u, baseline: o.y + 23 * u,
                             in: context)
        }
    }
}
