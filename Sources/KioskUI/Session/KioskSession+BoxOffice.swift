import Seating

extension KioskSession {
    /// An answer from the box office (or news from it).
    public func receive(_ response: BoxOfficeResponse) {
        dirty = true
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
        case .seatReleased(let id):
            guard let seat = checkout.seatIndex(id) else { return }
            checkout.forgetHold(seat)
        case .purchased(let orderID, let seats):
            checkout.completed(orderID: orderID)
            for id in seats { if let seat = checkout.seatIndex(id) { interaction.setStatus(seat, .sold) } }
            go(.purchased(receipt(orderCode: orderID, seatIDs: seats), at: now))
            release()
        case .purchaseFailed(let reason):
            go(.purchaseFailed(reason: reason))
            release()
        case .availability(let changes):
            applyAvailability(changes)
        case .service(let code):
            if let code {
                go(.serviceLost(code: code))
                recognizer.reset()
                release()
            } else {
                // Back in service: a fresh idle period (a prompt shown before would have run out meanwhile).
                go(.serviceRestored(zoomed: chartIsZoomed))
                timers.lastActivity = max(timers.lastActivity, now)
            }
            followChartZoom()
        }
    }

    /// Seats whose status changed elsewhere. A seat of ours shows as held by our own hold; only
    /// a sale means it is gone (and not while our purchase is under way or on screen).
    func applyAvailability(_ changes: [SeatStatusChange]) {
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
    }

    /// "Seat 7 in row 3 (Ring 1 · North 2) was just taken": names the seat as the ticket does.
    func takenMessage(_ seat: Int) -> String {
        let venue = interaction.chart.venue
        let s = venue.seats[seat]
        return KioskStrings.fill(content.strings.seatTaken, ("seat", "\(venue.seatNumbers[seat])"), ("row", "\(venue.rowLabels[Int(s.row)])"),
                                 ("section", venue.tribunes[Int(s.tribune)].label))
    }
}
