import Raster

extension KioskPalette {
    /// Large text's theme: black surfaces, white text, yellow controls with black labels. Every
    /// text has a WCAG 2 contrast ratio of at least 7:1 against what it is drawn on (white and
    /// the light grey on black ≥ 16:1, black on the yellow ≈ 15:1, the danger red on black ≈
    /// 7.9:1, black on the disabled grey ≈ 7.8:1), and every control's edge against what lies
    /// around it: a yellow or grey fill on black, or, for a control filled like its card, a white
    /// border (`controlBorder`). `ChromeContrastTests` measures it on rendered frames.
    public static let highContrast: KioskPalette = {
        var p = KioskPalette()
        let black = Color(red: 0, green: 0, blue: 0), white = Color.white
        let yellow = Color(red: 1.0, green: 0.86, blue: 0.0)
        p.headerBackground = black
        p.barBackground = black
        p.text = white
        p.secondaryText = Color(red: 0.9, green: 0.9, blue: 0.9)
        p.accent = yellow
        p.buttonText = black
        p.disabledButton = Color(red: 0.62, green: 0.62, blue: 0.62)
        p.disabledText = black
        p.toggleOn = yellow
        p.toggleOnText = black
        p.badge = white
        p.badgeText = black
        p.note = yellow
        p.card = black
        p.cardText = white
        p.cardSecondaryText = Color(red: 0.9, green: 0.9, blue: 0.9)
        p.cardControl = black
        p.controlBorder = white
        p.scrim = Color(red: 0, green: 0, blue: 0, alpha: 0.8)
        p.toast = black
        p.serviceBackground = black
        p.serviceCode = yellow
        p.wheelchair = white
        p.danger = Color(red: 1.0, green: 0.45, blue: 0.45)
        p.titlePanel = black
        // Cyan, unlike every control's yellow, on black keylines: ≈ 21:1.
        p.focusRing = Color(red: 0, green: 1, blue: 1)
        p.focusRingKeyline = black
        p.isHighContrast = true
        return p
    }()
}
