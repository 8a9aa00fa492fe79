import Geometry
import Raster

/// Accessibility mode's look and reach: the accessibility button and its card, the chrome's
/// size and theme (large text and high contrast), low reach's band, and the headset key.
extension KioskSession {
    /// The chrome's layout for `configuration` with `accessibility`'s size and reach: 1.5× the
    /// chrome with large text; inside the reach band with low reach (when the panel's mounting
    /// is configured: `Configuration.reachBand`); without low reach the header's row, with the
    /// accessibility and language buttons, still inside that band.
    static func makeLayout(_ configuration: Configuration, accessibility: AccessibilityOptions) -> KioskLayout {
        KioskLayout(size: configuration.screenSize, pixelsPerMillimetre: configuration.pixelsPerMillimetre,
                    rightToLeft: configuration.rightToLeft, chromeScale: accessibility.largeText ? largeTextScale : 1,
                    reach: accessibility.lowReach ? configuration.reachBand : nil,
                    languageButton: configuration.languages.offered.count > 1, entryReach: configuration.reachBand)
    }

    /// Large text's chrome against the usual.
    static let largeTextScale = 1.5

    /// The colours the chrome is drawn in now: the high-contrast theme with large text.
    var chromePalette: KioskPalette { accessibility.largeText ? .highContrast : palette }

    /// Large text or low reach changed: the chrome is laid out again, the chart's safe area
    /// follows (a tribune flies inside the band) and the next frame is drawn whole.
    func accessibilityLookChanged() {
        layout = Self.makeLayout(configuration, accessibility: accessibility)
        frameCache.invalidate()
        let view = interaction.chart.view
        interaction.setBounds(safeArea: currentChartSafeArea, pixelsPerMillimetre: configuration.pixelsPerMillimetre,
                              homeRotation: view.homeRotation)
        followChartZoom()
        dirty = true
    }

    /// A headset was plugged in (`on`) or pulled out (the configured key, e.g. the jack's
    /// SW_HEADPHONE_INSERT): plugged in turns on what a visitor who cannot see the screen needs
    /// (`AccessibilityOptions.eyesFree`: step-through and speech), waking the kiosk if it was
    /// idle; pulled out turns speech off (nobody would hear it) and leaves the rest.
    public func headsetPlugged(_ on: Bool) {
        var options = accessibility
        if on {
            options.stepThrough = true
            options.speech = true
            switch screen {
            case .attract, .blanked(nil): wake(at: now)
            default: break
            }
        } else {
            options.speech = false
        }
        setAccessibility(options)
    }

    // MARK: The button and the card

    /// Where the accessibility card's controls are now (nil when it is not open).
    func accessibilityMenuFrame(of control: KioskControl) -> Rect? {
        let card = AccessibilityCardLayout(layout: layout)
        switch control {
        case .accessibilityToggle:
            // The switch the touch in progress went to (a release is checked against it), else the first.
            return card.toggles.first { $0.contains(router.location) } ?? card.toggles.first
        case .accessibilityClose: return card.close
        default: return nil
        }
    }

    /// The accessibility button on the screens over the chart (the cart, the review, the receipt
    /// and the dialogs: the header's place, `KioskLayout.accessibilityButton`, which their
    /// cards keep clear of): a touch there goes to it; on the idle prompt it also means the
    /// visitor is still there. Nil elsewhere (the chart's screens route it with their header).
    func accessibilityButtonRouteOverCards(at p: Point) -> TouchRouter.Route? {
        switch screen {
        case .cart, .review, .purchasing, .receipt, .purchaseFailed, .idlePrompt: break
        default: return nil
        }
        guard controlHitRect(.accessibility)?.contains(p) == true else { return nil }
        if case .idlePrompt = screen { continueSession() }
        return .control(.accessibility)
    }

    /// Where a touch at `p` goes on the open card: a switch, Close, else nowhere (the card is modal).
    func accessibilityMenuRoute(at p: Point) -> TouchRouter.Route {
        let card = AccessibilityCardLayout(layout: layout)
        if card.toggles.contains(where: { $0.contains(p) }) { return .control(.accessibilityToggle) }
        if card.close.contains(p) { return .control(.accessibilityClose) }
        return .swallow(wake: false)
    }

    /// The accessibility button, Close and the switches, released.
    func activateAccessibility(_ c: KioskControl) {
        switch c {
        case .accessibility:
            let wasAttract: Bool
            if case .attract = screen { wasAttract = true } else { wasAttract = false }
            go(.accessibilityOpened(zoomed: chartIsZoomed))
            if wasAttract {
                timers.lastActivity = max(timers.lastActivity, now)
                startTrace()
            }
        case .accessibilityClose:
            go(.accessibilityClosed)
        case .accessibilityToggle:
            let card = AccessibilityCardLayout(layout: layout), p = router.location
            guard let k = card.toggles.firstIndex(where: { $0.contains(p) }) ?? card.toggles.indices.min(by: {
                card.toggles[$0].center.distance(to: p) < card.toggles[$1].center.distance(to: p)
            }), let toggle = AccessibilityCardLayout.Toggle(rawValue: k) else { return }
            toggleAccessibility(toggle)
        default:
            break
        }
        dirty = true
    }

    /// Turns one of the card's switches over; it takes effect at once.
    func toggleAccessibility(_ toggle: AccessibilityCardLayout.Toggle) {
        var o = accessibility
        switch toggle {
        case .largeText: o.largeText.toggle()
        case .lowReach: o.lowReach.toggle()
        case .stepThrough: o.stepThrough.toggle()
        case .speech: o.speech.toggle()
        }
        setAccessibility(o)
    }

    /// The card's state for drawing (nil when it is not open).
    func accessibilityCardSnapshot() -> AccessibilityCardView.State? {
        guard case .accessibilityMenu = screen else { return nil }
        var s = AccessibilityCardView.State(options: accessibility)
        if pressed == .control(.accessibilityClose) {
            s.closePressed = true
        } else if pressed == .control(.accessibilityToggle) {
            let card = AccessibilityCardLayout(layout: layout)
            s.pressedToggle = card.toggles.firstIndex(where: { $0.contains(router.location) })
        }
        s.scale = animator.value(pressScale)
        return s
    }

    /// Whether the accessibility card is open.
    var showsAccessibilityMenu: Bool {
        if case .accessibilityMenu = screen { return true }
        return false
    }
}
