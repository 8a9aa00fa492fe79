#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster

/// The attract screen's chrome over the turning stadium: the event's name on a dark panel (it
/// would otherwise cross the tribunes turning beneath it) and a breathing invitation to touch.
struct AttractView {
    /// When the attract screen started and the time drawn, s.
    let since: Double
    let now: Double
    let content: ScreenContent

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let layout = painter.layout, palette = painter.palette
        let c = layout.chromeUnit, w = layout.size.width, h = layout.size.height
        context.transform = .identity
        let title = ChromeText(content.eventName, 56, floorUnits: 32, bold: true, lines: 2, centered: true, layout: layout)
        // Below the accessibility button's row, which it would otherwise cross when long.
        let top = max(56 * c, layout.accessibilityButton.maxY + 16 * c)
        let room = Rect(x: 64 * c, y: top, width: max(0, w - 128 * c), height: 140 * c)
        if let l = painter.fitted(title, in: room) {
            // The panel hugs the text: its lines' extent, grown by 28 units.
            let panel = Rect(x: w / 2 - l.size.width / 2 - 28 * c, y: room.midY - l.size.height / 2 - 20 * c,
                             width: l.size.width + 56 * c, height: l.size.height + 40 * c)
            context.fill(Path(roundedRect: panel, cornerRadius: 24 * c), with: .solid(palette.titlePanel))
            painter.draw(title, in: room, color: palette.text, in: context)
        }
        // A pill with the invitation, breathing (period 2 s) in size, opaque so its text keeps
        // its contrast over the tribunes.
        let breath = 1 + 0.04 * cos(2 * .pi * (now - since) / 2)
        let pillWidth = min(840 * c, w - 48 * c)
        let pill = Rect(x: (w - pillWidth) / 2, y: h - 230 * c, width: pillWidth, height: 110 * c)
        painter.withScale(breath, centre: pill.center, in: context) {
            context.fill(Path(roundedRect: pill, cornerRadius: 55 * c), with: .solid(palette.accent))
            painter.draw(ChromeText(content.strings.touchToChoose, 44, floorUnits: 28, bold: true, lines: 2, centered: true, layout: layout),
                         in: pill.insetBy(dx: 40 * c, dy: 10 * c), color: palette.buttonText, in: context)
        }
        // Accessibility mode from the first touch: the button where the header will have it.
        painter.drawAccessibilityButton(in: layout.accessibilityButton, scale: 1, in: context)
        // A visitor switches language before the first touch: the header's button, same place.
        if let name = content.languageName { painter.drawLanguageButton(in: layout.languageButton, name: name, scale: 1, in: context) }
    }
}
