import Raster

/// The kiosk's colours: a dark, opaque header and bar over the chart, white text, a blue accent.
/// Every text colour has a WCAG 2 contrast ratio of at least 4.5:1 against the surface it is
/// drawn on (white on the accent ≈ 6:1, the danger red and the secondary grey on the card ≈
/// 5.7:1 and 6.6:1, the disabled Buy label ≈ 5:1 on its button); `ChromeContrastTests` measures
/// it on rendered frames.
public struct KioskPalette: Sendable {
    public var headerBackground = Color(red: 0.04, green: 0.07, blue: 0.13)
    public var barBackground = Color(red: 0.04, green: 0.07, blue: 0.13)
    public var text = Color.white
    public var secondaryText = Color(red: 0.74, green: 0.78, blue: 0.86)
    public var accent = Color(red: 0.16, green: 0.36, blue: 0.78)
    public var buttonText = Color.white
    public var disabledButton = Color(red: 0.20, green: 0.23, blue: 0.29)
    public var disabledText = Color(red: 0.70, green: 0.72, blue: 0.76)
    /// A toggle that is on (the folded legend's toggle while its panel is open) and its label.
    public var toggleOn = Color(red: 0.20, green: 0.23, blue: 0.29)
    public var toggleOnText = Color.white
    public var badge = Color(red: 0.78, green: 0.10, blue: 0.14)
    public var badgeText = Color.white
    public var note = Color(red: 1.0, green: 0.74, blue: 0.28)
    public var card = Color(red: 0.97, green: 0.97, blue: 0.98)
    public var cardText = Color(red: 0.08, green: 0.10, blue: 0.16)
    public var cardSecondaryText = Color(red: 0.30, green: 0.33, blue: 0.40)
    /// Behind a control on the card (the cart's remove ✕, drawn in `cardText`).
    public var cardControl = Color(red: 0.86, green: 0.88, blue: 0.92)
    public var scrim = Color(red: 0, green: 0, blue: 0, alpha: 0.55)
    public var toast = Color(red: 0.12, green: 0.13, blue: 0.17, alpha: 0.95)
    public var serviceBackground = Color(red: 0.10, green: 0.11, blue: 0.14)
    public var serviceCode = Color(red: 1.0, green: 0.74, blue: 0.28)
    public var wheelchair = Color.white
    public var danger = Color(red: 0.74, green: 0.12, blue: 0.12)
    /// Behind the attract screen's title, so it reads over the turning stadium.
    public var titlePanel = Color(red: 0.04, green: 0.07, blue: 0.13, alpha: 0.9)
    /// Around a control filled like the card it sits on (`cardControl`), so its edge stands out;
    /// nil: none (the usual theme tells it by its fill).
    public var controlBorder: Color?
    /// The screen reader's focus ring (`FocusRingView`): its band, and the keylines either side
    /// that set it off from what is around it (the band against the keylines ≈ 11:1).
    public var focusRing = Color(red: 1.0, green: 0.74, blue: 0.28)
    public var focusRingKeyline = Color(red: 0.04, green: 0.07, blue: 0.13)
    /// The high-contrast theme (`highContrast`): the map's seats are told apart by shape too.
    public var isHighContrast = false

    public init() {}
}
