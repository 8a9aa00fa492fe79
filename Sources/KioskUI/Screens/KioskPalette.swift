import Raster

/// The kiosk's colours: SportFan's blue chart on a dark ground, white outlines, green selection.
public struct KioskPalette: Sendable {
    public var headerBackground = Color(red: 0.04, green: 0.07, blue: 0.13, alpha: 0.92)
    public var barBackground = Color(red: 0.04, green: 0.07, blue: 0.13, alpha: 0.94)
    public var text = Color.white
    public var secondaryText = Color(red: 0.74, green: 0.78, blue: 0.86)
    public var accent = Color(red: 0.20, green: 0.42, blue: 0.85)
    public var buttonText = Color.white
    public var disabledButton = Color(red: 0.30, green: 0.33, blue: 0.40)
    public var disabledText = Color(red: 0.62, green: 0.64, blue: 0.68)
    public var badge = Color(red: 0.90, green: 0.16, blue: 0.20)
    public var note = Color(red: 1.0, green: 0.74, blue: 0.28)
    public var card = Color(red: 0.97, green: 0.97, blue: 0.98)
    public var cardText = Color(red: 0.08, green: 0.10, blue: 0.16)
    public var cardSecondaryText = Color(red: 0.33, green: 0.36, blue: 0.43)
    public var scrim = Color(red: 0, green: 0, blue: 0, alpha: 0.55)
    public var toast = Color(red: 0.12, green: 0.13, blue: 0.17, alpha: 0.95)
    public var serviceBackground = Color(red: 0.10, green: 0.11, blue: 0.14)
    public var serviceCode = Color(red: 1.0, green: 0.74, blue: 0.28)
    public var wheelchair = Color.white
    public var danger = Color(red: 0.84, green: 0.22, blue: 0.22)

    public init() {}
}
