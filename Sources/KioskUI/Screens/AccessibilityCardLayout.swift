import Geometry

/// Where the accessibility card's parts go: its title, the four switches (two columns where the
/// card is wide enough, else one) and Close, all at least 96 chrome units (9.6 mm) tall, the
/// card centred on the layout's card, moved into the panel's reach band where it is not inside.
struct AccessibilityCardLayout: Equatable {
    let card: Rect
    let title: Rect
    /// The switches in `AccessibilityCardLayout.order`.
    let toggles: [Rect]
    let close: Rect

    /// The switches' order on the card.
    enum Toggle: Int, CaseIterable {
        case largeText, lowReach, stepThrough, speech
    }

    init(layout: KioskLayout) {
        let c = layout.chromeUnit, pad = 24 * c, control = 96 * c, gap = 16 * c
        let width = min(1200 * c, layout.size.width - 2 * pad)
        let columns = width >= 760 * c ? 2 : 1
        let rows = (Toggle.allCases.count + columns - 1) / columns
        let height = 28 * c + 72 * c + gap + Double(rows) * (control + gap) + 8 * c + control + 28 * c
        // Inside the reach band where the panel's mounting gives one, low reach on or off: the
        // Low reach switch must be reachable to be turned on.
        var centre = layout.card.midY
        if let band = layout.reachBand { centre = max(min(centre, band.bottom - height / 2), band.top + height / 2) }
        card = layout.mirrored(Rect(x: (layout.size.width - width) / 2, y: centre - height / 2, width: width, height: height))
        title = Rect(x: card.minX + 32 * c, y: card.minY + 28 * c, width: width - 64 * c, height: 72 * c)
        let inner = width - 64 * c, cell = (inner - Double(columns - 1) * gap) / Double(columns)
        let card = card, top = title.maxY + gap
        toggles = Toggle.allCases.map { t in
            let k = t.rawValue
            let r = Rect(x: card.minX + 32 * c + Double(k % columns) * (cell + gap), y: top + Double(k / columns) * (control + gap),
                         width: cell, height: control)
            return layout.mirrored(r, within: card)
        }
        let closeWidth = min(360 * c, inner)
        close = Rect(x: card.midX - closeWidth / 2, y: card.maxY - 28 * c - control, width: closeWidth, height: control)
    }
}
