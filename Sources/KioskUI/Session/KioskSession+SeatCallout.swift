import Geometry
import Gestures
import Seating

extension KioskSession {
    /// The seat callout's state: which seat was tapped, where the finger was (screen px) and
    /// what the tap did. Set by a tap on a seat, cleared by the next gesture of any kind.
    struct SeatCallout: Equatable {
        enum Outcome: Equatable {
            case selected, deselected, refused
            /// A party of `count` placed at the seat, or (`proposed`) a block pointed out there.
            case party(count: Int, proposed: Bool)
            /// One of the visitor's seats, flown to from its cart line (no tap on it).
            case inCart
            /// A row opened in step-through's list: the callout names the row, at its middle seat.
            case listedRow
        }
        var seat: Int
        var finger: Point
        var outcome: Outcome
    }

    /// The finger's radius the callout keeps clear of, mm (a fingertip and its shadow).
    public static let calloutFingerRadiusMillimetres = 10.0

    /// Shows or hides the callout after chart gesture `event` (`interaction` has handled it): a
    /// tap that selected, deselected or refused a seat shows that seat's; any other gesture
    /// (a finger landing, a drag, a pinch, a tap elsewhere) hides it. A lift does not.
    func updateCallout(after event: GestureEvent) {
        switch event {
        case .pressEnded:
            return
        case .tap(let location, _, _):
            switch interaction.lastOutcome {
            case .seatSelected(let s)?: seatCallout = SeatCallout(seat: s, finger: location, outcome: .selected)
            case .seatDeselected(let s)?: seatCallout = SeatCallout(seat: s, finger: location, outcome: .deselected)
            case .seatRefused(let s, _)?: seatCallout = SeatCallout(seat: s, finger: location, outcome: .refused)
            default: seatCallout = nil
            }
        default:
            seatCallout = nil
        }
    }

    /// The callout's lines for `seat`: section; row and seat; category and price; accessibility
    /// (when the seat has any); what the tap did. Names come from the venue, as on tickets.
    func calloutLines(for callout: SeatCallout) -> [String] {
        let venue = interaction.chart.venue, strings = content.strings
        let record = venue.seats[callout.seat]
        if callout.outcome == .listedRow {
            return [venue.tribunes[Int(record.tribune)].label, KioskStrings.fill(strings.rowLabel, ("row", venue.rowLabels[Int(record.row)]))]
        }
        var lines = [venue.tribunes[Int(record.tribune)].label,
                     KioskStrings.fill(strings.rowAndSeat, ("row", venue.rowLabels[Int(record.row)]),
                                       ("seat", venue.seatNumbers[callout.seat]))]
        if let category = categoryLine(Int(record.category)) { lines.append(category) }
        var access: [String] = []
        if record.flags.contains(.wheelchair) { access.append(strings.wheelchairSpace) }
        if record.flags.contains(.companion) { access.append(strings.companionSeat) }
        if record.flags.contains(.restrictedView) { access.append(strings.restrictedView) }
        if !access.isEmpty { lines.append(access.joined(separator: " · ")) }
        switch callout.outcome {
        case .selected: lines.append(strings.addedToSeats)
        case .deselected: lines.append(strings.removedFromSeats)
        case .refused: lines.append(strings.cannotBeChosen)
        case .inCart: lines.append(strings.yourSeats)
        case .listedRow: break
        case .party(let n, let proposed):
            // One seat is its own message, not the plural entry's singular.
            lines.append(n == 1 ? (proposed ? strings.oneSeatHere : strings.addedToSeats)
                         : strings.counted(proposed ? \.seatsTogetherHere : \.partyAdded, n))
        }
        return lines
    }

    /// Category `c`'s name and price ("Category 1 · €65.00"; the name alone without a price),
    /// nil when the venue has no such category: the callout's line, a step-through seat's.
    func categoryLine(_ c: Int) -> String? {
        let venue = interaction.chart.venue
        guard venue.categories.indices.contains(c) else { return nil }
        let name = venue.categories[c].name
        return price(ofCategory: c).map {
            KioskStrings.fill(content.strings.categoryAndPrice, ("name", name), ("price", content.money($0)))
        } ?? name
    }

    /// The callout as drawn now, placed beside its seat on screen; nil when none is shown, its
    /// tribune is no longer the one zoomed into (the home control, a reset) or its seat is off
    /// the screen.
    func calloutSnapshot() -> SessionSnapshot.Callout? {
        guard let callout = seatCallout, screen == .tribune || screen == .stadium else { return nil }
        let venue = interaction.chart.venue
        guard venue.seats.indices.contains(callout.seat) else { return nil }
        let record = venue.seats[callout.seat]
        guard interaction.chart.selectedTribune == Int(record.tribune) else { return nil }
        let view = interaction.presentedView
        let seat = view.screenPoint(fromChart: record.center)
        let screenRect = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        guard screenRect.contains(seat) else { return nil }
        let m = view.chartToScreen
        let seatRadius = record.size * abs(m.a * m.d - m.b * m.c).squareRoot() / 2
        let fingerRadius = Self.calloutFingerRadiusMillimetres * configuration.pixelsPerMillimetre
        // Never over More time (above the bar in the hold's last minute) or a toast.
        let safe = interaction.chart.view.safeArea
        var bottom = safe.maxY
        if offersMoreTime { bottom = min(bottom, moreTimeOnChart.minY - ChromePainter.haloUnits * layout.chromeUnit) }
        if let message = toastText, let toast = ToastView(message: message).box(with: painter) { bottom = min(bottom, toast.minY) }
        let area = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: max(0, bottom - safe.minY))
        let lines = calloutLines(for: callout)
        let together: [Int]
        switch callout.outcome {
        case .selected, .inCart, .party(_, proposed: false): together = selectedRun(through: callout.seat)
        case .deselected, .refused, .party(_, proposed: true), .listedRow: together = []
        }
        var alsoClear: Rect?
        for s in together {
            let c = view.screenPoint(fromChart: venue.seats[s].center)
            let r = venue.seats[s].size * abs(m.a * m.d - m.b * m.c).squareRoot() / 2
            let box = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            alsoClear = alsoClear.map { $0.union(box) } ?? box
        }
        func card(_ lines: [String]) -> SessionSnapshot.Callout? {
            SeatCalloutView.callout(lines: lines, seat: seat, seatRadius: seatRadius, finger: callout.finger,
                                    fingerRadius: fingerRadius, pixelsPerMillimetre: configuration.pixelsPerMillimetre,
                                    painter: painter, within: area, besideSeatOnly: showsStepList, alsoClear: alsoClear)
        }
        guard showsStepList else { return card(lines) }
        // Beside the step list, whose items say the rest, a card that does not fit beside its
        // seat whole names section, row and seat only; one that does not fit even so is left out
        // rather than cut or laid over the seat (a 7" panel's chart strip with large text): the
        // highlighted seats show where.
        return card(lines) ?? card(Array(lines.prefix(2)))
    }

    /// The visitor's other seats next to `seat` in its row, one run through it (a wheelchair
    /// space's companion chosen with it, the rest of a party): the callout keeps clear of them.
    func selectedRun(through seat: Int) -> [Int] {
        let venue = interaction.chart.venue, selection = interaction.chart.selection
        guard selection.contains(seat) else { return [] }
        let record = venue.seats[seat]
        func sameRow(_ s: Int) -> Bool {
            venue.seats.indices.contains(s) && venue.seats[s].row == record.row && venue.seats[s].tribune == record.tribune
                && selection.contains(s)
        }
        var run: [Int] = []
        var s = seat - 1
        while sameRow(s) { run.append(s); s -= 1 }
        s = seat + 1
        while sameRow(s) { run.append(s); s += 1 }
        return run
    }
}
