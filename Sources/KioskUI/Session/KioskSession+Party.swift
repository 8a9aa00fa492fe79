import Geometry
import Seating

/// Party size first (`Configuration.partySizeFirst`): the visitor picks how many seats, a tap
/// on a seat places the whole party (`PartyPlacement`), Best seats picks the event's best block
/// (`BestAvailable`), and the accessible filter picks out wheelchair spaces and their companion
/// seats (`AccessiblePairing`). The seats chosen go to the box office as any selection does.
extension KioskSession {
    /// The chart's safe area for `layout`: below the party strip when party size comes first,
    /// so a fitted tribune or a block flown to is never under it.
    static func chartSafeArea(_ layout: KioskLayout, configuration: Configuration) -> Rect {
        let area = layout.safeArea
        guard configuration.partySizeFirst else { return area }
        let strip = min(PartyLayout(layout: layout, maxSize: max(1, configuration.maxSeatsPerOrder)).strip.height, area.height)
        return Rect(x: area.minX, y: area.minY + strip, width: area.width, height: area.height - strip)
    }

    /// The party size the visitor picked (nil: none yet, or party size first is off).
    public var partySize: Int? { configuration.partySizeFirst ? party.size : nil }

    /// Whether the accessible filter is on.
    public var isAccessibleFilterOn: Bool { party.accessibleOnly }

    /// The largest party: the order's maximum.
    var maxPartySize: Int { max(1, interaction.chart.selection.maxPerOrder) }

    /// Where the party controls are for this session's layout.
    var partyLayout: PartyLayout { PartyLayout(layout: layout, maxSize: maxPartySize) }

    /// The party strip or picker is on screen: party size first, on the map's screens.
    /// Not with step-through: its list asks for the size and holds Best seats and the filter.
    var showsParty: Bool { configuration.partySizeFirst && !accessibility.stepThrough && (screen == .stadium || screen == .tribune) }

    /// Where a party control is on screen (the size buttons as one box), or nil when not shown.
    func partyFrame(of control: KioskControl) -> Rect? {
        guard showsParty else { return nil }
        let p = partyLayout
        switch control {
        case .partySize:
            guard party.pickerOpen, let first = p.sizes.first else { return nil }
            return p.sizes.dropFirst().reduce(first) { $0.union($1) }
        case .partyChange: return party.pickerOpen ? nil : p.change
        case .bestSeats: return party.pickerOpen ? nil : p.bestSeats
        case .accessibleFilter: return party.pickerOpen ? nil : p.accessible
        default: return nil
        }
    }

    /// The party's panel on screen (the picker, or the strip), which touches never pass through.
    var partyPanel: Rect? {
        guard showsParty else { return nil }
        return party.pickerOpen ? partyLayout.picker : partyLayout.strip
    }

    /// A tap on the picker at `p` (px): the size under it, or the nearest button's (gaps are a
    /// finger's width at most). A new size lets go of seats chosen for another.
    func pickPartySize(at p: Point) {
        let sizes = partyLayout.sizes
        guard let k = sizes.indices.min(by: { sizes[$0].center.distance(to: p) < sizes[$1].center.distance(to: p) }) else { return }
        choosePartySize(k + 1)
    }

    /// Sets the party to `n` seats and closes the picker; seats chosen for another size go back.
    public func choosePartySize(_ n: Int) {
        guard configuration.partySizeFirst, n >= 1, n <= maxPartySize else { return }
        if n != selectedSeats.count && !selectedSeats.isEmpty { takeSeats([]) }
        party.size = n
        party.pickerOpen = false
        seatCallout = nil
        dirty = true
    }

    /// The chip: the picker opens again (the seats stay until another size is picked).
    func openPartyPicker() {
        party.pickerOpen = true
        seatCallout = nil
        dirty = true
    }

    /// Turns the accessible filter on or off: wheelchair spaces and their companion seats are
    /// picked out on the map (the legend highlight's look, for as long as the filter is on).
    /// Turned on over the whole stadium, where a tribune's seats are not drawn one by one, the
    /// view flies to the tribune of the best free wheelchair space, so the visitor sees them.
    func toggleAccessibleFilter() {
        party.accessibleOnly.toggle()
        dirty = true
        guard party.accessibleOnly, interaction.isAtHome else { return }
        let venue = interaction.chart.venue
        let n = party.size ?? 1
        if let block = try? BestAvailable.block(partySize: n, kind: .accessible, maxPerOrder: maxPartySize, venue: venue,
                                                vacancy: partyVacancy(), pairing: AccessiblePairing(venue: venue)) {
            interaction.show(block)
            followChartZoom()
        }
    }

    /// The look the accessible filter picks out: the free look of the category the venue's
    /// wheelchair spaces have (their companion seats share it in generated and pretix venues);
    /// nil with the filter off or without wheelchair spaces.
    var accessibleHighlight: SeatLook.Status? {
        guard party.accessibleOnly else { return nil }
        if party.accessibleCategory == nil {
            let venue = interaction.chart.venue
            party.accessibleCategory = venue.seats.firstIndex { $0.flags.contains(.wheelchair) }.map { Int(venue.seats[$0].category) } ?? -1
        }
        guard let c = party.accessibleCategory, c >= 0 else { return nil }
        return .free(category: c)
    }

    /// Which seats the party may take now: the box office's availability, the visitor's own
    /// seats counting as free (a placement replaces them).
    func partyVacancy() -> SeatVacancy {
        var availability = interaction.chart.availability
        for s in selectedSeats where availability.status(s) != .available { availability.set(s, .available) }
        return SeatVacancy(availability: availability, now: now)
    }

    /// The selection becomes `seats`: holds for the new ones, releases for the ones let go.
    func takeSeats(_ seats: [Int]) {
        let before = selectedSeats
        interaction.select(seats)
        checkout.selectionChanged(from: before, to: selectedSeats)
        dirty = true
    }

    /// A tap on seat `seat` of the zoomed tribune with party size first, the finger at `finger`
    /// (px). Without a size: the picker asks first. On one of the visitor's seats: they all go.
    /// Else the party is placed at the seat, or — when it does not fit there — the nearest block
    /// of the tribune is taken, pointed out ("4 seats together here") and flown to, with a toast
    /// saying why the tapped seat could not take it.
    func tapSeatForParty(_ seat: Int, finger: Point) {
        guard let n = party.size else {
            party.pickerOpen = true
            seatCallout = nil
            showToast(content.strings.chooseHowManyFirst)
            return
        }
        if selectedSeats.contains(seat) {
            takeSeats([])
            seatCallout = SeatCallout(seat: seat, finger: finger, outcome: .deselected)
            return
        }
        let venue = interaction.chart.venue
        let vacancy = partyVacancy()
        do {
            let placement = try PartyPlacement.place(partySize: n, at: seat, maxPerOrder: maxPartySize, venue: venue,
                                                     vacancy: vacancy, pairing: AccessiblePairing(venue: venue))
            takeSeats(Array(placement.block.seats))
            if placement.isAtTappedSeat {
                seatCallout = SeatCallout(seat: seat, finger: finger, outcome: .party(count: n, proposed: false))
            } else {
                showToast(whyNotHere(seat, partySize: n, vacancy: vacancy))
                pointOut(placement.block)
            }
        } catch {
            seatCallout = nil
            showToast(message(for: error, partySize: n))
        }
    }

    /// Best seats: the event's best block for the party (an accessible one with the filter on),
    /// taken and flown to; a plain message when there is none.
    func chooseBestSeats() {
        guard let n = party.size else {
            party.pickerOpen = true
            showToast(content.strings.chooseHowManyFirst)
            return
        }
        let venue = interaction.chart.venue
        do {
            let block = try BestAvailable.block(partySize: n, kind: party.accessibleOnly ? .accessible : .standard,
                                                maxPerOrder: maxPartySize, venue: venue, vacancy: partyVacancy(),
                                                pairing: AccessiblePairing(venue: venue))
            takeSeats(Array(block.seats))
            pointOut(block)
        } catch {
            seatCallout = nil
            showToast(message(for: error, partySize: n))
        }
    }

    /// Flies the view to `block` and points its middle seat out with "N seats together here".
    func pointOut(_ block: SeatBlock) {
        interaction.show(block)
        callOut(block, .party(count: block.count, proposed: true))
    }

    /// The callout saying `outcome` at `block`'s middle seat, in the view flown to (the chart
    /// zoom followed first).
    func callOut(_ block: SeatBlock, _ outcome: SeatCallout.Outcome) {
        followChartZoom()
        let middle = block.first + block.count / 2
        // The callout keeps clear of a finger; there is none, so "the finger" is the seat itself.
        let at = interaction.chart.view.screenPoint(fromChart: interaction.chart.venue.seats[middle].center)
        seatCallout = SeatCallout(seat: middle, finger: at, outcome: outcome)
    }

    /// Why a party of `n` could not sit from `seat`, in plain words.
    func whyNotHere(_ seat: Int, partySize n: Int, vacancy: SeatVacancy) -> String {
        let strings = content.strings
        guard vacancy.isFree(seat) else {
            return KioskStrings.fill(strings.seatNotAvailable, ("seat", interaction.chart.venue.seatNumbers[seat]))
        }
        let row = interaction.chart.venue.rows[Int(interaction.chart.venue.seats[seat].row)].seats
        // A run of free seats from the tapped one either way that was refused: only the orphan rule refused it.
        let up = seat..<(seat + n), down = (seat + 1 - n)..<(seat + 1)
        let freeRun = [up, down].contains { r in r.lowerBound >= row.lowerBound && r.upperBound <= row.upperBound && r.allSatisfy(vacancy.isFree) }
        return strings.counted(freeRun ? \.wouldLeaveSingleSeat : \.notEnoughSeatsHere, n)
    }

    /// A placement refusal for the visitor.
    func message(for refusal: PlacementRefusal, partySize n: Int) -> String {
        let strings = content.strings
        switch refusal.reason {
        case .noBlock(_, .accessible, _):
            return strings.counted(\.noAccessibleSeats, n)
        case .noBlock(_, _, let tribune?):
            return KioskStrings.fill(strings.counted(\.noSeatsTogetherIn, n), ("section", tribune))
        default:
            return strings.counted(\.noSeatsTogether, n)
        }
    }
}

extension KioskSession {
    /// The party controls as drawn now (nil: not shown); `pressed` and `scale` are the press
    /// feedback's control and scale.
    func partySnapshot(pressed: Pressed?, scale: Double) -> SessionSnapshot.Party? {
        guard showsParty else { return nil }
        var p = SessionSnapshot.Party(size: party.size, maxSize: maxPartySize, pickerOpen: party.pickerOpen,
                                      accessible: party.accessibleOnly)
        if case .control(let c)? = pressed, partyFrame(of: c) != nil, scale != 1 {
            p.pressed = c
            p.scale = scale
        }
        return p
    }
}
