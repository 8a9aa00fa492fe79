import Animation
import Geometry

extension KioskSession {
    /// Sets up the chart renderer and draws the chart as the trace-in will end on it, while the
    /// session starts: its buffers (tens of MB at 1080p), the seat layout and the seat masks
    /// then exist before the first frame that shows them, which is otherwise the slowest
    /// frame of a session (about 35 ms for 60,000 seats against 4–10 ms once warm).
    func prepareChart() {
        let w = Int(configuration.screenSize.width.rounded()), h = Int(configuration.screenSize.height.rounded())
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { return }
        let chart = interaction.chart
        let (frames, base) = frameCache.chartFrameRenderer(venue: chart.venue, width: w, height: h, style: renderer,
                                                                patternScale: patternScale, threads: configuration.chartThreads)
        _ = frames.renderPicture(chart, view: interaction.presentedView, seatReveal: interaction.seatReveal, now: now, into: base)
        // The trace-in's fills too, so its first frame is as quick as the rest.
        if animator.value(trace) < 1 { _ = traceFills(interaction.presentedView.chartToScreen, width: w, height: h) }
        // And the labels' sprites (about 50 ms at 4K), which the first frame after the trace-in
        // would otherwise make: a hitch of three display frames.
        _ = chartLabels()
    }

    func startTrace() {
        animator.set(trace, to: 0, transaction: Transaction())
        animator.set(trace, to: 1, transaction: Transaction(animation: .easeInOut(duration: Self.traceDuration)))
    }

    /// A touch on the attract or blank screen: back to the seat selection, the stadium traces in.
    func wake(at t: Double) {
        go(.wake(zoomed: chartIsZoomed))
        timers.lastActivity = max(timers.lastActivity, t)
        startTrace()
        followChartZoom()
    }

    /// A touch or Continue on the idle prompt: the visitor is still there.
    func continueSession() {
        go(.visitorContinued(zoomed: chartIsZoomed))
        timers.lastActivity = max(timers.lastActivity, now)
    }

    /// Idle: holds released, selection cleared, zoomed out (the attract screen or the blanked
    /// display follows).
    func resetSession() {
        checkout.requestReleaseAll()
        timers.toast = nil
        clearSession(animated: false)
        startInDefaultLanguage()
        // The next visitor starts with the configured accessibility mode, usually none (a
        // headset plugged in turns it on).
        setAccessibility(configuration.accessibility)
    }

    /// Selection emptied, holds forgotten, the view home.
    func clearSession(animated: Bool) {
        interaction.clearSelection()
        checkout.forgetHolds()
        recognizer.reset()
        // Home with the home rotation: animated after Ok, at once on the idle reset.
        if animated { interaction.home() } else { interaction.resetHome() }
        animator.set(pressScale, to: 1, transaction: Transaction())
        pressed = nil
        legendOpen = false
        legendHighlight = nil
        // The next visitor picks their own party size.
        party = PartyChoice()
        stepThrough = StepThrough()
        followChartZoom()
        dirty = true
    }

    /// The hold ran out: the seats are no longer ours.
    func holdsExpired() {
        interaction.clearSelection()
        checkout.forgetHolds()
        showToast(content.strings.holdExpired)
    }

    func showToast(_ text: String) {
        timers.toast = (text, now + Self.toastDuration)
        dirty = true
    }
}
