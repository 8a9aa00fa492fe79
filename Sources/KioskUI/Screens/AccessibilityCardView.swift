import Geometry
import Raster

/// The accessibility card over the dimmed chart: "Accessibility", four large switches (large
/// text and high contrast, low reach, step-through, speech) and Close. A switch that is on is
/// filled with the accent and shows a check in its box; off, it is outlined with an empty box —
/// told apart by shape, not colour alone. Each takes effect at once (the card is drawn in the
/// new look as soon as large text changes).
struct AccessibilityCardView {
    struct State: Equatable {
        var options: AccessibilityOptions
        /// The pressed part (a switch's index, or Close) and its press scale.
        var pressedToggle: Int?
        var closePressed = false
        var scale = 1.0
    }

    let state: State
    let strings: KioskStrings

    /// The switches' names in `AccessibilityCardLayout.Toggle` order.
    static func toggleTitles(_ strings: KioskStrings) -> [String] {
        [strings.largeTextToggle, strings.lowReachToggle, strings.stepThroughToggle, strings.speechToggle]
    }

    /// Whether each switch is on, in the same order.
    static func toggleStates(_ o: AccessibilityOptions) -> [Bool] { [o.largeText, o.lowReach, o.stepThrough, o.speech] }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette, c = layout.chromeUnit
        let card = AccessibilityCardLayout(layout: layout)
        painter.drawCard(card.card, in: context)
        painter.draw(ChromeText(strings.accessibilityTitle, 44, floorUnits: 30, bold: true, centered: true, layout: layout),
                     in: card.title, color: palette.cardText, in: context)
        let titles = Self.toggleTitles(strings), on = Self.toggleStates(state.options)
        for (k, r) in card.toggles.enumerated() {
            let scale = state.pressedToggle == k ? state.scale : 1
            painter.withScale(scale, centre: r.center, in: context) {
                context.transform = scale == 1 ? .identity : ChromePainter.scaling(ChromePainter.stepped(scale), about: r.center)
                let text = on[k] ? palette.buttonText : palette.cardText
                if on[k] {
                    context.fill(Path(roundedRect: r, cornerRadius: 20 * c), with: .solid(palette.accent))
                } else {
                    painter.fillControl(r, cornerRadius: 20 * c, color: palette.cardControl, in: context)
                }
                // The state's box at the switch's leading end: a check when on.
                let side = 44 * c
                let box = layout.mirrored(Rect(x: r.minX + 24 * c, y: r.midY - side / 2, width: side, height: side), within: r)
                let line = StrokeStyle(lineWidth: 5 * c, lineCap: .round, lineJoin: .round)
                context.stroke(Path(roundedRect: box, cornerRadius: 8 * c), with: .solid(text), style: line)
                if on[k] {
                    var check = Path()
                    check.move(to: Point(x: box.minX + 0.2 * side, y: box.minY + 0.52 * side))
                    check.addLine(to: Point(x: box.minX + 0.42 * side, y: box.minY + 0.74 * side))
                    check.addLine(to: Point(x: box.minX + 0.8 * side, y: box.minY + 0.28 * side))
                    context.stroke(check, with: .solid(text), style: line)
                }
                let label = layout.mirrored(Rect(x: r.minX + 92 * c, y: r.minY + 6 * c, width: r.width - 112 * c, height: r.height - 12 * c),
                                            within: r)
                painter.draw(ChromeText(titles[k], 30, floorUnits: 20, bold: true, lines: 2, layout: layout), in: label,
                             color: text, in: context)
            }
        }
        painter.drawButton(in: card.close, title: strings.closeButton, enabled: true, scale: state.closePressed ? state.scale : 1,
                           in: context)
    }
}
