import Seating

extension KioskSession {
    /// What the screen shows now, as one word (see `KioskPhase`).
    public var phase: KioskPhase { screen.phase }

    /// True while the display should be blanked (long idle).
    public var isBlanked: Bool { if case .blanked = screen { true } else { false } }

    /// The seats chosen, in order (venue seat indices).
    public var selectedSeats: [Int] { interaction.chart.selection.seats }

    /// The total of the selection in minor units of `configuration.currency` (categories
    /// without a price count 0).
    public var total: Int { checkout.total(of: selectedSeats) }

    /// The price of category `index` (in `venue.categories`), minor units, or nil when the
    /// configuration names none.
    public func price(ofCategory index: Int) -> Int? { checkout.price(ofCategory: index) }

    /// The latest completed purchases (order ids, oldest first; at most 16 are kept).
    public var purchases: [String] { checkout.purchases }

    /// Completed purchases since the session started.
    public var purchaseCount: Int { checkout.purchaseCount }

    /// Buy Tickets can be pressed: a box office that answers, seats chosen, no purchase under
    /// way or on screen.
    public var canBuy: Bool {
        configuration.boxOfficeConfigured && watch.isReachable && !selectedSeats.isEmpty && !screen.isInCheckout
    }

    /// A box office is configured and has not answered lately (out of service comes after
    /// `Configuration.outOfServiceAfter`): the bottom bar says the kiosk is reconnecting.
    public var isReconnecting: Bool { configuration.boxOfficeConfigured && !watch.isReachable }

    /// The toast on screen now, if any.
    public var toastText: String? { timers.toastText(at: now) }

    /// The earliest hold expiry among the selected seats, s (nil when nothing is held).
    public var holdExpiresAt: Double? { checkout.holdExpiresAt }

    /// The staff-readable code of the out-of-service screen (nil: in service).
    public var outOfServiceCode: String? {
        switch screen {
        case .outOfService(let code, _): code
        case .blanked(let code): code
        default: nil
        }
    }

    /// Seconds left in the idle prompt (nil when it is not shown).
    public var idlePromptRemaining: Double? {
        guard case .idlePrompt(let start) = screen.beneath else { return nil }
        return max(0, start + configuration.idlePromptDuration - now)
    }

    /// A one-line state for systemd's STATUS= and the control socket.
    public var statusLine: String {
        let selected = selectedSeats.count
        var s = "\(phase.rawValue), \(selected) seat\(selected == 1 ? "" : "s") selected, \(purchaseCount) purchase\(purchaseCount == 1 ? "" : "s")"
        if let code = outOfServiceCode { s += ", out of service (\(code))" }
        return s
    }

    /// Something changed since the last `render(into:)`, or an animation is running.
    public var needsDisplay: Bool { dirty || animator.isAnimating || isContinuouslyAnimated }

    /// Screens that move by themselves: the turning attract stadium, the checkout spinner.
    var isContinuouslyAnimated: Bool {
        switch screen {
        case .attract, .purchasing: true
        default: false
        }
    }

    /// No finger down, no gesture undecided, no animation running, no chart frame half drawn
    /// (`ChartFrameRenderer.hasDeferredTiles`): nothing changes until the
    /// next input or `nextDeadline` (idle, countdown and toast timers may still be pending), so
    /// a host may sleep until then and a replay may stop.
    public var isSettled: Bool {
        router.isIdle && recognizer.state != .active && recognizer.state != .possible
            && !animator.isAnimating && !isContinuouslyAnimated && frameCache.chartFrames?.hasDeferredTiles != true
    }
}
