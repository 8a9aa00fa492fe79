import Animation

extension KioskSession {
    /// Fires the session's timers due strictly before `time` and moves animations to it: a
    /// timer due exactly at a frame fires after the frame (the recognizers' rule).
    func catchUp(to time: Double) {
        while let d = sessionDeadline(), d < time {
            moveTo(d)
            fire(at: d)
        }
        moveTo(time)
    }

    func fireTimers(through time: Double) {
        while let d = sessionDeadline(), d <= time {
            moveTo(d)
            fire(at: d)
        }
    }

    func moveTo(_ t: Double) {
        if t > now { now = t }
        animator.advance(to: now)
    }

    /// The session's own timers (`KioskTimers.deadline`) on the current screen.
    func sessionDeadline() -> Double? {
        var d = timers.deadline(screen: screen, now: now, idle: router.isIdle, holdExpiresAt: checkout.holdExpiresAt,
                                configuration: configuration)
        if let b = boxOfficeDeadline() { d = min(d ?? b, b) }
        // A legend highlight's end redraws the map.
        guard let h = legendHighlight?.until, h > now else { return d }
        return min(d ?? h, h)
    }

    /// Fires whatever is due at `t`; every due timer changes state, so the same deadline never
    /// comes back (countdown ticks only redraw: their next tick lies later).
    func fire(at t: Double) {
        dirty = true
        if let toast = timers.toast, toast.until <= t { timers.toast = nil }
        fireBoxOffice()
        switch screen {
        case .blanked, .outOfService: return
        default: break
        }
        let idle = router.isIdle
        let inCheckout = screen.isInCheckout
        if !inCheckout, let expiry = checkout.holdExpiresAt, expiry <= t { holdRanOut() }
        if let blank = configuration.blankAfter, idle, !inCheckout, timers.lastActivity + blank <= t {
            if case .attract = screen {} else { resetSession() }
            timers.visitorTouched = false
            go(.blankTimeout)
            return
        }
        if case .receipt(_, let since) = screen.beneathAccessibilityMenu {
            if let limit = configuration.receiptTimeout, since + limit <= t { receiptTimedOut() }
            return
        }
        if case .idlePrompt(let start) = screen {
            if idle && start + configuration.idlePromptDuration <= t {
                resetSession()
                timers.visitorTouched = false
                go(.promptExpired(at: t))
            }
            return
        }
        // "Still there?" only for a visitor who touched the screen (nobody to ask otherwise).
        if idle, timers.visitorTouched, timers.lastActivity + configuration.idleTimeout <= t,
           screen.beneathAccessibilityMenu == .stadium || screen.beneathAccessibilityMenu == .tribune {
            go(.idleTimeout(at: t))
            release()
        }
    }
}
