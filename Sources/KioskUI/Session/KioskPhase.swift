/// What the kiosk screen shows, as one value (for scripts, tests, the status line). Derived from
/// the session's state; when several apply, the first in this list wins.
public enum KioskPhase: String, Hashable, Sendable, CaseIterable {
    /// The display is off after a long idle (`isBlanked`); a touch wakes it (and is swallowed).
    case blanked
    /// The box office cannot be reached: a full screen with a staff-readable code; touches do nothing.
    case outOfService
    /// Nobody is using the kiosk: the stadium turns slowly; a touch starts a session (and is swallowed).
    case attract
    /// "Still there?" with a countdown and Continue; the session resets when it runs out.
    case idlePrompt
    /// The accessibility card over the chart: four switches and Close.
    case accessibility
    /// "You've bought N tickets." with Ok.
    case confirmation
    /// The purchase was refused; a message with the reason and Ok.
    case purchaseFailed
    /// Confirm was pressed on the review: waiting for the box office ("Processing…").
    case checkout
    /// Buy was pressed: the seats, prices, total and countdown, with Confirm and Back.
    case review
    /// The cart is open over the chart.
    case cart
    /// Zoomed into the chart (a tribune selected or pinched in): the header is out of the way,
    /// the zoom-out button shows.
    case zoomed
    /// The stadium overview with the header, the legend and Buy Tickets.
    case browsing
}

extension KioskPhase {
    /// Whether a visitor may be looking at seats (their availability should be fresh). Out of
    /// service counts: its box office must be asked again to come back by itself.
    public var showsSeats: Bool {
        switch self {
        case .blanked, .attract: false
        case .outOfService, .idlePrompt, .accessibility, .confirmation, .purchaseFailed, .checkout, .review, .cart, .zoomed, .browsing: true
        }
    }
}
