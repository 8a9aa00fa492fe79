/// The screen a kiosk shows, as one stored value: `KioskSession` keeps exactly one and changes
/// it only through `after(_:)`, so every way from one screen to another is written here and
/// nowhere else.
///
/// ```
///              touch                       idle timeout            prompt runs out
///  blanked ─────────────► stadium ⇄ tribune ──────────► idlePrompt ──────────────► attract
///     ▲        (wake)   ▲  │ cart  │ Buy ▲              │ touch/Continue ▲          │ touch
///     │  Close, a line, │  ▼       │     │ Back,        └────────────────┘          │ (wake)
///     │  hold ran out   └ cart ─Buy┤     │ hold ran out                             ▼
///     │                            ▼     │                                       stadium
///     │                           review ┘
///     │ long idle                  │ Confirm       Ok, Done ──► stadium
///     │                            ▼
///     │                        purchasing ──► receipt / purchaseFailed
///     └──────── stadium, tribune, cart, review, idlePrompt, attract
/// ```
/// The cart and the review leave for the chart when the hold runs out (`holdExpired`).
/// Out of service (the box office is unreachable) lies over whatever was showing, which keeps
/// changing underneath as answers arrive and comes back when the service does. The
/// accessibility card lies over a screen the same way (opened by the accessibility button on
/// every screen a visitor can touch: the chart's, the cart, the review, the receipt, the
/// dialogs and the attract screen) until Close.
public indirect enum KioskScreen: Hashable, Sendable {
    /// The stadium overview with the header, the legend and Buy Tickets.
    case stadium
    /// Zoomed into the chart (a tribune selected or pinched in): the header is out of the way,
    /// the zoom-out button shows.
    case tribune
    /// The cart over the chart: each seat with its price and a remove control, the total, the
    /// hold's countdown; a line flies the chart to its seat.
    case cart
    /// Buy was pressed: the seats, their prices, the total and the hold's countdown, with
    /// Confirm (places the order) and Back (the chart, seats still held).
    case review
    /// Confirm was pressed: waiting for the box office ("Processing…").
    case purchasing
    /// The order went through, since `since` (clock s): its code (in type and as a QR code),
    /// seats and total, with Done; it goes by itself after `Configuration.receiptTimeout`.
    case receipt(Receipt, since: Double)
    /// The purchase was refused; the reason (for the visitor) and Ok.
    case purchaseFailed(reason: String)
    /// "Still there?" since `since` (clock s), with a countdown; the session resets when it runs out.
    case idlePrompt(since: Double)
    /// Nobody is using the kiosk since `since` (clock s): the stadium turns slowly.
    case attract(since: Double)
    /// The display is off after a long idle. `serviceCode`: the box office went away meanwhile
    /// (waking shows the out-of-service screen).
    case blanked(serviceCode: String?)
    /// The box office cannot be reached: a staff-readable code over the screen `beneath`, which
    /// comes back with the service.
    case outOfService(code: String, beneath: KioskScreen)
    /// The accessibility card (large text and high contrast, low reach, step-through, speech;
    /// Close) over the screen `beneath` (the chart's, the cart, the review, purchasing, the
    /// receipt or the failure), which goes on changing under it.
    case accessibilityMenu(beneath: KioskScreen)

    /// What changes the screen. Each case names the visitor's action or the timer or answer
    /// that caused it; chart-dependent targets carry whether the chart is zoomed then.
    public enum Event: Hashable, Sendable {
        /// The chart's zoom changed (a gesture, a tribune tap, the zoom-out button).
        case chartZoomed(Bool)
        /// The cart in the header was tapped.
        case cartOpened
        /// The cart closed (its close control, or a line flying the chart to its seat);
        /// `zoomed`: the chart underneath.
        case cartClosed(zoomed: Bool)
        /// Buy Tickets: the review comes first.
        case reviewRequested
        /// Back on the review; `zoomed`: the chart underneath.
        case reviewDismissed(zoomed: Bool)
        /// The hold ran out: the seats were released; `zoomed`: the chart underneath.
        case holdExpired(zoomed: Bool)
        /// Confirm on the review: the order went to the box office.
        case buyRequested
        /// The box office confirmed the order at `at` (clock s).
        case purchased(Receipt, at: Double)
        /// The box office refused the order.
        case purchaseFailed(reason: String)
        /// Done on the receipt (or its timeout), Ok on the failure; the chart zooms out.
        case dialogDismissed
        /// No touch for the idle timeout, at clock time `at` (s).
        case idleTimeout(at: Double)
        /// A touch or Continue on the idle prompt; `zoomed`: the chart underneath.
        case visitorContinued(zoomed: Bool)
        /// The idle prompt ran out at `at` (s): the session was reset.
        case promptExpired(at: Double)
        /// No touch for the blanking time: the display goes off (the session was reset).
        case blankTimeout
        /// A touch on the attract or blanked screen; `zoomed`: the chart underneath.
        case wake(zoomed: Bool)
        /// The box office became unreachable; `code` is for staff ("BO-503").
        case serviceLost(code: String)
        /// The box office is reachable again; `zoomed`: the chart underneath.
        case serviceRestored(zoomed: Bool)
        /// The accessibility button; `zoomed`: the chart underneath (the attract screen wakes to it).
        case accessibilityOpened(zoomed: Bool)
        /// Close on the accessibility card.
        case accessibilityClosed
    }

    /// The chart screen for a chart that is zoomed or not.
    public static func chart(zoomed: Bool) -> KioskScreen { zoomed ? .tribune : .stadium }

    /// The screen after `event`; `self` when the event means nothing here.
    public func after(_ event: Event) -> KioskScreen {
        switch (self, event) {
        case (.outOfService(_, let beneath), .serviceLost(let code)):
            return .outOfService(code: code, beneath: beneath)
        case (.outOfService(_, let beneath), .serviceRestored(let zoomed)):
            // A prompt shown before would have run out meanwhile: a fresh start on the chart.
            if case .idlePrompt = beneath { return .chart(zoomed: zoomed) }
            return beneath
        case (.outOfService(let code, let beneath), .purchased), (.outOfService(let code, let beneath), .purchaseFailed),
             (.outOfService(let code, let beneath), .chartZoomed), (.outOfService(let code, let beneath), .wake):
            // Answers and the chart go on underneath, and a touch still wakes the stadium; the
            // screen's own timers and buttons wait for the service.
            return .outOfService(code: code, beneath: beneath.after(event))
        case (.blanked, .serviceLost(let code)):
            return .blanked(serviceCode: code)
        case (.blanked, .serviceRestored):
            return .blanked(serviceCode: nil)
        case (.blanked(let code?), .wake(let zoomed)):
            return .outOfService(code: code, beneath: .chart(zoomed: zoomed))
        case (_, .serviceLost(let code)):
            return .outOfService(code: code, beneath: self)
        case (.stadium, .accessibilityOpened), (.tribune, .accessibilityOpened), (.cart, .accessibilityOpened),
             (.review, .accessibilityOpened), (.purchasing, .accessibilityOpened), (.receipt, .accessibilityOpened),
             (.purchaseFailed, .accessibilityOpened):
            // The button is on every screen a visitor can touch (the idle prompt continues first).
            return .accessibilityMenu(beneath: self)
        case (.attract, .accessibilityOpened(let zoomed)):
            return .accessibilityMenu(beneath: .chart(zoomed: zoomed))
        case (.accessibilityMenu(let beneath), .accessibilityClosed):
            return beneath
        case (.accessibilityMenu(let beneath), .idleTimeout), (.accessibilityMenu(let beneath), .blankTimeout):
            // Nobody closed it: it goes, as the chart's screen would.
            return beneath.after(event)
        case (.accessibilityMenu(let beneath), .chartZoomed), (.accessibilityMenu(let beneath), .holdExpired),
             (.accessibilityMenu(let beneath), .purchased), (.accessibilityMenu(let beneath), .purchaseFailed):
            // What happens without the visitor goes on underneath: the chart, the hold's
            // expiry, the box office's answer to a purchase.
            return .accessibilityMenu(beneath: beneath.after(event))
        case (.blanked(nil), .wake(let zoomed)), (.attract, .wake(let zoomed)):
            return .chart(zoomed: zoomed)
        case (.stadium, .chartZoomed(let zoomed)), (.tribune, .chartZoomed(let zoomed)):
            return .chart(zoomed: zoomed)
        case (.stadium, .cartOpened), (.tribune, .cartOpened):
            return .cart
        case (.cart, .cartClosed(let zoomed)), (.review, .reviewDismissed(let zoomed)),
             (.cart, .holdExpired(let zoomed)), (.review, .holdExpired(let zoomed)):
            return .chart(zoomed: zoomed)
        case (.stadium, .reviewRequested), (.tribune, .reviewRequested), (.cart, .reviewRequested):
            return .review
        case (.review, .buyRequested):
            return .purchasing
        case (.purchasing, .purchased(let receipt, let t)):
            return .receipt(receipt, since: t)
        case (.purchasing, .purchaseFailed(let reason)):
            return .purchaseFailed(reason: reason)
        case (.receipt, .dialogDismissed), (.purchaseFailed, .dialogDismissed):
            return .chart(zoomed: false)
        case (.stadium, .idleTimeout(let t)), (.tribune, .idleTimeout(let t)):
            return .idlePrompt(since: t)
        case (.idlePrompt, .visitorContinued(let zoomed)):
            return .chart(zoomed: zoomed)
        case (.idlePrompt, .promptExpired(let t)):
            return .attract(since: t)
        case (.stadium, .blankTimeout), (.tribune, .blankTimeout), (.cart, .blankTimeout), (.review, .blankTimeout),
             (.idlePrompt, .blankTimeout), (.attract, .blankTimeout):
            return .blanked(serviceCode: nil)
        default:
            return self
        }
    }

    /// The screen under an out-of-service screen (itself otherwise).
    public var beneath: KioskScreen {
        if case .outOfService(_, let b) = self { return b }
        return self
    }

    /// The screen under the accessibility card (itself otherwise): what the card lies over.
    public var beneathAccessibilityMenu: KioskScreen {
        if case .accessibilityMenu(let b) = self { return b }
        return self
    }

    /// The one-word phase for scripts, tests and the status line.
    public var phase: KioskPhase {
        switch self {
        case .stadium: .browsing
        case .tribune: .zoomed
        case .cart: .cart
        case .review: .review
        case .purchasing: .checkout
        case .receipt: .confirmation
        case .purchaseFailed: .purchaseFailed
        case .idlePrompt: .idlePrompt
        case .attract: .attract
        case .blanked: .blanked
        case .outOfService: .outOfService
        case .accessibilityMenu: .accessibility
        }
    }

    /// A purchase is under way or its outcome is on screen: no idle prompt, no blanking, holds
    /// do not expire.
    var isInCheckout: Bool {
        switch beneath.beneathAccessibilityMenu {
        case .purchasing, .receipt, .purchaseFailed: true
        default: false
        }
    }
}
