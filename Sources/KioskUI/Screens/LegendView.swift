import Geometry
import Raster

/// The legend: each entry's swatch (the map's own drawing of the status: colour and
/// non-colour cue) and label. In the bar where there is room; where the legend folds
/// (`KioskLayout.legendFolds`), a toggle in the bar and, while open, a panel over the chart on
/// the bar's top edge with entries 9.6 mm or more high (each is a control: a tap highlights it).
struct LegendView {
    let content: ScreenContent
    /// Whether the folded legend's panel is open.
    let open: Bool
    /// The toggle's press scale (1 at rest).
    let toggleScale: Double

    /// The bar's part: the entries, or the toggle where the legend folds.
    func drawInBar(with painter: ChromePainter, in context: DrawingContext) {
        if painter.layout.legendFolds {
            drawToggle(with: painter, in: context)
        } else {
            drawEntries(lines: 2, with: painter, in: context)
        }
    }

    /// The open panel over the chart; nothing while closed or where the legend does not fold.
    func drawPanel(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, c = layout.chromeUnit
        guard layout.legendFolds, open else { return }
        let panel = layout.legendPanel, radius = 20 * c
        context.transform = .identity
        // Rounded on top; square where it meets the bar.
        context.fill(Path(roundedRect: panel, cornerRadius: radius), with: .solid(painter.palette.barBackground))
        context.fill(Path(Rect(x: panel.minX, y: panel.maxY - radius, width: panel.width, height: radius)),
                     with: .solid(painter.palette.barBackground))
        // Three lines in 96-unit entries, four in a narrow portrait's taller ones.
        let tall = (layout.legendCells.first?.height ?? 0) >= 128 * c - 0.5
        drawEntries(lines: tall ? 4 : 3, with: painter, in: context)
    }

    /// The map's looks as the legend shows them: marked by shape in the high-contrast theme,
    /// as the map's seats are (`MapStyle.seatShapes`).
    private func map(_ painter: ChromePainter) -> MapStyle { content.map.shaped(painter.palette.isHighContrast) }

    private func drawEntries(lines: Int, with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, c = layout.chromeUnit, swatch = 32 * c
        // High contrast: each entry (a control: a tap highlights its seats) outlined 4 units
        // inside its cell, so neighbours' outlines stay apart, its swatch and label inside that.
        let outlined = painter.outlineInset > 0, apart = outlined ? 4 * c : 0
        for (entry, cell) in zip(content.legend, layout.legendCells) {
            context.transform = .identity
            let frame = cell.insetBy(dx: apart, dy: apart)
            painter.outlineControl(frame, cornerRadius: 16 * c, in: context)
            // The swatch first in reading order: at the cell's left, or its right right to left.
            let leading = Rect(x: cell.minX + (outlined ? apart + painter.outlineInset : 0), y: cell.midY - swatch / 2,
                               width: swatch, height: swatch)
            let box = layout.mirrored(leading, within: cell)
            map(painter).drawLegendSwatch(entry.status, in: box, into: context)
            // Wrapped rather than cut; clear of the outline's 3 units above and below.
            let rows = frame.insetBy(dx: 0, dy: outlined ? 4 * c : 0)
            let label = layout.mirrored(Rect(x: leading.maxX + 12 * c, y: rows.minY, width: max(0, cell.maxX - 14 * c - leading.maxX - 12 * c),
                                             height: rows.height), within: cell)
            painter.draw(ChromeText(entry.label, 22, floorUnits: 20, lines: lines, layout: layout), in: label,
                         color: painter.palette.text, in: context)
        }
    }

    /// The toggle: an outlined button with the first four entries' swatches and its label,
    /// filled lighter while the panel is open.
    private func drawToggle(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette, c = layout.chromeUnit, r = layout.legendToggle
        context.transform = .identity
        painter.withScale(toggleScale, centre: r.center, in: context) {
            let shape = Path(roundedRect: r, cornerRadius: 20 * c)
            context.fill(shape, with: .solid(open ? palette.toggleOn : palette.barBackground))
            if palette.controlBorder == nil {
                context.stroke(shape, with: .solid(palette.secondaryText), style: StrokeStyle(lineWidth: 2 * c))
            } else {
                painter.outlineControl(r, cornerRadius: 20 * c, in: context)
            }
            let s = 18 * c, gap = 4 * c, grid = Rect(x: r.minX + 16 * c, y: r.midY - s - gap / 2, width: 2 * s + gap, height: 2 * s + gap)
            for (k, entry) in content.legend.prefix(4).enumerated() {
                let box = Rect(x: grid.minX + Double(k % 2) * (s + gap), y: grid.minY + Double(k / 2) * (s + gap), width: s, height: s)
                map(painter).drawLegendSwatch(entry.status, in: layout.mirrored(box, within: r), into: context)
            }
            let label = layout.mirrored(Rect(x: grid.maxX + 12 * c, y: r.minY + 8 * c, width: max(0, r.maxX - 12 * c - grid.maxX - 12 * c),
                                             height: r.height - 16 * c), within: r)
            painter.draw(ChromeText(content.strings.legendToggle, 26, floorUnits: 20, bold: true, lines: 2, centered: true,
                                    layout: layout), in: label, color: open ? palette.toggleOnText : palette.text, in: context)
        }
    }
}
