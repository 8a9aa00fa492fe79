import Geometry
import Raster

/// The step-through list (`StepListLayout`): a dark panel like the bars, its title, light
/// items one under the other (the visitor's own — their seats, their party size, the filter
/// on — in the accent colour; a wheelchair pictogram at the end of those with wheelchair
/// spaces), Back at the title's start, and Previous and More under the items when the list has
/// more pages. Every text through `ChromePainter.draw(_:in:)`, so the layout tests see each box.
struct StepListView {
    /// What the list shows at one instant (plain values: its difference is the damage).
    struct State: Equatable {
        var title: String
        /// The page's items, top to bottom.
        var items: [StepListItem]
        var itemCount: Int
        var showsBack: Bool
        var showsPrevious: Bool
        var showsMore: Bool
        /// The pressed entry (`KioskSession.stepListEntries`' index) and its press scale.
        var pressed: Int?
        var scale = 1.0
    }

    let state: State
    let strings: KioskStrings

    /// Everything it may paint, px: the panel, pressed entries grown.
    static func bounds(_ state: State, layout: KioskLayout) -> Rect {
        let list = StepListLayout(layout: layout, itemCount: state.itemCount, showsBack: state.showsBack)
        let pad = 2 * layout.u
        return (list.items + [list.back, list.previous, list.more]).filter { $0 != .zero }
            .reduce(list.panel) { $0.union(SessionSnapshot.grown($1, pad: pad)) }
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette, c = layout.chromeUnit
        let list = StepListLayout(layout: layout, itemCount: state.itemCount, showsBack: state.showsBack)
        context.transform = .identity
        context.fill(Path(list.panel), with: .solid(palette.barBackground))
        painter.draw(ChromeText(state.title, 36, floorUnits: 24, bold: true, lines: 2, layout: layout),
                     in: list.title, color: palette.text, in: context)
        for (k, item) in state.items.enumerated() {
            let box = list.items[k]
            painter.withScale(scale(k), centre: box.center, in: context) {
                if item.chosen {
                    context.fill(Path(roundedRect: box, cornerRadius: 20 * c), with: .solid(palette.accent))
                } else {
                    painter.fillControl(box, cornerRadius: 20 * c, color: palette.card, in: context)
                }
                let text = item.chosen ? palette.buttonText : palette.cardText
                let parts = Self.parts(of: item, in: box, painter: painter)
                if item.detail.isEmpty {
                    painter.draw(ChromeText(item.title, 34, floorUnits: 24, bold: true, lines: 2, layout: layout),
                                 in: parts.title, color: text, in: context)
                } else {
                    painter.draw(ChromeText(item.title, 32, floorUnits: 22, bold: true, layout: layout), in: parts.title, color: text, in: context)
                    painter.draw(ChromeText(item.detail, 26, floorUnits: 20, lines: parts.detailLines, layout: layout), in: parts.detail,
                                 color: item.chosen ? palette.buttonText : palette.cardSecondaryText, in: context)
                }
                if parts.mark != .zero {
                    // A symbol: placed at the item's end, never mirrored itself.
                    painter.drawWheelchair(in: parts.mark, color: text, lineWidth: parts.mark.width / 12.8, in: context)
                }
            }
        }
        var k = state.items.count
        if state.showsBack { quiet(strings.backButton, in: list.back, scale: scale(k), painter: painter, context: context); k += 1 }
        if state.showsPrevious { quiet(strings.previousPage, in: list.previous, scale: scale(k), painter: painter, context: context); k += 1 }
        if state.showsMore { painter.drawButton(in: list.more, title: strings.morePage, enabled: true, scale: scale(k), in: context) }
    }

    /// A way back (Back, Previous): dark text on the card's control grey, quieter than More.
    private func quiet(_ title: String, in r: Rect, scale: Double, painter: ChromePainter, context: DrawingContext) {
        let c = painter.layout.chromeUnit
        painter.withScale(scale, centre: r.center, in: context) {
            painter.fillControl(r, cornerRadius: 20 * c, color: painter.palette.cardControl, in: context)
            painter.draw(ChromeText(title, 34, floorUnits: 24, bold: true, centered: true, layout: painter.layout),
                         in: r.insetBy(dx: 16 * c, dy: 8 * c), color: painter.palette.cardText, in: context)
        }
    }

    /// The press scale of entry `k` (1 unless it is the pressed one).
    private func scale(_ k: Int) -> Double { state.pressed == k ? state.scale : 1 }
}

extension KioskSession {
    /// The list as drawn now (nil when it is not shown).
    func stepListSnapshot() -> StepListView.State? {
        guard showsStepList else { return nil }
        let shown = stepListPage()
        let range = shown.layout.range(page: shown.page, of: shown.items.count)
        var s = StepListView.State(title: stepListTitle(), items: Array(shown.items[range]), itemCount: shown.items.count,
                                   showsBack: stepLevelHasParent, showsPrevious: shown.page > 0,
                                   showsMore: shown.page < shown.layout.pages - 1)
        if pressed == .control(.stepItem), let k = stepItemTouched {
            s.pressed = k
            s.scale = animator.value(pressScale)
        }
        return s
    }
}
