import Geometry
import KioskUI
import Seating

/// The demo's accessible-mode sequence (issue 27), after the first visitor's Done: a second
/// visitor opens the accessibility card from the header, turns on the seat list
/// (step-through) and speech, and from then on touches as a screen reader does — a tap on an
/// item says it, a double-tap presses it: Close, two seats, the wheelchair filter, the first
/// section and row with wheelchair spaces, the wheelchair space (its companion seat comes with
/// it), Buy, Confirm. Nothing touches the map; every step is spoken (the demo's transcript).
extension DemoSession {
    /// The sequence's timing, s: each step starts when the previous one's animations are over.
    /// A spoken step is a tap that explores (said after the double-tap window, 0.3 s) and a
    /// double-tap 0.6 s later.
    enum AccessibleTime {
        static let open = 15.4, stepThrough = 16.2, speech = 16.8, close = 17.6
        static let party = 19.0, filter = 20.4, section = 21.8, row = 23.6, seat = 25.4
        static let buy = 27.2, confirm = 28.8, end = 30.6
    }

    /// The sequence's key frames, in order (after the first visitor's).
    static let accessibleKeyMoments: [KeyMoment] = [
        KeyMoment(time: 17.4, name: "13-accessibility-card", caption: "accessibility: the seat list and speech switched on"),
        KeyMoment(time: 18.9, name: "14-seat-list", caption: "the seat list: a tap says an item, a double-tap picks it"),
        KeyMoment(time: 21.7, name: "15-wheelchair-sections", caption: "2 seats, wheelchair access: the sections with spaces"),
        KeyMoment(time: 23.5, name: "16-rows", caption: "a section, flown to: its rows with wheelchair spaces"),
        KeyMoment(time: 25.3, name: "17-seats", caption: "a row: its seats, the map shows the row"),
        KeyMoment(time: 27.1, name: "18-wheelchair-space", caption: "the wheelchair space and its companion seat, held"),
        KeyMoment(time: 28.7, name: "19-spoken-review", caption: "Buy: the review, read out"),
        KeyMoment(time: 30.5, name: "20-spoken-receipt", caption: "Confirm: the receipt, its order code spelled out"),
    ]

    /// Scripts the accessible-mode sequence onto `script` (the first visitor's Done is behind it).
    static func scriptAccessibleSequence(_ script: inout Script) throws {
        typealias T = AccessibleTime
        let venue = script.venue, strings = script.replay.session.configuration.strings
        try script.tap(control: .accessibility, time: T.open, until: T.stepThrough)
        try script.tap(item: strings.stepThroughToggle, time: T.stepThrough, until: T.speech)
        try script.tap(item: strings.speechToggle, time: T.speech, until: T.close)
        guard script.replay.session.accessibility == .eyesFree else {
            throw ScriptError(description: "the card's switches gave \(script.replay.session.accessibility), not the seat list and speech")
        }
        // Speech is on: from here a tap says an item and a double-tap presses it.
        try script.choose(time: T.close, until: T.party) { $0.label == strings.closeButton }
        try script.choose(.partySize(2), time: T.party, until: T.filter)
        try script.choose(.accessibleFilter, time: T.filter, until: T.section)

        // The first section and row the filtered lists show, and the row's first wheelchair
        // space with a companion seat beside it (the party of two takes both).
        let session = script.replay.session
        let section = session.stepListEntries.lazy.compactMap { if case .section(let t) = $0.action { t } else { nil } }.first
        guard let section else { throw ScriptError(description: "the wheelchair filter left no section in the list") }
        try script.choose(.section(section), time: T.section, until: T.row)
        let row = session.stepListEntries.lazy.compactMap { if case .row(let r) = $0.action { r } else { nil } }.first
        guard let row else { throw ScriptError(description: "section \(venue.tribunes[section].label) lists no row with wheelchair spaces") }
        try script.choose(.row(row), time: T.row, until: T.seat)
        let space = venue.rows[row].seats.first { s in
            venue.seats[s].flags.contains(.wheelchair) && [s - 1, s + 1].contains { venue.rows[row].seats.contains($0) && venue.seats[$0].flags.contains(.companion) }
        }
        guard let space else { throw ScriptError(description: "row \(venue.rowLabels[row]) has no wheelchair space beside a companion seat") }
        try script.choose(.seat(space), time: T.seat, until: T.buy)
        guard session.selectedSeats.count == 2, session.selectedSeats.contains(space) else {
            throw ScriptError(description: "the wheelchair space \(venue.seatIDs[space]) chose \(session.selectedSeats.map { venue.seatIDs[$0] })")
        }
        try script.choose(time: T.buy, until: T.confirm) { $0.frame == session.frame(of: .buy) }
        guard session.phase == .review else { throw ScriptError(description: "Buy showed \(session.phase.rawValue), not the review") }
        try script.choose(time: T.confirm, until: T.end) { $0.frame == session.frame(of: .reviewConfirm) }
        guard case .receipt = session.screen else { throw ScriptError(description: "Confirm showed \(session.phase.rawValue), not the receipt") }
    }
}

extension DemoSession.Script {
    /// A tap on the item whose label starts with `label` (the accessibility card's switches
    /// are found by their titles); speech is still off, so the tap presses it.
    mutating func tap(item label: String, time: Double, until: Double) throws {
        guard let item = replay.session.focusItems.first(where: { $0.label.hasPrefix(label) }) else {
            throw DemoSession.ScriptError(description: "no \"\(label)\" on the \(replay.session.phase.rawValue) screen at \(time) s")
        }
        try tap(at: item.frame.center, time: time, until: until)
    }

    /// With speech on: a tap on the item `matches` picks (it is said), then a double-tap
    /// there (it is pressed); the screens then run until `until`.
    mutating func choose(time: Double, until: Double, matches: (FocusItem) -> Bool) throws {
        guard let item = replay.session.focusItems.first(where: matches) else {
            throw DemoSession.ScriptError(description: "no such item on the \(replay.session.phase.rawValue) screen at \(time) s: "
                + replay.session.focusItems.map(\.label).joined(separator: " | "))
        }
        let p = item.frame.center
        try tap(at: p, time: time, until: time + 0.6)
        try tap(at: p, time: time + 0.6, until: time + 0.75)
        try tap(at: p, time: time + 0.75, until: until)
    }

    /// `choose` for the seat list's entry with `action`.
    mutating func choose(_ action: StepListEntry.Action, time: Double, until: Double) throws {
        let session = replay.session
        guard let entry = session.stepListEntries.first(where: { $0.action == action }) else {
            throw DemoSession.ScriptError(description: "the seat list shows no \(action) at \(time) s: "
                + session.stepListEntries.map(\.label).joined(separator: " | "))
        }
        try choose(time: time, until: until) { $0.frame == entry.frame }
    }
}
