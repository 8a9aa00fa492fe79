import Testing
import Geometry
import Seating
@testable import KioskUI

/// Party size first through the screens, touch by touch: the picker before seats, a tap on a
/// seat placing the whole party in its row, the nearest block proposed and flown to when the
/// party does not fit there, Best seats, and the accessible filter with its pairing. Expected
/// seats are worked out here from the venue's rows and flags, not by the placement code.
@Suite struct KioskSessionPartyTests {
    static func driver(size: Size = Size(width: 1920, height: 1080)) -> KioskDriver {
        KioskDriver(size: size) { $0.partySizeFirst = true }
    }

    /// Taps the picker's button for `n` seats.
    static func pick(_ n: Int, _ d: KioskDriver) {
        d.tap(d.session.partyLayout.sizes[n - 1].center)
    }

    /// Zooms into tribune `t` and waits for its seats.
    static func zoom(into t: Int, _ d: KioskDriver) {
        d.run(to: max(d.now, 1.2))
        d.tap(d.tribunePoint(t))
        d.run(to: d.now + 1.1)
    }

    /// A seat in the middle of a row of tribune `t` with `margin` seats of the row on each side.
    static func midRowSeat(_ t: Int, margin: Int, _ d: KioskDriver) -> Int {
        let rows = d.venue.rows.filter { d.venue.tribunes[t].seats.contains($0.seats.lowerBound) }
        let row = rows[rows.count / 2].seats
        let s = row.lowerBound + row.count / 2
        #expect(s - margin >= row.lowerBound && s + margin < row.upperBound, "seat \(s) is too near its row's end")
        return s
    }

    /// Free seats of `row` left alone (both neighbours taken, a row end counting as taken) when
    /// `taken` are taken as well as the seats `isTaken` says.
    static func orphans(row: Range<Int>, taken: Set<Int>, isTaken: (Int) -> Bool) -> [Int] {
        func t(_ i: Int) -> Bool { i < row.lowerBound || i >= row.upperBound || taken.contains(i) || isTaken(i) }
        return row.filter { !t($0) && t($0 - 1) && t($0 + 1) }
    }

    /// True when `seats` are consecutive seats of one row of the venue.
    static func isOneRun(_ seats: [Int], _ d: KioskDriver) -> Bool {
        let sorted = seats.sorted()
        guard let first = sorted.first else { return false }
        let row = d.venue.rows[Int(d.venue.seats[first].row)].seats
        return sorted == Array(first..<(first + seats.count)) && sorted.allSatisfy(row.contains)
    }

    @Test func thePickerComesFirstAndASeatWaitsForIt() {
        let d = Self.driver()
        d.run(to: 1.2)
        #expect(d.session.frame(of: .partySize) != nil)
        #expect(d.session.frame(of: .bestSeats) == nil)
        let t = d.rectTribune
        Self.zoom(into: t, d)
        let s = Self.midRowSeat(t, margin: 4, d)
        d.tap(d.seatPoint(s))
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.toastText == d.session.content.strings.chooseHowManyFirst)
        Self.pick(4, d)
        #expect(d.session.partySize == 4)
        #expect(d.session.frame(of: .partySize) == nil)
        #expect(d.session.frame(of: .bestSeats) != nil && d.session.frame(of: .partyChange) != nil)
        // The chip opens the picker again; the size chosen stays until another is picked.
        d.tap(.partyChange)
        #expect(d.session.frame(of: .partySize) != nil && d.session.partySize == 4)
    }

    @Test(arguments: [1, 2, 4, 8])
    func aTapPlacesTheWholePartyInTheTappedSeatsRow(n: Int) {
        let d = Self.driver()
        d.run(to: 1.2)
        Self.pick(n, d)
        let t = d.rectTribune
        Self.zoom(into: t, d)
        let s = Self.midRowSeat(t, margin: n / 2 + 1, d)
        _ = d.session.takeRequests()
        d.tap(d.seatPoint(s))
        let chosen = d.session.selectedSeats.sorted()
        #expect(chosen.count == n)
        #expect(Self.isOneRun(chosen, d))
        // Starting at the tapped seat, one way or the other.
        #expect(chosen.first == s || chosen.last == s)
        let row = d.venue.rows[Int(d.venue.seats[s].row)].seats
        #expect(Self.orphans(row: row, taken: Set(chosen), isTaken: { _ in false }).isEmpty)
        #expect(Set(d.session.takeRequests()) == Set(chosen.map { .holdSeat(d.venue.seatIDs[$0]) }))
        let callout = d.session.calloutSnapshot()
        let expected = n == 1 ? "Added to your seats" : "\(n) seats added, side by side"
        #expect(callout?.lines.last == expected)
        // A tap on one of them lets the party's seats go.
        d.tap(d.seatPoint(s))
        #expect(d.session.selectedSeats.isEmpty)
    }

    /// A party of `n` zoomed into the first rect tribune; the seats `sold` away from a mid-row
    /// seat s are sold, then s is tapped. Returns the driver, the tribune and s.
    static func tapBetweenSold(party n: Int, sold offsets: [Int]) -> (KioskDriver, Int, Int) {
        let d = Self.driver()
        d.run(to: 1.2)
        Self.pick(n, d)
        let t = d.rectTribune
        Self.zoom(into: t, d)
        let s = Self.midRowSeat(t, margin: 3, d)
        for x in offsets { d.session.interaction.setStatus(s + x, .sold) }
        d.tap(d.seatPoint(s))
        return (d, t, s)
    }

    @Test func seatsThatWouldLeaveASingleSeatAreRefusedAndTheNearestBlockProposed() throws {
        // Sold two seats away on each side: two seats from s either way leave one seat alone.
        let (d, t, s) = Self.tapBetweenSold(party: 2, sold: [-2, 2])
        #expect(d.session.toastText == "From this seat, 2 seats would leave a single seat empty")
        let chosen = d.session.selectedSeats.sorted()
        #expect(chosen.count == 2 && Self.isOneRun(chosen, d) && !chosen.contains(s))
        #expect(chosen.allSatisfy { Int(d.venue.seats[$0].tribune) == t })
        let row = d.venue.rows[Int(d.venue.seats[chosen[0]].row)].seats
        let sold: Set<Int> = [s - 2, s + 2]
        #expect(Self.orphans(row: row, taken: Set(chosen), isTaken: sold.contains).isEmpty)
        #expect(try #require(d.session.calloutSnapshot()).lines.last == "2 seats together here")
        // Flown to: once the view rests, the block lies inside the chart's safe area.
        d.run(to: d.now + 1.2)
        let area = d.session.interaction.chart.view.safeArea
        for seat in chosen {
            #expect(area.contains(d.session.interaction.presentedView.screenPoint(fromChart: d.venue.seats[seat].center)))
        }
    }

    @Test func aPartyTooBigForTheGapGetsTheNearestBlockOfTheTribune() {
        let (d, t, s) = Self.tapBetweenSold(party: 3, sold: [-1, 1])
        #expect(d.session.toastText == "3 seats side by side do not fit here")
        let chosen = d.session.selectedSeats.sorted()
        #expect(chosen.count == 3 && Self.isOneRun(chosen, d) && !chosen.contains(s))
        // The nearest: no free run of three in the tribune has a centre nearer the tapped seat.
        let centre = { (a: Int, b: Int) in
            Point(x: (d.venue.seats[a].center.x + d.venue.seats[b].center.x) / 2, y: (d.venue.seats[a].center.y + d.venue.seats[b].center.y) / 2)
        }
        let from = d.venue.seats[s].center
        let got = centre(chosen[0], chosen[2]).distance(to: from)
        let sold = { (i: Int) in i == s - 1 || i == s + 1 }
        for row in d.venue.rows where d.venue.tribunes[t].seats.contains(row.seats.lowerBound) {
            let before = Set(Self.orphans(row: row.seats, taken: [], isTaken: sold))
            for a in row.seats where a + 2 < row.seats.upperBound {
                let run = Set(a...(a + 2))
                // A fitting block: free, and no seat left alone that was not alone before.
                guard run.allSatisfy({ !sold($0) }),
                      Set(Self.orphans(row: row.seats, taken: run, isTaken: sold)).isSubset(of: before) else { continue }
                #expect(centre(a, a + 2).distance(to: from) >= got - 1e-9, "seats \(a)… are nearer than \(chosen)")
            }
        }
    }

    @Test func bestSeatsTakesBestAvailablesBlockAndFliesItIntoView() throws {
        for size in [Size(width: 1920, height: 1080), Size(width: 1080, height: 1920)] {
            let d = Self.driver(size: size)
            d.run(to: 1.2)
            Self.pick(4, d)
            // Someone else holds the best seats of an empty stadium: the next best are chosen.
            let first = try BestAvailable.block(partySize: 4, venue: d.venue,
                                                vacancy: SeatVacancy(availability: d.session.interaction.chart.availability, now: 0),
                                                pairing: AccessiblePairing(venue: d.venue))
            for s in first.seats { d.session.interaction.setStatus(s, .sold) }
            d.tap(.bestSeats)
            let expected = try BestAvailable.block(partySize: 4, venue: d.venue,
                                                   vacancy: SeatVacancy(availability: d.session.interaction.chart.availability, now: 0),
                                                   pairing: AccessiblePairing(venue: d.venue))
            let chosen = d.session.selectedSeats.sorted()
            #expect(chosen == Array(expected.seats))
            #expect(Self.isOneRun(chosen, d) && Set(chosen).isDisjoint(with: first.seats))
            #expect(chosen.allSatisfy { d.venue.seats[$0].flags.isDisjoint(with: [.wheelchair, .companion]) })
            d.run(to: d.now + 1.2)
            #expect(d.session.phase == .zoomed)
            #expect(d.session.interaction.chart.selectedTribune == Int(d.venue.seats[chosen[0]].tribune))
            let view = d.session.interaction.presentedView
            for seat in chosen {
                #expect(view.safeArea.contains(view.screenPoint(fromChart: d.venue.seats[seat].center)), "\(size)")
            }
            // The chart's safe area starts under the party strip.
            #expect(view.safeArea.minY >= d.session.partyLayout.strip.maxY - 1e-9)
        }
    }

    @Test func bestSeatsWithNothingLeftSaysSoPlainly() {
        let d = Self.driver()
        d.run(to: 1.2)
        Self.pick(8, d)
        for s in 0..<d.venue.seatCount where s % 7 == 0 { d.session.interaction.setStatus(s, .sold) }
        d.tap(.bestSeats)
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.toastText == "No 8 seats side by side are free")
    }

    @Test func theAccessibleFilterPicksOutWheelchairSpacesAndCompanionSeats() throws {
        let d = Self.driver()
        d.run(to: 1.2)
        Self.pick(2, d)
        d.tap(.accessibleFilter)
        #expect(d.session.isAccessibleFilterOn)
        // From the whole stadium the view flies to a tribune with wheelchair spaces, seats shown.
        d.run(to: d.now + 1.2)
        let shown = try #require(d.session.interaction.chart.selectedTribune)
        #expect(d.venue.tribunes[shown].seats.contains { d.venue.seats[$0].flags.contains(.wheelchair) })
        #expect(d.session.selectedSeats.isEmpty)
        let accessible = d.venue.seats.indices.filter { !d.venue.seats[$0].flags.isDisjoint(with: [.wheelchair, .companion]) }
        #expect(!accessible.isEmpty)
        let category = Int(d.venue.seats[accessible[0]].category)
        #expect(accessible.allSatisfy { Int(d.venue.seats[$0].category) == category })
        // Only they have that look: the highlight picks out exactly them.
        #expect(d.venue.seats.indices.filter { Int(d.venue.seats[$0].category) == category } == accessible)
        #expect(d.session.activeLegendHighlight == .free(category: category))
        // A chart gesture does not end it (a legend entry's highlight would end).
        d.tap(d.tribunePoint(d.rectTribune)); d.run(to: d.now + 1.1)
        #expect(d.session.activeLegendHighlight == .free(category: category))
        d.tap(.accessibleFilter)
        #expect(d.session.activeLegendHighlight == nil)
    }

    @Test func aWheelchairSpaceTakesItsCompanionSeat() throws {
        let d = Self.driver()
        d.run(to: 1.2)
        Self.pick(2, d)
        let space = try #require(d.venue.seats.indices.first { d.venue.seats[$0].flags.contains(.wheelchair) })
        let row = d.venue.rows[Int(d.venue.seats[space].row)].seats
        let companion = try #require([space - 1, space + 1].first { row.contains($0) && d.venue.seats[$0].flags.contains(.companion) })
        Self.zoom(into: Int(d.venue.seats[space].tribune), d)
        d.tap(d.seatPoint(space))
        #expect(d.session.selectedSeats.sorted() == [space, companion].sorted())
    }

    @Test func bestSeatsWithTheFilterPlacesASpaceAndItsCompanions() throws {
        for n in [1, 2, 3] {
            let d = Self.driver()
            d.run(to: 1.2)
            Self.pick(n, d)
            d.tap(.accessibleFilter)
            d.tap(.bestSeats)
            let chosen = d.session.selectedSeats.sorted()
            #expect(chosen.count == n && Self.isOneRun(chosen, d))
            let spaces = chosen.filter { d.venue.seats[$0].flags.contains(.wheelchair) }
            #expect(spaces.count == 1, "party of \(n): \(chosen)")
            if n >= 2, let space = spaces.first {
                // Its companion seat, beside it, comes with it.
                #expect(chosen.contains { abs($0 - space) == 1 && d.venue.seats[$0].flags.contains(.companion) })
            }
        }
    }

    @Test func anotherSizeLetsTheSeatsGo() {
        let d = Self.driver()
        d.run(to: 1.2)
        Self.pick(3, d)
        d.tap(.bestSeats)
        #expect(d.session.selectedSeats.count == 3)
        let held = d.session.selectedSeats
        _ = d.session.takeRequests()
        d.tap(.partyChange)
        Self.pick(2, d)
        #expect(d.session.selectedSeats.isEmpty && d.session.partySize == 2)
        #expect(Set(d.session.takeRequests()) == Set(held.map { .releaseSeat(d.venue.seatIDs[$0]) }))
    }
}
