import Animation
import Geometry
import Gestures
import Seating

extension KioskSession {
    /// Where a touch sequence starting at `p` goes: modal screens first, then buttons and bars,
    /// then the chart. Waking and continuing happen here, as the first finger lands.
    func decideRoute(at p: Point, time t: Double) -> TouchRouter.Route {
        // The accessibility button on the attract screen opens its card instead of only waking.
        if case .attract = screen, controlHitRect(.accessibility)?.contains(p) == true { return .control(.accessibility) }
        // The language button there switches the language and leaves the attract screen on.
        if case .attract = screen, controlHitRect(.language)?.contains(p) == true { return .control(.language) }
        switch screen {
        case .blanked, .attract, .outOfService(_, .attract):
            wake(at: t)
            return .swallow(wake: true)
        default:
            break
        }
        if t < timers.wakeGuardUntil { return .swallow(wake: true) }
        if showsAccessibilityMenu { return accessibilityMenuRoute(at: p) }
        if let route = accessibilityButtonRouteOverCards(at: p) { return route }
        switch screen {
        case .outOfService, .purchasing:
            return .swallow(wake: false)
        case .idlePrompt:
            if layout.cardButton.contains(p) { return .control(.idleContinue) }
            // Any touch means someone is there.
            continueSession()
            return .swallow(wake: false)
        case .receipt, .purchaseFailed:
            return frame(of: .dialogOK)?.contains(p) == true ? .control(.dialogOK) : .swallow(wake: false)
        case .cart, .review:
            return seatListRoute(at: p)
        case .stadium, .tribune, .blanked, .attract, .accessibilityMenu:
            break
        }
        // Step-through's list lies over the map's screens: its entries, and no chart under it.
        let route = stepListRoute(at: p) ?? mapScreenRoute(at: p)
        legendSees(route)
        return route
    }

    /// Where a touch at `p` goes on the stadium and tribune screens.
    private func mapScreenRoute(at p: Point) -> TouchRouter.Route {
        for c in [KioskControl.cart, .accessibility, .language, .zoomOut, .buy, .moreTime, .legend, .legendToggle, .partySize, .partyChange, .bestSeats, .accessibleFilter] {
            if let r = controlHitRect(c), r.contains(p) { return .control(c) }
        }
        if partyPanel?.contains(p) == true { return .swallow(wake: false) }
        if layout.bottomBar.contains(p) { return .swallow(wake: false) }
        // The open legend's panel and the header are theirs: a touch there never reaches the chart.
        if legendOpen && layout.legendPanel.contains(p) { return .swallow(wake: false) }
        if layout.header.contains(p) { return .swallow(wake: false) }
        // Low reach: the chart is covered outside the reach band.
        if !layout.chromeArea.contains(p) { return .swallow(wake: false) }
        return .chart
    }

    /// A control's area for touches: its frame grown by a few millimetres (fingers are wide),
    /// kept inside the header for the header's controls so none reaches over the chart's seats.
    func controlHitRect(_ c: KioskControl) -> Rect? {
        guard let r = frame(of: c) else { return nil }
        let hit = r.insetBy(dx: -layout.touchSlop, dy: -layout.touchSlop)
        if let panel = partyPanel, c == .partySize || c == .partyChange || c == .bestSeats || c == .accessibleFilter {
            return hit.intersection(panel)   // the party's controls reach no seat either
        }
        return c == .cart || c == .zoomOut || c == .accessibility || c == .language ? hit.intersection(layout.header) : hit
    }

    /// Where `control` is on screen now (px, unscaled by press feedback), or nil when it is not
    /// shown or cannot be pressed now (under a modal screen, header slid away).
    public func frame(of control: KioskControl) -> Rect? {
        switch screen {
        case .blanked, .outOfService:
            return nil
        case .purchasing:
            return control == .accessibility ? layout.accessibilityButton : nil
        case .attract:
            switch control {
            case .accessibility: return layout.accessibilityButton
            case .language: return languageButtonFrame
            default: return nil
            }
        case .accessibilityMenu:
            return accessibilityMenuFrame(of: control)
        case .idlePrompt:
            return control == .idleContinue ? layout.cardButton : control == .accessibility ? layout.accessibilityButton : nil
        case .receipt(let receipt, _):
            return control == .dialogOK ? receiptLayout(receipt).done
                : control == .accessibility ? layout.accessibilityButton : nil
        case .purchaseFailed:
            return control == .dialogOK ? layout.cardButton : control == .accessibility ? layout.accessibilityButton : nil
        case .cart, .review:
            return control == .accessibility ? layout.accessibilityButton : seatListFrame(of: control)
        case .stadium, .tribune:
            switch control {
            case .buy: return layout.buy
            case .accessibility: return layout.accessibilityButton
            case .language: return languageButtonFrame
            case .cart:
                return layout.cart
            case .zoomOut:
                // The home control, while the chart is away from home.
                return screen == .tribune ? layout.home : nil
            case .legend:
                return !layout.legendFolds || legendOpen ? legendFrame : nil
            case .legendToggle:
                return layout.legendFolds ? layout.legendToggle : nil
            case .partySize, .partyChange, .bestSeats, .accessibleFilter:
                return partyFrame(of: control)
            case .moreTime:
                return offersMoreTime ? moreTimeOnChart : nil
            case .stepItem:
                return showsStepList ? stepListFrame() : nil
            case .dialogOK, .idleContinue, .cartLine, .cartRemove, .cartClose, .reviewBack, .reviewConfirm,
                 .accessibilityToggle, .accessibilityClose:
                return nil
            }
        }
    }

    /// What a released control does.
    func activate(_ c: KioskControl) {
        switch c {
        case .buy:
            openReview()
        case .zoomOut:
            interaction.home()
            followChartZoom()
        case .dialogOK:
            if case .purchaseFailed = screen { checkout.requestReleaseAll() }
            // Done on the receipt: the next visitor starts in the default language.
            if case .receipt = screen { startInDefaultLanguage() }
            let bought: Bool
            if case .receipt = screen { bought = true } else { bought = false }
            go(.dialogDismissed)
            clearSession(animated: true)
            // Done on the receipt: the next visitor starts without accessibility mode.
            if bought { setAccessibility(.off) }
        case .cart:
            openCart()
        case .cartClose:
            closeCart()
        case .cartLine:
            if let k = listLine { flyToCartLine(k) }
        case .cartRemove:
            if let k = listLine { removeCartLine(k) }
        case .reviewConfirm:
            confirmReview()
        case .reviewBack:
            leaveReview()
        case .moreTime:
            requestMoreTime()
        case .idleContinue:
            continueSession()
        case .legend:
            tapLegend(at: router.location)
        case .legendToggle:
            toggleLegend()
        case .partySize:
            pickPartySize(at: router.location)
        case .partyChange:
            openPartyPicker()
        case .bestSeats:
            chooseBestSeats()
        case .accessibleFilter:
            toggleAccessibleFilter()
        case .accessibility, .accessibilityToggle, .accessibilityClose:
            activateAccessibility(c)
        case .language:
            cycleLanguage()
        case .stepItem:
            let entries = stepListEntries
            if let k = stepItemTouched, entries.indices.contains(k) { activateStepList(entries[k].action) }
        }
    }

    /// Applies the chart's gesture events.
    func deliver() {
        guard !events.events.isEmpty else { return }
        for e in events.events {
            totals.receive(e)
            switch e {
            case .pressBegan(let location, _):
                if let seat = seatUnder(location) { press(.seat(seat)) }
            case .pressEnded:
                if case .seat? = pressed { release() }
            case .tap(let location, _, _) where configuration.partySizeFirst && seatUnder(location) != nil:
                // Party size first: the seat takes the whole party (and sets its own callout).
                if let seat = seatUnder(location) { tapSeatForParty(seat, finger: location) }
                continue
            case .tap:
                let before = selectedSeats
                interaction.handle(e)
                if case .seatRefused(let seat, let why)? = interaction.lastOutcome { showToast(message(for: why, seat: seat)) }
                checkout.selectionChanged(from: before, to: selectedSeats)
            default:
                interaction.handle(e)
            }
            updateCallout(after: e)
        }
        events.events.removeAll(keepingCapacity: true)
        followChartZoom()
    }

    /// The seat of the selected tribune under screen point `p`, once its seats are shown.
    func seatUnder(_ p: Point) -> Int? {
        let chart = interaction.chart
        guard let t = chart.selectedTribune, interaction.seatReveal >= 1 else { return nil }
        let c = interaction.presentedView.chartPoint(fromScreen: p)
        guard chart.venue.tribunes[t].contains(c) else { return nil }
        return chart.index.seat(at: c, inTribune: t, of: chart.venue)
    }

    func message(for refusal: SelectionRefusal, seat: Int) -> String {
        switch refusal {
        case .limitReached(let max): return content.strings.counted(\.atMostTickets, max)
        case .wouldLeaveOrphan: return content.strings.noSingleSeat
        default: return KioskStrings.fill(content.strings.seatNotAvailable, ("seat", "\(interaction.chart.venue.seatNumbers[seat])"))
        }
    }

    /// After anything that may move the chart away from home or back: the screen follows it
    /// between stadium and tribune (the header stays; the home control shows on the tribune).
    func followChartZoom() {
        go(.chartZoomed(chartIsZoomed))
    }

    func press(_ item: Pressed) {
        pressed = item
        animator.set(pressScale, to: Self.pressedScale, transaction: Transaction(animation: .easeOut(duration: Self.pressDuration)))
        dirty = true
    }

    func release() {
        animator.set(pressScale, to: 1, transaction: Transaction(animation: .easeOut(duration: Self.pressDuration)))
        dirty = true
    }
}
