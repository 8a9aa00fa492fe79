import Seating

extension KioskSession {
    /// The receipt for an order the box office confirmed: `orderCode` is its name there,
    /// `seatIDs` the seats it sold. Seats come in the venue's order (tribune, row, seat); the
    /// total is what the screen showed for them (the box office refuses an order whose total
    /// differs, so it is also what was charged). Ids the venue does not know are left out.
    func receipt(orderCode: String, seatIDs: [String]) -> Receipt {
        let venue = interaction.chart.venue
        var indices: [Int] = []
        indices.reserveCapacity(seatIDs.count)
        for id in seatIDs { if let s = checkout.seatIndex(id) { indices.append(s) } }
        indices.sort()
        let seats = indices.map { i in
            let s = venue.seats[i], category = Int(s.category)
            return Receipt.Seat(section: venue.tribunes[Int(s.tribune)].label, row: venue.rowLabels[Int(s.row)],
                                seat: venue.seatNumbers[i],
                                category: venue.categories.indices.contains(category) ? venue.categories[category].name : "",
                                price: checkout.price(ofCategory: category))
        }
        return Receipt(orderCode: orderCode, seats: seats, total: checkout.total(of: indices), currency: configuration.currency)
    }

    /// The receipt's timer ran out: the kiosk resets for the next visitor exactly as Done does.
    func receiptTimedOut() {
        // The accessibility card left open over it goes too.
        if showsAccessibilityMenu { go(.accessibilityClosed) }
        activate(.dialogOK)
    }
}
