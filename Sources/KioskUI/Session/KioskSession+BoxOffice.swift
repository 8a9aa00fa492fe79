import Seating

extension KioskSession {
    /// An answer from the box office (or news from it).
    public func receive(_ response: BoxOfficeResponse) {
        defer { announceChanges() }
        if case .availability(let changes) = response {
            reachedBoxOffice(poll: true)
            applyAvailability(changes)
            return
        }
        dirty = true
        switch response {
        case .seatHeld, .seatTaken, .seatReleased, .holdExtended, .purchased, .service(code: nil):
            reachedBoxOffice(poll: false)
        default:
            break
        }
        switch response {
        case .seatHeld(let id, let expiresAt):
            guard let seat = checkout.seatIndex(id), selectedSeats.contains(seat) else { return }
            checkout.held(seat, until: expiresAt)
        case .seatTaken(let id):
            guard let seat = checkout.seatIndex(id) else { return }
            // Someone else has it now: greyed, not selectable, out of our selection.
            interaction.setStatus(seat, .held(hold: "", until: .infinity))
            checkout.forgetHold(seat)
            if interaction.deselect(seat) { showToast(takenMessage(seat)) }
            leaveEmptySeatList()
        case .seatReleased(let id):
            guard let seat = checkout.seatIndex(id) else { return }
            checkout.forgetHold(seat)
        case .holdExtended(let expiresAt):
            holdExtended(until: expiresAt)
        case .purchased(let orderID, let seats, let code):
            checkout.completed(orderID: orderID)
            for id in seats { if let seat = checkout.seatIndex(id) { interaction.setStatus(seat, .sold) } }
            go(.purchased(receipt(orderCode: code ?? orderID, seatIDs: seats), at: now))
            release()
        case .purchaseFailed(let reason):
            go(.purchaseFailed(reason: reason))
            release()
        case .unanswered(let request, let code):
            // The visitor keeps their seats: the request waits for the next retry ("More time"
            // waits for the visitor to ask again).
            if case .extendHold = request { checkout.extensionUnanswered() }
            watch.failed(request, code: code, at: now)
        case .service(let code?):
            watch.reportedOutOfService(code: code, at: now)
            loseService(code: code)
        case .availability, .service(code: nil):
            break
        }
    }

    /// The stadium or a tribune is on screen (out of service covers them): availability is polled.
    var seatViewIsOpen: Bool { screen == .stadium || screen == .tribune }

    /// The next poll, retry or end of patience, s (nil: none, or standalone).
    func boxOfficeDeadline() -> Double? {
        guard configuration.boxOfficeConfigured else { return nil }
        return watch.deadline(now: now, seatViewOpen: seatViewIsOpen, serviceShown: outOfServiceCode != nil,
                              pollInterval: configuration.pollInterval, outOfServiceAfter: configuration.outOfServiceAfter)
    }

    /// Queues the polls and retries due by now (a deadline met late fires now, so a poll is
    /// dated when it is asked); out of service once the box office has not answered for
    /// `outOfServiceAfter` seconds.
    func fireBoxOffice() {
        guard configuration.boxOfficeConfigured else { return }
        let due = watch.due(at: now, seatViewOpen: seatViewIsOpen, serviceShown: outOfServiceCode != nil,
                            pollInterval: configuration.pollInterval, outOfServiceAfter: configuration.outOfServiceAfter,
                            stillWanted: stillWanted)
        for r in due.requests { checkout.ask(r) }
        if let code = due.outOfService { loseService(code: code) }
    }

    /// Whether a request the box office did not answer still says what the visitor wants:
    /// a seat still chosen and not yet held, a seat still not chosen, a release of everything.
    func stillWanted(_ request: BoxOfficeRequest) -> Bool {
        switch request {
        case .holdSeat(let id):
            guard let seat = checkout.seatIndex(id) else { return false }
            return selectedSeats.contains(seat) && !checkout.isHeld(seat)
        case .releaseSeat(let id):
            guard let seat = checkout.seatIndex(id) else { return false }
            return !selectedSeats.contains(seat)
        case .releaseAll:
            return true
        case .buy, .refreshAvailability, .extendHold:
            return false
        }
    }

    /// An answer came: the outage (if any) is over, what waited goes out now, and an
    /// out-of-service screen gives way to the one beneath.
    func reachedBoxOffice(poll: Bool) {
        let wasUnreachable = !watch.isReachable
        for r in watch.answered(poll: poll, stillWanted: stillWanted) { checkout.ask(r) }
        if wasUnreachable { dirty = true }
        guard outOfServiceCode != nil else { return }
        // Back in service: a fresh idle period (a prompt shown before would have run out meanwhile).
        go(.serviceRestored(zoomed: chartIsZoomed))
        timers.lastActivity = max(timers.lastActivity, now)
        followChartZoom()
    }

    /// The out-of-service screen (or its memory while blanked), with a staff-readable code.
    func loseService(code: String) {
        go(.serviceLost(code: code))
        recognizer.reset()
        release()
        followChartZoom()
    }

    /// Seats whose status changed elsewhere. A seat of ours shows as held by our own hold; only
    /// a sale means it is gone (and not while our purchase is under way or on screen).
    func applyAvailability(_ changes: [SeatStatusChange]) {
        if !changes.isEmpty { dirty = true }
        for c in changes {
            guard let seat = checkout.seatIndex(c.seatID) else { continue }
            let status: SeatStatus
            switch c.status {
            case "sold": status = .sold
            case "held": status = .held(hold: "", until: .infinity)
            case "blocked": status = .blocked
            default: status = .available
            }
            if selectedSeats.contains(seat) {
                guard status == .sold, !screen.isInCheckout else { continue }
                interaction.setStatus(seat, status)
                checkout.forgetHold(seat)
                if interaction.deselect(seat) { showToast(takenMessage(seat)) }
            } else {
                interaction.setStatus(seat, status)
            }
        }
        leaveEmptySeatList()
    }

    /// "Seat 7 in row 3 (Ring 1 · North 2) was just taken": names the seat as the ticket does.
    func takenMessage(_ seat: Int) -> String {
        let venue = interaction.chart.venue
        let s = venue.seats[seat]
        return KioskStrings.fill(content.strings.seatTaken, ("seat", "\(venue.seatNumbers[seat])"), ("row", "\(venue.rowLabels[Int(s.row)])"),
                                 ("section", venue.tribunes[Int(s.tribune)].label))
    }
}
