import Geometry

/// Where everything goes on a screen of a given size and density, px.
///
/// Two units: `u` is a pixel of a 1080-px-short-side screen (the chart's and the callout's
/// unit); the chrome is sized in `chromeUnit`, which is `u` but never less than a tenth of a
/// millimetre on the panel, so a 96-unit control is at least 9.6 mm and text keeps a readable
/// size on small, dense panels (a 7" 800×480 gets bigger chrome than `u` alone would give it).
///
/// Arrangements, chosen by the width in chrome units: wide landscape (≥ 1880, e.g. 16:9)
/// puts the legend, the total and Buy Tickets side by side in one bar; narrower landscape
/// (4:3, 16:10, 5:3, small panels) gives the legend its own two rows above the total and Buy;
/// portrait stacks the legend (two columns), the total and a full-width Buy. Where that legend
/// would make the chrome more than a third of the screen's height, or its entries shorter than
/// 9 mm (7" panels, 4:3, 16:10), it folds behind a toggle in the bar and opens, when toggled,
/// in a panel over the chart just above the bar with 96-unit entries. The header stays
/// on screen throughout: the home control at its left, the event's name and date in the
/// middle, the cart at its right. Every text box has room for its text at the preferred size
/// in English; longer translations wrap (legend, notes, cards) or shrink down to `textFloor`.
public struct KioskLayout: Hashable, Sendable {
    public let size: Size
    /// px per layout unit of a 1080-px short side.
    public let u: Double
    /// px per chrome unit: `u`, at least 0.1 mm on the panel.
    public let chromeUnit: Double
    /// The panel's density the layout was made for, px/mm (0: unknown, `u` alone).
    public let pixelsPerMillimetre: Double
    /// The smallest em size chrome text may shrink to, px: 20 chrome units, and at least
    /// 2.4 mm on the panel (3.6 mm with large text: the floor grows with the chrome).
    public let textFloor: Double
    /// The chrome's size against the usual (1.5: large text), `chromeUnit` includes it.
    public let chromeScale: Double
    /// Where the chrome lies: the screen, or with low reach the reach band's part of it, px.
    /// Screens over everything (the cart, the review, the receipt) fill this.
    public let chromeArea: Rect
    /// The panel's reach band where its mounting is configured and the screen is not wholly in
    /// it (with low reach or without): the accessibility card keeps its switches inside it.
    public let reachBand: ReachBand?
    public var isPortrait: Bool { size.height > size.width }
    /// Whether the chrome runs right to left (Arabic): every rect below is the left-to-right
    /// arrangement mirrored about the screen's vertical centre line (`mirrored(_:)`), so the
    /// home control is at the right, the cart at the left, Buy at the left of the bar and the
    /// legend's first entry at the right. The chart is a map and is never mirrored.
    public let rightToLeft: Bool
    /// Whether the legend shares its row with the total and Buy (wide landscape).
    public let legendBesideSummary: Bool

    public private(set) var header: Rect
    /// The home control (recentre, reset north): the header's left end.
    public private(set) var home: Rect
    public private(set) var cart: Rect
    /// The accessibility button (the accessibility symbol): in the header beside the cart, and
    /// at the same place on the attract screen.
    public private(set) var accessibilityButton: Rect
    /// The language button (a globe over the shown language's own name): in the header beside
    /// the accessibility button, and at the same place on the attract screen; `.zero` when the
    /// kiosk offers one language.
    public private(set) var languageButton: Rect
    /// The event's name, and its date and time below it (the name takes both without a date).
    public private(set) var eventNameBox: Rect
    public private(set) var eventDateBox: Rect
    public private(set) var bottomBar: Rect
    /// Where the chart is at home and where a zoomed tribune is fitted: the screen between the
    /// header and the bottom bar, px. At rest the stadium fills it or lies wholly inside it.
    public var safeArea: Rect {
        Rect(x: 0, y: header.maxY, width: size.width, height: max(0, bottomBar.minY - header.maxY))
    }
    public private(set) var buy: Rect
    /// Whether the legend folds behind `legendToggle` (and opens in `legendPanel`).
    public let legendFolds: Bool
    /// The control that opens and closes the folded legend, in the bar; `.zero` when it does not fold.
    public private(set) var legendToggle: Rect
    /// Where the folded legend opens: over the chart, on the bar's top edge; `.zero` when it does not fold.
    public private(set) var legendPanel: Rect
    /// The legend's entries (swatch and label, room for two lines; three in the panel), in order.
    public private(set) var legendCells: [Rect]
    /// Where the legend's entries go: their top-left corners, in order.
    public var legendOrigins: [Point] { legendCells.map { Point(x: $0.minX, y: $0.minY) } }
    /// The width of one legend entry (swatch and label), px.
    public var legendItemWidth: Double { legendCells.first?.width ?? 0 }
    /// The tickets and total ("No seats chosen yet" before), one line.
    public private(set) var totalBox: Rect
    /// Under the total: the hold's countdown or the standalone note (never both: no box office,
    /// no holds), up to two lines.
    public private(set) var noteBox: Rect
    /// The toast's vertical centre and its widest pill, px.
    public private(set) var toastCenterY: Double
    public let toastMaxWidth: Double
    /// A modal card (dialog, prompt, processing), its title, its body and its button.
    public private(set) var card: Rect
    public private(set) var cardTitleBox: Rect
    public private(set) var cardBodyBox: Rect
    public private(set) var cardButton: Rect

    /// The narrowest event-name box, chrome units, beside the header's buttons; narrower, the
    /// name and date go under them.
    static let narrowestTitle = 300.0
    /// Portrait narrower than this, chrome units, is narrow (the folded legend's entries are taller).
    static let narrowPortrait = 600.0
    /// The narrowest screen, in chrome units, that keeps the legend beside the total and Buy.
    static let wideLandscape = 1880.0
    /// The legend's places (`ScreenContent.legend` has at most this many entries).
    static let legendPlaces = 6

    /// - Parameters:
    ///   - size: the logical screen, px.
    ///   - pixelsPerMillimetre: the panel's density, px/mm; 0 or invalid: unknown.
    ///   - rightToLeft: the chrome runs right to left (a right-to-left language).
    ///   - chromeScale: the chrome's size (text, controls, bars) × this: 1.5 for large text.
    ///   - reach: low reach: the whole chrome is laid out inside this band of the screen, as on
    ///     a screen of the band's height, and the safe area lies inside it (nil: the screen).
    ///   - languageButton: the kiosk offers more than one language: the header has a language button.
    ///   - entryReach: the panel's reach band where its mounting is configured, used without low
    ///     reach: the header's row of controls (home, the accessibility and language buttons, the
    ///     cart) is lowered into it, so the buttons that turn low reach on can always be reached
    ///     (`placeHeaderRow(in:)`). Ignored with `reach`, which moves the whole chrome.
    public init(size: Size, pixelsPerMillimetre: Double = 0, rightToLeft: Bool = false, chromeScale: Double = 1,
                reach: ReachBand? = nil, languageButton offersLanguages: Bool = false, entryReach: ReachBand? = nil) {
        self.size = size
        self.rightToLeft = rightToLeft
        let w = size.width, h = reach?.height ?? size.height
        let u = max(min(w, size.height), 1) / 1080
        let ppm = pixelsPerMillimetre.isFinite && pixelsPerMillimetre > 0 ? pixelsPerMillimetre : 0
        let c = max(u, ppm / 10) * max(1, chromeScale)
        self.chromeScale = max(1, chromeScale)
        chromeArea = Rect(x: 0, y: reach?.top ?? 0, width: w, height: h)
        reachBand = (reach ?? entryReach).flatMap { $0.coversScreen ? nil : $0 }
        self.u = u
        self.pixelsPerMillimetre = ppm
        chromeUnit = c
        textFloor = max(20 * c, 2.4 * ppm * self.chromeScale)

        let control = 96 * c, pad = 24 * c
        header = Rect(x: 0, y: 0, width: w, height: 112 * c)
        home = Rect(x: 16 * c, y: 8 * c, width: control, height: control)
        cart = Rect(x: w - 16 * c - control, y: 8 * c, width: control, height: control)
        accessibilityButton = Rect(x: cart.minX - 16 * c - control, y: 8 * c, width: control, height: control)
        let titleX = home.maxX + pad
        if offersLanguages {
            // Wide enough for the globe over "Deutsch" or "Español" at the text's floor (at most
            // 24 units; a square button cut them to "Engl…"). A header then too narrow for the
            // event's name gives it a row of its own (`titleRowUnderButtons`).
            let width = 128 * c
            languageButton = Rect(x: accessibilityButton.minX - 16 * c - width, y: 8 * c, width: width, height: control)
        } else {
            languageButton = .zero
        }
        let trailing = offersLanguages ? languageButton.minX : accessibilityButton.minX
        let titleWidth = max(0, trailing - pad - titleX)
        eventNameBox = Rect(x: titleX, y: 6 * c, width: titleWidth, height: 58 * c)
        eventDateBox = Rect(x: titleX, y: 64 * c, width: titleWidth, height: 42 * c)

        // Legend cells are 64 units high (two lines of 22-unit text), 66 apart; 96 in the panel.
        func legend(x: Double, width: Double, top: Double, columns: Int, height: Double = 64, step: Double = 66) -> [Rect] {
            let cell = width / Double(columns)
            return (0..<Self.legendPlaces).map { k in
                Rect(x: x + Double(k % columns) * cell, y: top + Double(k / columns) * step * c, width: cell, height: height * c)
            }
        }
        let portrait = h > w, wide = !portrait && w / c >= Self.wideLandscape
        let unfoldedBar = portrait ? 460.0 : wide ? 164 : 258
        let folds = (112 + unfoldedBar) * c > h / 3 || 64 * c < 9 * ppm
        legendFolds = folds
        let summary: Rect
        if folds {
            // Total and note beside the toggle and Buy (landscape) or above them (portrait).
            let bar = portrait ? 260.0 : 136
            bottomBar = Rect(x: 0, y: h - bar * c, width: w, height: bar * c)
            let columns = portrait ? 2 : 3, rows = Self.legendPlaces / columns
            // Large text: room for the high-contrast outline around each entry, and a narrow
            // portrait's (a 7" panel's) half-width entries get a fourth line.
            let entry = self.chromeScale > 1 ? (portrait && w / c < Self.narrowPortrait ? 128.0 : 104) : 96
            legendPanel = Rect(x: pad, y: bottomBar.minY - (Double(rows) * entry + 24) * c, width: w - 2 * pad,
                               height: (Double(rows) * entry + 24) * c)
            legendCells = legend(x: legendPanel.minX + 12 * c, width: legendPanel.width - 24 * c, top: legendPanel.minY + 12 * c,
                                 columns: columns, height: entry, step: entry)
            if portrait {
                let half = (w - 3 * pad) / 2, y = bottomBar.minY + 140 * c
                summary = Rect(x: pad, y: bottomBar.minY + 12 * c, width: w - 2 * pad, height: 116 * c)
                legendToggle = Rect(x: pad, y: y, width: half, height: control)
                buy = Rect(x: w - pad - half, y: y, width: half, height: control)
            } else {
                let buyWidth = min(380 * c, (w - 4 * pad) / 3), toggleWidth = min(300 * c, (w - 4 * pad) / 4)
                legendToggle = Rect(x: pad, y: bottomBar.minY + 20 * c, width: toggleWidth, height: control)
                buy = Rect(x: w - pad - buyWidth, y: bottomBar.minY + 20 * c, width: buyWidth, height: control)
                summary = Rect(x: legendToggle.maxX + pad, y: bottomBar.minY + 12 * c, width: buy.minX - legendToggle.maxX - 2 * pad,
                               height: 112 * c)
            }
            legendBesideSummary = false
        } else if portrait {
            legendToggle = .zero; legendPanel = .zero
            bottomBar = Rect(x: 0, y: h - 460 * c, width: w, height: 460 * c)
            legendCells = legend(x: pad, width: w - 2 * pad, top: bottomBar.minY + 12 * c, columns: 2)
            summary = Rect(x: pad, y: bottomBar.minY + 214 * c, width: w - 2 * pad, height: 116 * c)
            buy = Rect(x: pad, y: bottomBar.maxY - 28 * c - control, width: w - 2 * pad, height: control)
            legendBesideSummary = false
        } else if wide {
            legendToggle = .zero; legendPanel = .zero
            bottomBar = Rect(x: 0, y: h - 164 * c, width: w, height: 164 * c)
            buy = Rect(x: w - pad - 380 * c, y: bottomBar.minY + 34 * c, width: 380 * c, height: control)
            summary = Rect(x: buy.minX - pad - 400 * c, y: bottomBar.minY + 24 * c, width: 400 * c, height: 116 * c)
            legendCells = legend(x: pad, width: summary.minX - 2 * pad, top: bottomBar.minY + 16 * c, columns: 3)
            legendBesideSummary = true
        } else {
            legendToggle = .zero; legendPanel = .zero
            bottomBar = Rect(x: 0, y: h - 258 * c, width: w, height: 258 * c)
            legendCells = legend(x: pad, width: w - 2 * pad, top: bottomBar.minY + 10 * c, columns: 3)
            let buyWidth = min(380 * c, (w - 3 * pad) / 2)
            buy = Rect(x: w - pad - buyWidth, y: bottomBar.minY + 148 * c, width: buyWidth, height: control)
            summary = Rect(x: pad, y: buy.minY - 4 * c, width: buy.minX - 2 * pad, height: 104 * c)
            legendBesideSummary = false
        }
        totalBox = Rect(x: summary.minX, y: summary.minY, width: summary.width, height: 48 * c)
        noteBox = Rect(x: summary.minX, y: summary.minY + 50 * c, width: summary.width, height: summary.height - 50 * c)

        toastCenterY = bottomBar.minY - 64 * c
        toastMaxWidth = w - 2 * pad

        let cardWidth = min(840 * c, w - 2 * pad), cardHeight = 404 * c
        (card, cardTitleBox, cardBodyBox, cardButton) = Self.modalCard(Rect(x: (w - cardWidth) / 2, y: (h - cardHeight) / 2,
                                                                             width: cardWidth, height: cardHeight), c: c)
        // A header too narrow for the event's name beside its buttons (large text on a small
        // portrait panel) gives the name and the date a row of their own under the buttons.
        if eventNameBox.width < Self.narrowestTitle * c { titleRowUnderButtons(pad: pad) }
        if rightToLeft { mirrorChrome() }
        if let reach {
            if reach.top > 0 { lowerChrome(by: reach.top) }
        } else if let entryReach {
            placeHeaderRow(in: entryReach)
        }
        keepModalCardClearOfAccessibilityButton()
    }

    /// A modal card's parts in `card` (px): the title and body boxes inset 32 chrome units
    /// (`c`, px) each side, the button centred at the bottom.
    private static func modalCard(_ card: Rect, c: Double) -> (card: Rect, title: Rect, body: Rect, button: Rect) {
        let title = Rect(x: card.minX + 32 * c, y: card.minY + 28 * c, width: card.width - 64 * c, height: 104 * c)
        let body = Rect(x: card.minX + 32 * c, y: title.maxY + 12 * c, width: card.width - 64 * c, height: 116 * c)
        let buttonWidth = min(360 * c, card.width - 64 * c)
        return (card, title, body, Rect(x: card.midX - buttonWidth / 2, y: card.maxY - 28 * c - 96 * c, width: buttonWidth, height: 96 * c))
    }

    /// The accessibility button stays on screen over the dialogs (every screen has it): a card
    /// that would meet it (with low reach on a small panel) goes under its row where there is
    /// room, else beside it, narrower, towards the screen's leading side.
    private mutating func keepModalCardClearOfAccessibilityButton() {
        let c = chromeUnit, keep = accessibilityButton.insetBy(dx: -16 * c, dy: -16 * c)
        guard card.intersects(keep) else { return }
        var r = card
        if keep.maxY + r.height <= chromeArea.maxY - 8 * c {
            r.origin.y = keep.maxY
        } else if keep.midX > size.width / 2 {
            r.size.width = min(r.width, keep.minX - 24 * c)
            r.origin.x = max(24 * c, min(r.minX, keep.minX - r.width))
        } else {
            r.origin.x = max(r.minX, keep.maxX)
            r.size.width = min(r.width, size.width - 24 * c - r.minX)
        }
        (card, cardTitleBox, cardBodyBox, cardButton) = Self.modalCard(r, c: c)
    }

    /// `card` (px; a screen over everything: the cart, the review, the receipt) clear of the
    /// accessibility button, which those screens show at the header's place: where they would
    /// meet, the card starts under the button's row, as the chart starts under the header.
    public func clearOfAccessibilityButton(_ card: Rect) -> Rect {
        let keep = accessibilityButton.insetBy(dx: -8 * chromeUnit, dy: -8 * chromeUnit)
        guard card.intersects(keep) else { return card }
        return Rect(x: card.minX, y: keep.maxY, width: card.width, height: max(0, card.maxY - keep.maxY))
    }

    /// A control's area for touches grows by this much each side, px: 3 mm (fingers are wide),
    /// at most 12 layout units.
    public var touchSlop: Double { min(3 * pixelsPerMillimetre, 12 * u) }

    /// Without low reach on a panel mounted high: the header's row of controls is lowered so
    /// that each one, and its touch area, begins at the band's top; the header grows from the
    /// screen's top down to the row (the event's name and date go down with it), and the
    /// chart's safe area starts below it. A band that already holds the header (a panel mounted
    /// low enough) moves nothing.
    private mutating func placeHeaderRow(in band: ReachBand) {
        // A band from the screen's top holds the header: touch areas end at its edges
        // (`KioskSession.controlHitRect`). Else the row's touch areas begin at the band's top.
        guard band.top > 0 else { return }
        let dy = band.top - (home.minY - touchSlop)
        guard dy > 0 else { return }
        func down(_ r: Rect) -> Rect { r == .zero ? r : r.offsetBy(dx: 0, dy: dy) }
        home = down(home); cart = down(cart); accessibilityButton = down(accessibilityButton)
        languageButton = down(languageButton)
        eventNameBox = down(eventNameBox); eventDateBox = down(eventDateBox)
        header = Rect(x: header.minX, y: header.minY, width: header.width, height: header.height + dy)
    }

    /// The event's name and date under the header's buttons, the whole width less `pad` (px)
    /// each side; the header grows to hold them.
    private mutating func titleRowUnderButtons(pad: Double) {
        let c = chromeUnit, width = max(0, size.width - 2 * pad)
        eventNameBox = Rect(x: pad, y: home.maxY + 4 * c, width: width, height: 58 * c)
        eventDateBox = Rect(x: pad, y: eventNameBox.maxY, width: width, height: 42 * c)
        header = Rect(x: 0, y: 0, width: size.width, height: eventDateBox.maxY + 6 * c)
    }

    /// Low reach: every chrome rect moved down by `dy` px (the band's top), in this one place.
    private mutating func lowerChrome(by dy: Double) {
        func down(_ r: Rect) -> Rect { r == .zero ? r : r.offsetBy(dx: 0, dy: dy) }
        header = down(header); home = down(home); cart = down(cart); accessibilityButton = down(accessibilityButton)
        languageButton = down(languageButton)
        eventNameBox = down(eventNameBox); eventDateBox = down(eventDateBox)
        bottomBar = down(bottomBar); buy = down(buy); totalBox = down(totalBox); noteBox = down(noteBox)
        legendToggle = down(legendToggle); legendPanel = down(legendPanel)
        legendCells = legendCells.map(down)
        toastCenterY += dy
        card = down(card); cardTitleBox = down(cardTitleBox); cardBodyBox = down(cardBodyBox); cardButton = down(cardButton)
    }

    /// The right-to-left arrangement: every chrome rect mirrored, in this one place, so drawing
    /// and hit-testing (`KioskSession.frame(of:)`) read the same rects.
    private mutating func mirrorChrome() {
        home = mirrored(home); cart = mirrored(cart); accessibilityButton = mirrored(accessibilityButton)
        if languageButton != .zero { languageButton = mirrored(languageButton) }
        eventNameBox = mirrored(eventNameBox); eventDateBox = mirrored(eventDateBox)
        buy = mirrored(buy); totalBox = mirrored(totalBox); noteBox = mirrored(noteBox)
        if legendFolds { legendToggle = mirrored(legendToggle); legendPanel = mirrored(legendPanel) }
        legendCells = legendCells.map { mirrored($0) }
        card = mirrored(card); cardTitleBox = mirrored(cardTitleBox); cardBodyBox = mirrored(cardBodyBox)
        cardButton = mirrored(cardButton)
    }

    /// `r` (px) as the chrome's direction places it: unchanged left to right; right to left,
    /// mirrored about the screen's vertical centre line (x → width − x − w).
    public func mirrored(_ r: Rect) -> Rect { mirrored(r, within: Rect(x: 0, y: 0, width: size.width, height: size.height)) }

    /// `r` (px) placed inside `container` as the chrome's direction places it: right to left,
    /// mirrored about the container's vertical centre line (a swatch at a cell's left goes to
    /// its right). Unchanged left to right.
    public func mirrored(_ r: Rect, within container: Rect) -> Rect {
        guard rightToLeft else { return r }
        return Rect(x: container.maxX - (r.minX - container.minX) - r.width, y: r.minY, width: r.width, height: r.height)
    }
}
