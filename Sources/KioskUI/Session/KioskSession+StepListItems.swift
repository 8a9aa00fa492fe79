import Seating

/// One item of a step-through list as drawn: a bold first line, a second line of details, the
/// wheelchair pictogram where it has wheelchair spaces, and whether it is the visitor's (their
/// seat, their party size, the filter on: drawn in the accent colour).
struct StepListItem: Equatable {
    var title: String
    var detail: String
    var wheelchair = false
    var chosen = false
    var action: StepListEntry.Action

    /// What a screen reader says for it: both lines.
    func label(_ strings: KioskStrings) -> String {
        detail.isEmpty ? title : KioskStrings.fill(strings.spokenItem, ("name", title), ("detail", detail))
    }
}

extension KioskSession {
    /// The list shown now, every page: its title and its items.
    func stepListTitle() -> String {
        let venue = interaction.chart.venue, strings = content.strings
        switch stepLevel {
        case .partySize: return strings.howManySeats
        case .sections: return strings.chooseSection
        case .rows(let t): return KioskStrings.fill(strings.chooseRow, ("section", venue.tribunes[t].label))
        case .seats(let r):
            return KioskStrings.fill(strings.chooseSeat, ("section", venue.tribunes[Int(venue.rows[r].tribune)].label),
                                     ("row", venue.rowLabels[r]))
        }
    }

    /// The items of the list shown now, in order (all pages).
    func stepListItems() -> [StepListItem] {
        let venue = interaction.chart.venue, strings = content.strings
        switch stepLevel {
        case .partySize:
            return (1...maxPartySize).map { n in
                StepListItem(title: strings.counted(\.partySizeMany, n),
                             detail: "", chosen: party.size == n, action: .partySize(n))
            }
        case .sections:
            var items = partyItems(section: nil)
            let free = freeSeatCounts()
            for (t, tribune) in venue.tribunes.enumerated() {
                let spaces = free.spaces(in: tribune.seats)
                if party.accessibleOnly && spaces.all == 0 { continue }
                let detail = [freeText(free.free(in: tribune.seats)), priceRange(tribune.seats)].filter { !$0.isEmpty }
                items.append(StepListItem(title: tribune.label, detail: detail.joined(separator: " · "), wheelchair: spaces.all > 0,
                                          action: .section(t)))
            }
            return items
        case .rows(let t):
            var items = partyItems(section: t)
            let free = freeSeatCounts()
            for r in venue.tribunes[t].rows {
                let seats = venue.rows[r].seats, spaces = free.spaces(in: seats)
                if party.accessibleOnly && spaces.all == 0 { continue }
                var detail = [freeText(free.free(in: seats))]
                if spaces.free > 0 {
                    detail.append(strings.counted(\.wheelchairSpaces, spaces.free))
                }
                items.append(StepListItem(title: KioskStrings.fill(strings.rowLabel, ("row", venue.rowLabels[r])),
                                          detail: detail.joined(separator: " · "), wheelchair: spaces.all > 0, action: .row(r)))
            }
            return items
        case .seats(let r):
            return venue.rows[r].seats.map { seatItem($0) }
        }
    }

    /// Best seats and the filter (party size first: the party's chip too), at a list's top:
    /// the sections' (`section` nil) or a section's rows'.
    private func partyItems(section: Int?) -> [StepListItem] {
        let strings = content.strings
        var items: [StepListItem] = []
        if configuration.partySizeFirst, let n = party.size {
            if section == nil {
                items.append(StepListItem(title: strings.counted(\.partyOf, n),
                                          detail: "", action: .changePartySize))
            }
            let title = section.map { KioskStrings.fill(strings.bestSeatsIn, ("section", interaction.chart.venue.tribunes[$0].label)) }
            items.append(StepListItem(title: title ?? strings.bestSeats, detail: "", action: .bestSeats(section: section)))
        }
        if section == nil {
            items.append(StepListItem(title: strings.accessibleFilter, detail: party.accessibleOnly ? strings.switchOn : strings.switchOff,
                                      wheelchair: true, chosen: party.accessibleOnly, action: .accessibleFilter))
        }
        return items
    }

    /// Seat `s`'s item: its number; category and price, status, wheelchair space or companion seat.
    private func seatItem(_ s: Int) -> StepListItem {
        let venue = interaction.chart.venue, strings = content.strings, record = venue.seats[s]
        var detail = categoryLine(Int(record.category)).map { [$0] } ?? []
        let mine = selectedSeats.contains(s)
        let status: String
        switch interaction.chart.availability.status(s, at: now) {
        case _ where mine: status = strings.yourSeat
        case .available: status = strings.seatFree
        case .held: status = strings.held
        case .sold: status = strings.sold
        case .blocked: status = strings.unavailable
        }
        detail.append(status)
        if record.flags.contains(.wheelchair) { detail.append(strings.wheelchairSpace) }
        if record.flags.contains(.companion) { detail.append(strings.companionSeat) }
        return StepListItem(title: KioskStrings.fill(strings.seatLabel, ("seat", venue.seatNumbers[s])), detail: detail.joined(separator: " · "),
                            wheelchair: !record.flags.isDisjoint(with: [.wheelchair, .companion]), chosen: mine, action: .seat(s))
    }

    /// "42 seats free", "1 seat free" or "No seats free".
    private func freeText(_ n: Int) -> String {
        n == 0 ? content.strings.noSeatsFree : content.strings.counted(\.seatsFree, n)
    }

    /// The prices of `seats`' categories: "€29.00 – €65.00", one price, or "" without prices.
    private func priceRange(_ seats: Range<Int>) -> String {
        let venue = interaction.chart.venue
        var categories = Set<Int>()
        for s in seats { categories.insert(Int(venue.seats[s].category)) }
        let prices = categories.compactMap { price(ofCategory: $0) }
        guard let low = prices.min(), let high = prices.max() else { return "" }
        let money = { self.content.money($0) }
        return low == high ? money(low) : KioskStrings.fill(content.strings.priceRange, ("low", money(low)), ("high", money(high)))
    }

    /// Free seats (the box office's free ones and the visitor's own) and wheelchair spaces,
    /// counted once per list.
    private func freeSeatCounts() -> FreeSeats {
        let venue = interaction.chart.venue, availability = interaction.chart.availability
        var free = [Bool](repeating: false, count: venue.seatCount)
        for s in 0..<venue.seatCount { free[s] = availability.status(s, at: now) == .available }
        for s in selectedSeats where s < free.count { free[s] = true }
        return FreeSeats(free: free, venue: venue)
    }
}

/// Which seats are free, for counting a section's or a row's.
private struct FreeSeats {
    let free: [Bool]
    let venue: Venue

    func free(in seats: Range<Int>) -> Int { seats.reduce(0) { $0 + (free[$1] ? 1 : 0) } }

    /// Wheelchair spaces among `seats`: all of them, and the free ones.
    func spaces(in seats: Range<Int>) -> (all: Int, free: Int) {
        var all = 0, open = 0
        for s in seats where venue.seats[s].flags.contains(.wheelchair) {
            all += 1
            if free[s] { open += 1 }
        }
        return (all, open)
    }
}
