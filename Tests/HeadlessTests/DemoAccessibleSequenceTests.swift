import Foundation
@testable import Headless
@testable import KioskUI
import Seating
import Testing

/// The demo's accessible-mode sequence (issue 27): the bundled session replayed as
/// `tribune-headless demo` replays it (60 fps; a box office that holds and sells every seat),
/// the screens' state read at each of the sequence's key moments, and what the kiosk said
/// checked against a transcript written here from `KioskStrings`' templates and the venue.
@Suite struct DemoAccessibleSequenceTests {
    /// The screens at one key moment.
    struct Seen {
        var name: String
        var phase: KioskPhase
        var accessibility: AccessibilityOptions
        var entries: [StepListEntry.Action]
        var partySize: Int?
        var selected: [Int]
        var tribune: Int?
        var chartSequences: Int
        var screen: KioskScreen
    }

    /// The screens at `moment` as this test notes them.
    static func look(_ s: KioskSession, _ moment: DemoSession.KeyMoment) -> Seen {
        Seen(name: moment.name, phase: s.phase, accessibility: s.accessibility, entries: s.stepListEntries.map(\.action),
             partySize: s.partySize, selected: s.selectedSeats.sorted(), tribune: s.interaction.chart.selectedTribune,
             chartSequences: s.router.chartSequences, screen: s.screen)
    }

    /// The seats the sequence must end with, from the venue's flags alone: the first section
    /// (venue order, as the list shows them) with a wheelchair space, its first row with one,
    /// the row's first wheelchair space beside a companion seat, and that companion.
    struct Target {
        var section: Int, row: Int, space: Int, companion: Int
        init(venue: Venue) throws {
            func companion(of s: Int, row r: Int) -> Int? {
                [s + 1, s - 1].first { venue.rows[r].seats.contains($0) && venue.seats[$0].flags.contains(.companion) }
            }
            let spaces = venue.seats.indices.filter { s in
                venue.seats[s].flags.contains(.wheelchair) && companion(of: s, row: Int(venue.seats[s].row)) != nil
            }
            let t = try #require(spaces.map { Int(venue.seats[$0].tribune) }.min())
            let inSection = spaces.filter { Int(venue.seats[$0].tribune) == t }
            let r = try #require(venue.tribunes[t].rows.first { r in inSection.contains { Int(venue.seats[$0].row) == r } })
            let s = try #require(inSection.first { Int(venue.seats[$0].row) == r })
            (section, row, space) = (t, r, s)
            self.companion = try #require(companion(of: s, row: r))
        }
    }

    @Test func theKeyFramesShowTheCardTheSeatListTheWheelchairSpaceTheReviewAndTheReceipt() throws {
        let watcher = try KeyMomentWatcher(look: Self.look)
        let venue = watcher.replay.session.interaction.chart.venue
        let target = try Target(venue: venue)
        let byName = Dictionary(uniqueKeysWithValues: watcher.seen.map { ($0.name, $0) })
        func at(_ name: String) throws -> Seen { try #require(byName[name], "no key moment \(name)") }
        try #require(watcher.seen.count == DemoSession.keyMoments.count)

        let card = try at("13-accessibility-card")
        if case .accessibilityMenu = card.screen {} else { Issue.record("13: not the accessibility card: \(card.screen)") }
        #expect(card.accessibility == AccessibilityOptions(stepThrough: true, speech: true))

        let list = try at("14-seat-list")
        #expect(list.partySize == nil)
        #expect(list.entries.contains(.partySize(1)) && list.entries.contains(.partySize(2)), "\(list.entries)")

        let sections = try at("15-wheelchair-sections")
        #expect(sections.partySize == 2)
        let listed = sections.entries.compactMap { if case .section(let t) = $0 { t } else { nil } }
        #expect(listed.first == target.section, "\(listed)")
        // The filter keeps only sections with wheelchair spaces.
        #expect(listed.allSatisfy { t in venue.tribunes[t].seats.contains { venue.seats[$0].flags.contains(.wheelchair) } })

        let rows = try at("16-rows")
        #expect(rows.tribune == target.section, "the map flew to the section")
        #expect(rows.entries.contains(.row(target.row)))
        let seats = try at("17-seats")
        #expect(seats.entries.contains(.seat(target.space)) && seats.selected.isEmpty)

        let chosen = try at("18-wheelchair-space")
        #expect(chosen.selected == [target.space, target.companion].sorted())
        #expect(try at("19-spoken-review").phase == .review)
        let receipt = try at("20-spoken-receipt")
        guard case .receipt(let r, _) = receipt.screen else { Issue.record("20: no receipt: \(receipt.screen)"); return }
        #expect(r.seats.map(\.seat).sorted() == [target.space, target.companion].map { venue.seatNumbers[$0] }.sorted())
        // From the card on, nothing went to the map: every step was a list item.
        #expect(receipt.chartSequences == card.chartSequences)
    }

    @Test func whatTheSequenceSaysIsTheExpectedTranscript() throws {
        // For each announcement, how many items the screen had on the first display frame after it.
        var itemCounts: [Int] = []
        let watcher = try KeyMomentWatcher(look: Self.look) { replay in
            while itemCounts.count < replay.transcript.count { itemCounts.append(replay.session.focusItems.count) }
        }
        let session = watcher.replay.session, venue = session.interaction.chart.venue
        let s = KioskStrings.english, t = try Target(venue: venue)
        let transcript = watcher.replay.transcript
        try #require(itemCounts.count == transcript.count)
        let currency = session.configuration.currency
        func money(_ minor: Int) -> String { MoneyFormat.string(minor: minor, currency: currency) }
        func fill(_ template: String, _ pairs: (String, String)...) -> String {
            pairs.reduce(template) { $0.replacingOccurrences(of: "{\($1.0)}", with: $1.1) }
        }
        /// Written for the ear: no-break spaces are spaces, the chrome's separators pauses.
        func ear(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: " · ", with: ", ")
        }
        func item(_ name: String, _ detail: String) -> String { ear(fill(s.spokenItem, ("name", name), ("detail", detail))) }
        /// A new screen: its title, how many items (as the screen showed them), how to move.
        func screen(_ title: String, _ k: Int) -> String {
            let n = itemCounts[k]
            return ear(title) + " " + (n == 1 ? s.spokenOneItem : fill(s.spokenItems, ("count", "\(n)"))) + " " + s.spokenSwipeHint
        }
        func price(_ seat: Int) -> Int { Int(venue.categories[Int(venue.seats[seat].category)].priceMinor) }
        let section = venue.tribunes[t.section], rowLabel = venue.rowLabels[t.row]
        let prices = Set(section.seats.map(price))
        let rowSeats = venue.rows[t.row].seats
        let spaces = rowSeats.filter { venue.seats[$0].flags.contains(.wheelchair) }.count
        let total = price(t.space) + price(t.companion)
        let category = venue.categories[Int(venue.seats[t.space].category)].name
        guard case .receipt(let receipt, _) = try #require(watcher.seen.last).screen else { Issue.record("no receipt at the end"); return }
        let places = [t.space, t.companion].sorted().map { fill(s.rowAndSeat, ("row", rowLabel), ("seat", venue.seatNumbers[$0])) }

        let expected = [
            screen(s.accessibilityTitle + ".", 0),
            s.closeButton,
            screen(s.howManySeats, 2),
            fill(s.spokenSeats, ("count", "2")),
            screen(s.chooseSection + ".", 4),
            item(s.accessibleFilter, s.switchOff),
            item(s.accessibleFilter, s.switchOn),
            item(section.label, fill(s.seatsFree, ("count", "\(section.seats.count)")) + " · "
                 + fill(s.priceRange, ("low", money(prices.min() ?? 0)), ("high", money(prices.max() ?? 0)))),
            screen(fill(s.chooseRow, ("section", section.label)) + ".", 8),
            item(fill(s.rowLabel, ("row", rowLabel)),
                 fill(s.seatsFree, ("count", "\(rowSeats.count)")) + " · " + fill(s.wheelchairSpaces, ("count", "\(spaces)"))),
            screen(fill(s.chooseSeat, ("section", section.label), ("row", rowLabel)) + ".", 10),
            item(fill(s.seatLabel, ("seat", venue.seatNumbers[t.space])),
                 [category, money(price(t.space)), s.seatFree, s.wheelchairSpace].joined(separator: " · ")),
            ear(places.joined(separator: ", ") + ". " + s.addedToSeats + ". " + s.ticketsAndTotal(2, total: total, currency: currency) + "."),
            s.buyTickets,
            screen(s.reviewTitle + ". " + s.ticketsAndTotal(2, total: total, currency: currency) + ".", 14),
            s.confirmButton,
            // Purchasing is a screen of one item: the accessibility button. (Counted by hand: the
            // receipt is on screen by the time the counts are taken for this announcement.)
            s.processing + " " + s.spokenOneItem + " " + s.spokenSwipeHint,
            screen(fill(s.spokenPurchaseDone, ("code", receipt.orderCode.map(String.init).joined(separator: " "))) + " "
                   + s.bought(2) + " " + fill(s.receiptTotal, ("total", money(total))) + ".", 17),
        ]
        let said = transcript.map(\.text)
        #expect(said == expected)
        for (k, (a, b)) in zip(said, expected).enumerated() where a != b { Issue.record("announcement \(k): said \"\(a)\", expected \"\(b)\"") }
        // English throughout, in time order, and only from the accessible-mode sequence on.
        #expect(transcript.allSatisfy { $0.language == "en" })
        #expect(zip(transcript, transcript.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(transcript.first.map { $0.time >= DemoSession.AccessibleTime.speech } == true)
    }
}
