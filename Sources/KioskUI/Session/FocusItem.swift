import Geometry

/// One item of a screen as the screen reader moves through it (accessibility mode's speech):
/// what it says, where it is, and where a double-tap presses. A screen's items come in reading
/// order (`KioskSession.focusItems`): the header's controls, the party's controls, the lists,
/// the bar's or the card's buttons.
public struct FocusItem: Hashable, Sendable {
    /// Everything the item shows, as one sentence ("Row 3 · Seat 7, Category 1 · €65.00").
    public var label: String
    /// Where it is on screen, px (a tap there explores it).
    public var frame: Rect
    /// Where activating it taps, px — a tap there does what a finger's tap does (VoiceOver's
    /// activation point); nil for text that does nothing.
    public var activationPoint: Point?

    public init(label: String, frame: Rect, activationPoint: Point?) {
        self.label = label
        self.frame = frame
        self.activationPoint = activationPoint
    }

    /// A control: activated at its centre.
    static func control(_ label: String, _ frame: Rect) -> FocusItem {
        FocusItem(label: label, frame: frame, activationPoint: frame.center)
    }
}
