import Geometry
import Seating

/// Step-through selection (`AccessibilityOptions.stepThrough`): the visitor chooses section →
/// row → seats from large list items instead of tapping the map. With party size first the
/// party's size comes first (a list of sizes), Best seats heads the section list and each
/// section's rows, and the accessible filter keeps only sections and rows with wheelchair
/// spaces. Choosing a seat places the party exactly as a tap on the map does (`PartyPlacement`
/// through `tapSeatForParty`: no orphan, a wheelchair space takes its companion seat), or,
/// without party size first, toggles it under the selection's rules. The map stays on screen
/// and follows: a section flies the chart to its tribune; a row's page of seats is flown to and
/// pointed out by the seat callout naming the row (another page flies on where its seats are out
/// of sight); a seat chosen is kept in sight with its callout. Buy, the cart, the review and the
/// receipt are the usual ones.
extension KioskSession {
    /// The list is on screen: step-through on, on the map's screens.
    var showsStepList: Bool { accessibility.stepThrough && (screen == .stadium || screen == .tribune) }

    /// The list shown: party size first asks for the size before anything else.
    var stepLevel: StepThrough.Level {
        configuration.partySizeFirst && party.size == nil ? .partySize : stepThrough.level
    }

    /// The chart's safe area now: beside or above the list with step-through on, else below
    /// the party strip (`chartSafeArea(_:configuration:)`).
    var currentChartSafeArea: Rect {
        accessibility.stepThrough ? StepListLayout(layout: layout, itemCount: 0, showsBack: false).chartArea
            : Self.chartSafeArea(layout, configuration: configuration)
    }

    /// Step-through was turned on or off: the list starts at its top, and the chart's safe
    /// area moves beside or above it (or back), so a tribune flown to is never under the list.
    func stepThroughChanged() {
        stepThrough = StepThrough()
        stepItemTouched = nil
        seatCallout = nil
        let view = interaction.chart.view
        interaction.setBounds(safeArea: currentChartSafeArea, pixelsPerMillimetre: configuration.pixelsPerMillimetre,
                              homeRotation: view.homeRotation)
        followChartZoom()
        dirty = true
    }

    /// The list shown now, built once: its items (all pages), its layout and the page shown
    /// (kept inside the list: a list can shrink under it, by the filter or a seat sold).
    func stepListPage() -> (items: [StepListItem], layout: StepListLayout, page: Int) {
        let items = stepListItems()
        let list = StepListLayout(layout: layout, itemCount: items.count, showsBack: stepLevelHasParent)
        return (items, list, min(max(0, stepThrough.page), list.pages - 1))
    }

    /// The list's layout for the list shown now.
    func stepListLayout() -> StepListLayout { stepListPage().layout }

    /// The list has a level above it (Back is shown).
    var stepLevelHasParent: Bool {
        switch stepLevel {
        case .partySize: party.size != nil
        case .sections: false
        case .rows, .seats: true
        }
    }

    /// The entries on screen now, in reading order — the page's items, then Back, Previous and
    /// More where shown — each with its frame, spoken label and action (empty when the list is
    /// not on screen). Screen-reader focus moves through this array.
    public var stepListEntries: [StepListEntry] {
        guard showsStepList else { return [] }
        return stepEntries(stepListPage())
    }

    /// The entries of `shown` (`stepListPage()`), in reading order.
    func stepEntries(_ shown: (items: [StepListItem], layout: StepListLayout, page: Int)) -> [StepListEntry] {
        let (items, list, page) = shown, strings = content.strings
        var entries = list.range(page: page, of: items.count).enumerated().map { k, i in
            StepListEntry(frame: list.items[k], label: items[i].label(strings), action: items[i].action)
        }
        if stepLevelHasParent { entries.append(StepListEntry(frame: list.back, label: strings.backButton, action: .back)) }
        if page > 0 { entries.append(StepListEntry(frame: list.previous, label: strings.previousPage, action: .previousPage)) }
        if page < list.pages - 1 { entries.append(StepListEntry(frame: list.more, label: strings.morePage, action: .nextPage)) }
        return entries
    }

    /// Where a touch at `p` goes while the list is shown: an entry, or nowhere inside the
    /// panel (it never reaches the chart); nil outside the panel or without the list.
    func stepListRoute(at p: Point) -> TouchRouter.Route? {
        stepItemTouched = nil
        guard showsStepList else { return nil }
        let entries = stepListEntries
        if let k = entries.firstIndex(where: { $0.frame.contains(p) }) {
            stepItemTouched = k
            return .control(.stepItem)
        }
        return StepListLayout(layout: layout, itemCount: 0, showsBack: false).panel.contains(p) ? .swallow(wake: false) : nil
    }

    /// The entry the touch in progress went to (the first entry otherwise), nil without the list.
    func stepListFrame() -> Rect? {
        let entries = stepListEntries
        guard !entries.isEmpty else { return nil }
        return entries[min(stepItemTouched ?? 0, entries.count - 1)].frame
    }

    /// Does what `action` says (a tap on its entry, or a screen reader's double-tap).
    public func activateStepList(_ action: StepListEntry.Action) {
        guard showsStepList else { return }
        dirty = true
        switch action {
        case .partySize(let n):
            choosePartySize(n)
            open(.sections)
        case .changePartySize:
            open(.partySize)
        case .bestSeats(let section):
            chooseBestSeats(in: section)
        case .accessibleFilter:
            toggleAccessibleFilter()
            stepThrough.page = 0
        case .section(let t):
            open(.rows(section: t))
            flyToSection(t)
        case .row(let r):
            open(.seats(row: r))
            pointOutRow(r)
        case .seat(let s):
            chooseListedSeat(s)
        case .back:
            stepBack()
        case .previousPage:
            stepThrough.page = stepListPage().page - 1
            followSeatPage()
        case .nextPage:
            stepThrough.page = stepListPage().page + 1
            followSeatPage()
        }
    }

    /// Shows `level` from its first page.
    private func open(_ level: StepThrough.Level) {
        stepThrough = StepThrough(level: level, page: 0)
    }

    /// Back: the list above, at the page holding the item that was opened; the map follows
    /// (the stadium again for the sections, the section's tribune for its rows).
    private func stepBack() {
        let venue = interaction.chart.venue
        let from: StepListEntry.Action
        switch stepLevel {
        case .partySize:
            open(.sections)
            return
        case .sections:
            return
        case .rows(let t):
            stepThrough.level = .sections
            from = .section(t)
            seatCallout = nil
            interaction.home()
            followChartZoom()
        case .seats(let r):
            let t = Int(venue.rows[r].tribune)
            stepThrough.level = .rows(section: t)
            from = .row(r)
            flyToSection(t)
        }
        let shown = stepListPage()
        let index = shown.items.firstIndex { $0.action == from } ?? 0
        stepThrough.page = index / max(1, shown.layout.perPage)
    }

    /// The chart flies to section `t`'s tribune, fitted (the tribune-tap flight).
    private func flyToSection(_ t: Int) {
        let venue = interaction.chart.venue, rows = venue.tribunes[t].rows
        guard !rows.isEmpty else { return }
        let middle = rows.lowerBound + rows.count / 2
        seatCallout = nil
        interaction.show(SeatBlock(row: middle, seats: venue.rows[middle].seats))
        followChartZoom()
    }

    /// The chart flies to row `r`, aimed at the seats its list's page shows (where the tribune
    /// cannot be fitted with legible seats, as on a 7" panel's strip, the view centres on those,
    /// not on the row's middle), and the callout points at their middle seat, naming the row.
    private func pointOutRow(_ r: Int) {
        let seats = interaction.chart.venue.rows[r].seats
        guard !seats.isEmpty else { return }
        let block = seatPageBlock().flatMap { $0.row == r ? $0 : nil } ?? SeatBlock(row: r, seats: seats)
        interaction.show(block)
        pointOutListedRow(block)
    }

    /// Another page of a row's seats: the map flies on where its seats are out of sight, and
    /// the callout naming the row moves to them (a seat's own callout stays where it is).
    private func followSeatPage() {
        guard let block = seatPageBlock(), interaction.keepInSight(block) else { return }
        if seatCallout == nil || seatCallout?.outcome == .listedRow { pointOutListedRow(block) } else { followChartZoom() }
    }

    /// The seats of the seat list's page shown now, first to last (nil on another level).
    private func seatPageBlock() -> SeatBlock? {
        guard case .seats(let r) = stepLevel else { return nil }
        let shown = stepListPage()
        let seats = shown.layout.range(page: shown.page, of: shown.items.count).compactMap { i -> Int? in
            if case .seat(let s) = shown.items[i].action { s } else { nil }
        }
        guard let first = seats.min(), let last = seats.max() else { return nil }
        return SeatBlock(row: r, seats: first..<(last + 1))
    }

    /// The callout naming the row, at `block`'s middle seat in the view flown to.
    private func pointOutListedRow(_ block: SeatBlock) {
        callOut(block, .listedRow)
    }

    /// A seat chosen from the list: the party placed there as a tap on the map places it
    /// (a proposal flown to and pointed out where it does not fit), or without party size
    /// first the seat toggled under the selection's rules, with the seat's callout either way.
    private func chooseListedSeat(_ s: Int) {
        defer { keepListedSeatInSight(s) }
        let venue = interaction.chart.venue
        let at = interaction.chart.view.screenPoint(fromChart: venue.seats[s].center)
        if configuration.partySizeFirst { return tapSeatForParty(s, finger: at) }
        let before = selectedSeats
        var selection = interaction.chart.selection
        do {
            let on = try selection.toggle(s, venue: venue, availability: interaction.chart.availability, now: now)
            interaction.chart.selection = selection
            checkout.selectionChanged(from: before, to: selectedSeats)
            seatCallout = SeatCallout(seat: s, finger: at, outcome: on ? .selected : .deselected)
        } catch {
            seatCallout = SeatCallout(seat: s, finger: at, outcome: .refused)
            showToast(message(for: error, seat: s))
        }
    }

    /// After seat `s` was chosen from the list: the visitor's seats in its row around it (or
    /// the seat alone when it was let go or refused) are flown into the chart's safe area when
    /// any is out of sight, and the callout points from where they are then.
    private func keepListedSeatInSight(_ s: Int) {
        let venue = interaction.chart.venue, row = Int(venue.seats[s].row)
        let inRow = selectedSeats.filter { venue.rows[row].seats.contains($0) }
        let ends = inRow.contains(s) ? (inRow.min() ?? s, inRow.max() ?? s) : (s, s)
        let block = SeatBlock(row: row, seats: ends.0..<(ends.1 + 1))
        guard interaction.keepInSight(block) else { return }
        followChartZoom()
        if var callout = seatCallout {
            callout.finger = interaction.chart.view.screenPoint(fromChart: venue.seats[callout.seat].center)
            seatCallout = callout
        }
    }

    /// Best seats from the list: anywhere (`chooseBestSeats`), or the best block of section
    /// `section` (the same rule with the other sections' seats counted as taken).
    private func chooseBestSeats(in section: Int?) {
        guard let t = section else { return chooseBestSeats() }
        guard let n = party.size else { return open(.partySize) }
        let venue = interaction.chart.venue, seats = venue.tribunes[t].seats
        var availability = interaction.chart.availability
        for s in selectedSeats where availability.status(s) != .available { availability.set(s, .available) }
        let elsewhere = Array(0..<seats.lowerBound) + Array(seats.upperBound..<venue.seatCount)
        let vacancy = SeatVacancy(availability: availability, now: now, alsoTaken: elsewhere)
        do {
            let block = try BestAvailable.block(partySize: n, kind: party.accessibleOnly ? .accessible : .standard,
                                                maxPerOrder: maxPartySize, venue: venue, vacancy: vacancy,
                                                pairing: AccessiblePairing(venue: venue))
            takeSeats(Array(block.seats))
            pointOut(block)
        } catch {
            seatCallout = nil
            let strings = content.strings
            showToast(party.accessibleOnly ? strings.counted(\.noAccessibleSeats, n)
                      : KioskStrings.fill(strings.counted(\.noSeatsTogetherIn, n), ("section", venue.tribunes[t].label)))
        }
    }
}
