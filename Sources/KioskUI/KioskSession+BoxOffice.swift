import Seating

extension KioskSession {
    /// The box-office requests queued since the last call, in order.
    public func takeRequests() -> [BoxOfficeRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// An answer from the box office (or news from it).
    public func receive(_ response: BoxOfficeResponse) {
        dirty = true
        switch response {
        case .seatHeld(let id, let expiresAt):
            guard let seat = seatIndex(id), selectedSeats.contains(seat) else { return }
            if let k = holds.firstIndex(where: { $0.seat == seat }) {
                holds[k].expiresAt = expiresAt
            } else {
                holds.append((seat, expiresAt))
            }
        case .seatTaken(let id):
            guard let seat = seatIndex(id) else { return }
            // Someone else has it now: greyed, not selectable, out of our selection.
            interaction.setStatus(seat, .held(hold: "", until: .infinity))
            holds.removeAll { $0.seat == seat }
            if interaction.deselect(seat) { showToast(takenMessage(seat)) }
        case .seatReleased(let id):
            guard let seat = seatIndex(id) else { return }
            holds.removeAll { $0.seat == seat }
        case .purchased(let orderID, let seats):
            purchases.append(orderID)
            for id in seats { if let seat = seatIndex(id) { interaction.setStatus(seat, .sold) } }
            buyPending = false
            holds.removeAll()
            dialog = .purchased(tickets: seats.count)
            release()
        case .purchaseFailed(let reason):
            buyPending = false
            dialog = .failed(reason: reason)
            release()
        case .availability(let changes):
            for c in changes {
                guard let seat = seatIndex(c.seatID) else { continue }
                let status: SeatStatus
                switch c.status {
                case "sold": status = .sold
                case "held": status = .held(hold: "", until: .infinity)
                case "blocked": status = .blocked
                default: status = .available
                }
                if selectedSeats.contains(seat) {
                    // Our own hold shows as "held"; only a sale means it is gone.
                    guard status == .sold, dialog == nil, !buyPending else { continue }
                    interaction.setStatus(seat, status)
                    holds.removeAll { $0.seat == seat }
                    if interaction.deselect(seat) { showToast(takenMessage(seat)) }
                } else {
                    interaction.setStatus(seat, status)
                }
            }
        case .service(let code):
            if let code {
                serviceCode = code
                recognizer.reset()
                release()
            } else {
                // Back in service: a fresh idle period (a prompt shown before would have run out meanwhile).
                serviceCode = nil
                promptStartedAt = nil
                lastActivity = max(lastActivity, now)
            }
            updateHeader()
        }
    }

    /// "Seat 7 in row 3 (Ring 1 · North 2) was just taken": names the seat as the ticket does.
    func takenMessage(_ seat: Int) -> String {
        let venue = interaction.chart.venue
        let s = venue.seats[seat]
        return "Seat \(venue.seatNumbers[seat]) in row \(venue.rowLabels[Int(s.row)]) (\(venue.tribunes[Int(s.tribune)].label)) was just taken"
    }

    func seatIndex(_ id: String) -> Int? {
        if lookup == nil { lookup = SeatLookup(venue: interaction.chart.venue) }
        return lookup!.index(of: id)
    }
}
