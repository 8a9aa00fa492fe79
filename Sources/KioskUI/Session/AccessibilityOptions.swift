/// What the visitor turned on in accessibility mode (the button on every screen, or a
/// configured physical key such as a headset being plugged in). All off for a new visitor:
/// the session resets them with the language when it starts over.
public struct AccessibilityOptions: Hashable, Sendable {
    /// Text at least 1.5× larger and the high-contrast theme (every text and control ≥ 7:1,
    /// seat statuses told apart by shape as well as colour). One switch: visitors who need one
    /// usually need both, and one more control is one more to find.
    public var largeText = false
    /// Every control the visitor needs within reach of a seated or short visitor: inside the
    /// band 38–122 cm above the floor, from the panel's mounting in the configuration.
    public var lowReach = false
    /// Choosing seats from lists (section → row → seats) instead of the map.
    public var stepThrough = false
    /// Every screen change, focused item, price, hold warning and result is spoken, and touch
    /// works as a screen reader's: swipe to move the focus, double-tap to activate, a single
    /// tap speaks what is under the finger.
    public var speech = false

    public init(largeText: Bool = false, lowReach: Bool = false, stepThrough: Bool = false, speech: Bool = false) {
        self.largeText = largeText
        self.lowReach = lowReach
        self.stepThrough = stepThrough
        self.speech = speech
    }

    /// Nothing turned on.
    public static let off = AccessibilityOptions()
    /// Everything a visitor who cannot see the screen needs (a headset plugged in).
    public static let eyesFree = AccessibilityOptions(stepThrough: true, speech: true)

    /// Whether any option is on (the button shows it).
    public var isOn: Bool { largeText || lowReach || stepThrough || speech }
}
