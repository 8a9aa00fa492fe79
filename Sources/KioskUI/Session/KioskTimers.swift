/// The session's clocks, in seconds on the session's clock: when the visitor last touched, the
/// wake guard, the toast's expiry, and the deadlines they imply on each screen. A value type
/// with no behaviour of its own beyond the arithmetic: `KioskSession` fires what it reports.
///
/// Ordering rule: every deadline reported lies strictly after the time it was computed at, or
/// is due and changes state when fired, so firing deadlines in order always makes progress.
struct KioskTimers {
    /// The latest touch, s.
    var lastActivity: Double
    /// Whether a visitor has touched the screen since the kiosk started or the last idle reset:
    /// without one there is nobody to ask "Still there?", so no idle timeout runs.
    var visitorTouched = false
    /// Touches before this are swallowed (just after a touch woke the screen), s.
    var wakeGuardUntil = -Double.infinity
    /// The toast on screen and when it goes, s.
    var toast: (text: String, until: Double)?

    init(now: Double) { lastActivity = now }

    /// A finger on the screen at `t`, s.
    mutating func touched(at t: Double) {
        lastActivity = max(lastActivity, t)
        visitorTouched = true
    }

    /// The toast's text if it is still up at `now`.
    func toastText(at now: Double) -> String? {
        guard let toast, toast.until > now else { return nil }
        return toast.text
    }

    /// The earliest of the session's own timers on `screen` (nil: none): toast expiry; idle
    /// prompt (only after a visitor touched), its countdown seconds and expiry; the receipt's
    /// timeout; blanking; the hold's countdown and expiry.
    /// `idle`: no finger down. `holdExpiresAt`: the earliest hold expiry, s.
    func deadline(screen: KioskScreen, now: Double, idle: Bool, holdExpiresAt: Double?,
                  configuration: KioskSession.Configuration) -> Double? {
        var d: Double?
        func consider(_ t: Double?) { if let t, t.isFinite, d == nil || t < d! { d = t } }
        if let toast { consider(toast.until) }
        switch screen {
        case .blanked, .outOfService: return d
        case .idlePrompt(let start):
            let end = start + configuration.idlePromptDuration
            if idle { consider(end) }
            consider(Self.nextSecondTick(until: end, now: now))
        case .stadium, .tribune, .accessibilityMenu(beneath: .stadium), .accessibilityMenu(beneath: .tribune):
            if idle && visitorTouched { consider(lastActivity + configuration.idleTimeout) }
        case .receipt(_, let since), .accessibilityMenu(beneath: .receipt(_, let since)):
            if let limit = configuration.receiptTimeout { consider(since + limit) }
        case .attract, .cart, .review, .purchasing, .purchaseFailed, .accessibilityMenu:
            break
        }
        let inCheckout = screen.isInCheckout
        if let blank = configuration.blankAfter, idle, !inCheckout { consider(lastActivity + blank) }
        if !inCheckout, let expiry = holdExpiresAt {
            consider(expiry)
            consider(Self.nextSecondTick(until: expiry, now: now))
        }
        return d
    }

    /// When a countdown to `end` shown in whole seconds (rounded up) next changes, strictly
    /// after `now`; nil in its last second.
    static func nextSecondTick(until end: Double, now: Double) -> Double? {
        let remaining = end - now
        guard remaining > 1 else { return nil }
        let shown = remaining.rounded(.up)
        var t = end - (shown - 1)
        if t <= now { t = end - (shown - 2) }
        return t < end ? t : nil
    }
}
