import Geometry
import Raster

/// Party size first, under the header: until a size is picked, the picker — "How many seats?"
/// over large number buttons (the chosen one in the accent colour when it reopens); after, the
/// strip — the party's chip (tap to change), Best seats, and the accessible filter (a toggle:
/// accent when on). Dark like the header and bar, so the chart's colours never sit under text.
struct PartyBarView {
    let party: SessionSnapshot.Party
    let strings: KioskStrings

    /// Everything it may paint, px: the picker or the strip, pressed controls grown.
    static func bounds(_ party: SessionSnapshot.Party, layout: KioskLayout) -> Rect {
        let p = PartyLayout(layout: layout, maxSize: party.maxSize)
        if party.pickerOpen { return p.picker }
        let pad = 2 * layout.u
        return [p.change, p.bestSeats, p.accessible].reduce(p.strip) { $0.union(SessionSnapshot.grown($1, pad: pad)) }
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette, c = layout.chromeUnit
        let p = PartyLayout(layout: layout, maxSize: party.maxSize)
        context.transform = .identity
        if party.pickerOpen {
            context.fill(Path(p.picker), with: .solid(palette.barBackground))
            painter.draw(ChromeText(strings.howManySeats, 38, floorUnits: 26, bold: true, centered: true, layout: layout),
                         in: p.pickerTitle, color: palette.text, in: context)
            for (k, box) in p.sizes.enumerated() {
                let chosen = party.size == k + 1
                context.fill(Path(roundedRect: box, cornerRadius: 20 * c), with: .solid(chosen ? palette.accent : palette.disabledButton))
                painter.draw(ChromeText("\(k + 1)", 44, floorUnits: 30, bold: true, centered: true, layout: layout),
                             in: box.insetBy(dx: 8 * c, dy: 8 * c), color: palette.buttonText, in: context)
            }
            return
        }
        context.fill(Path(p.strip), with: .solid(palette.barBackground))
        let n = party.size ?? 1
        let chip = strings.counted(\.partyOf, n)
        painter.withScale(scale(.partyChange), centre: p.change.center, in: context) {
            let r = Path(roundedRect: p.change.insetBy(dx: 1.5 * c, dy: 1.5 * c), cornerRadius: 20 * c)
            context.fill(r, with: .solid(palette.headerBackground))
            context.stroke(r, with: .solid(palette.secondaryText), style: StrokeStyle(lineWidth: 3 * c))
            painter.draw(ChromeText(chip, 30, floorUnits: 20, bold: true, lines: 2, centered: true, layout: layout),
                         in: p.change.insetBy(dx: 16 * c, dy: 6 * c), color: palette.text, in: context)
        }
        painter.withScale(scale(.bestSeats), centre: p.bestSeats.center, in: context) {
            context.fill(Path(roundedRect: p.bestSeats, cornerRadius: 20 * c), with: .solid(palette.accent))
            painter.draw(ChromeText(strings.bestSeats, 32, floorUnits: 20, bold: true, lines: 2, centered: true, layout: layout),
                         in: p.bestSeats.insetBy(dx: 16 * c, dy: 6 * c), color: palette.buttonText, in: context)
        }
        painter.withScale(scale(.accessibleFilter), centre: p.accessible.center, in: context) {
            let box = p.accessible
            context.fill(Path(roundedRect: box, cornerRadius: 20 * c), with: .solid(party.accessible ? palette.accent : palette.disabledButton))
            let icon = min(56 * c, box.height - 24 * c)
            // The pictogram first in reading order; it is a symbol, never mirrored itself.
            let pictogram = Rect(x: box.minX + 14 * c, y: box.midY - icon / 2, width: icon, height: icon)
            painter.drawWheelchair(in: layout.mirrored(pictogram, within: box), color: palette.buttonText, lineWidth: 4 * c, in: context)
            let text = layout.mirrored(Rect(x: box.minX + 22 * c + icon, y: box.minY + 6 * c, width: max(0, box.width - 36 * c - icon),
                                            height: box.height - 12 * c), within: box)
            painter.draw(ChromeText(strings.accessibleFilter, 30, floorUnits: 20, bold: true, lines: 2, centered: true, layout: layout),
                         in: text, color: palette.buttonText, in: context)
        }
    }

    /// The press scale of `control` (1 unless it is the pressed one).
    private func scale(_ control: KioskControl) -> Double { party.pressed == control ? party.scale : 1 }
}
