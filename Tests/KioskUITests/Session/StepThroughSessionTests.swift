import Foundation
import Testing
import Geometry
import Seating
@testable import KioskUI

/// Step-through selection through the screens, by taps on the list's entries only: party size
/// first, the accessible filter, a section, a row, a wheelchair space taking its companion, the
/// map following, paging, Back at each level, and seats toggled one by one without party size
/// first. Expected sections, rows and seats are worked out here from the venue's tribunes, rows
/// and flags, not by the list code; no touch sequence may go to the chart.
@Suite struct StepThroughSessionTests {
    static func driver(size: Size = Size(width: 1920, height: 1080), party: Bool = true) -> KioskDriver {
        let d = KioskDriver(size: size) { $0.partySizeFirst = party }
        d.run(to: 1.2)
        d.session.setAccessibility(AccessibilityOptions(stepThrough: true))
        return d
    }

    /// Taps the entry whose action is `action`, paging with More (or Previous) until it shows.
    static func tap(_ action: StepListEntry.Action, _ d: KioskDriver, sourceLocation: SourceLocation = #_sourceLocation) {
        if action != .previousPage && action != .nextPage { firstPage(d) }
        for _ in 0..<200 {
            let entries = d.session.stepListEntries
            if let e = entries.first(where: { $0.action == action }) {
                d.tap(e.frame.center)
                d.run(to: d.now + 1.2)
                return
            }
            guard let more = entries.first(where: { $0.action == .nextPage }) else { break }
            d.tap(more.frame.center)
        }
        Issue.record("no entry \(action) in \(d.session.stepListEntries.map(\.label))", sourceLocation: sourceLocation)
    }

    /// Every item of the list shown, all pages, walked with More from the first page (Previous
    /// back to it first).
    static func allItems(_ d: KioskDriver) -> [StepListEntry.Action] {
        firstPage(d)
        var actions: [StepListEntry.Action] = []
        let nav: Set<StepListEntry.Action> = [.back, .previousPage, .nextPage]
        while true {
            let entries = d.session.stepListEntries
            actions += entries.map(\.action).filter { !nav.contains($0) }
            guard let more = entries.first(where: { $0.action == .nextPage }) else { return actions }
            d.tap(more.frame.center)
        }
    }

    /// Previous until the list's first page shows.
    static func firstPage(_ d: KioskDriver) {
        while let previous = d.session.stepListEntries.first(where: { $0.action == .previousPage }) { d.tap(previous.frame.center) }
    }

    /// The tribunes with wheelchair spaces, from the seats' flags.
    static func sectionsWithSpaces(_ v: Venue) -> [Int] {
        v.tribunes.indices.filter { t in v.tribunes[t].seats.contains { v.seats[$0].flags.contains(.wheelchair) } }
    }

    @Test func aWheelchairSpaceAndItsCompanionFromTheListsAlone() throws {
        let d = Self.driver()
        let v = d.venue
        // Party size first: the sizes come first, the party strip is not on screen.
        #expect(d.session.frame(of: .partySize) == nil && d.session.frame(of: .bestSeats) == nil)
        #expect(Self.allItems(d) == (1...d.session.maxPartySize).map { .partySize($0) })
        Self.tap(.partySize(2), d)
        #expect(d.session.partySize == 2)
        // The sections: the party's chip, Best seats, the filter, then every tribune in order.
        let sections = Self.allItems(d)
        #expect(Array(sections.prefix(3)) == [.changePartySize, .bestSeats(section: nil), .accessibleFilter])
        #expect(Array(sections.dropFirst(3)) == v.tribunes.indices.map { .section($0) })
        Self.tap(.accessibleFilter, d)
        #expect(d.session.isAccessibleFilterOn)
        let accessible = Self.sectionsWithSpaces(v)
        #expect(!accessible.isEmpty)
        #expect(Array(Self.allItems(d).dropFirst(3)) == accessible.map { .section($0) })
        // A section: the map flies to its tribune, fitted into the area beside the list.
        let t = accessible[0]
        Self.tap(.section(t), d)
        #expect(d.session.interaction.chart.selectedTribune == t)
        let area = d.session.stepListLayout().chartArea
        let view = d.session.interaction.presentedView, b = v.tribunes[t].bounds
        let corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)]
            .map { view.screenPoint(fromChart: $0) }
        let box = corners.dropFirst().reduce(Rect(x: corners[0].x, y: corners[0].y, width: 0, height: 0)) {
            $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0))
        }
        #expect(area.insetBy(dx: -1, dy: -1).contains(box), "tribune \(box) outside the chart's area \(area)")
        // Its rows: only those with wheelchair spaces while the filter is on.
        let rows = v.tribunes[t].rows.filter { r in v.rows[r].seats.contains { v.seats[$0].flags.contains(.wheelchair) } }
        #expect(Array(Self.allItems(d).dropFirst()) == rows.map { .row($0) })
        let r = try #require(rows.first)
        Self.tap(.row(r), d)
        // The row is pointed out on the map.
        let callout = try #require(d.session.calloutSnapshot())
        #expect(callout.lines == [v.tribunes[t].label, "Row\u{A0}\(v.rowLabels[r])"])
        #expect(Self.allItems(d) == v.rows[r].seats.map { .seat($0) })
        // The wheelchair space and the companion seat beside it, from the flags.
        let space = try #require(v.rows[r].seats.first { v.seats[$0].flags.contains(.wheelchair) })
        let companion = try #require([space - 1, space + 1].first { v.rows[r].seats.contains($0) && v.seats[$0].flags.contains(.companion) })
        _ = d.session.takeRequests()
        Self.tap(.seat(space), d)
        #expect(d.session.selectedSeats.sorted() == [space, companion].sorted())
        #expect(Set(d.session.takeRequests()) == Set([space, companion].map { .holdSeat(v.seatIDs[$0]) }))
        // Their items say so, in the accent colour.
        let items = try #require(d.session.stepListSnapshot()).items
        for s in [space, companion] { #expect(items.first { $0.action == .seat(s) }?.chosen == true) }
        // Buy opens the usual review with both seats.
        d.tap(.buy)
        #expect(d.session.screen == .review)
        #expect(d.session.seatListLines().count == 2)
        #expect(d.session.router.chartSequences == 0)
    }

    /// A wheelchair space chosen from the list brings its companion seat: the callout beside
    /// the space keeps clear of both (at 1080×1920 with large text it used to cover the
    /// companion, which the list also marks as the visitor's).
    @Test(arguments: [Size(width: 1920, height: 1080), Size(width: 1080, height: 1920)], [false, true])
    func theCalloutKeepsClearOfTheCompanionChosenWithASpace(size: Size, large: Bool) throws {
        let d = Self.driver(size: size)
        d.session.setAccessibility(AccessibilityOptions(largeText: large, stepThrough: true))
        d.run(to: d.now + 0.5)
        let v = d.venue
        Self.tap(.partySize(2), d)
        Self.tap(.accessibleFilter, d)
        let t = try #require(Self.sectionsWithSpaces(v).first)
        Self.tap(.section(t), d)
        let r = try #require(v.tribunes[t].rows.first { r in v.rows[r].seats.contains { v.seats[$0].flags.contains(.wheelchair) } })
        Self.tap(.row(r), d)
        let space = try #require(v.rows[r].seats.first { v.seats[$0].flags.contains(.wheelchair) })
        Self.tap(.seat(space), d)
        d.run(to: d.now + 1)
        try #require(d.session.selectedSeats.count == 2)
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            let (frame, _, _) = ChromeLayoutTests.frames(d)
            try? frame.writePNG(to: out + "/space-and-companion-\(Int(size.width))x\(Int(size.height))\(large ? "-large" : "").png", opaque: true)
        }
        guard let callout = d.session.calloutSnapshot() else { return }   // no room beside it: none is shown
        let view = d.session.interaction.presentedView, m = view.chartToScreen
        for s in d.session.selectedSeats {
            let c = view.screenPoint(fromChart: v.seats[s].center)
            let r = v.seats[s].size * abs(m.a * m.d - m.b * m.c).squareRoot() / 2
            let seatBox = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            #expect(!callout.box.intersects(seatBox), "seat \(s) at \(seatBox) under the callout \(callout.box)")
        }
    }

    @Test func backAtEachLevelReturnsToThePageOfWhatWasOpened() throws {
        let d = Self.driver(size: Size(width: 800, height: 480))
        let v = d.venue
        Self.tap(.partySize(3), d)
        // The last tribune is on a later page.
        let t = v.tribunes.count - 1
        Self.tap(.section(t), d)
        #expect(d.session.stepLevel == .rows(section: t))
        let r = v.tribunes[t].rows.upperBound - 1
        Self.tap(.row(r), d)
        #expect(d.session.stepLevel == .seats(row: r))
        Self.tap(.back, d)
        #expect(d.session.stepLevel == .rows(section: t))
        #expect(d.session.stepListEntries.contains { $0.action == .row(r) }, "Back shows the page with row \(r)")
        #expect(d.session.interaction.chart.selectedTribune == t)
        Self.tap(.back, d)
        #expect(d.session.stepLevel == .sections)
        #expect(d.session.stepListEntries.contains { $0.action == .section(t) }, "Back shows the page with section \(t)")
        #expect(d.session.interaction.isAtHome)
        // No Back at the top; the chip goes to the sizes, whose Back returns.
        #expect(!d.session.stepListEntries.contains { $0.action == .back })
        Self.tap(.changePartySize, d)
        #expect(d.session.stepLevel == .partySize)
        Self.tap(.back, d)
        #expect(d.session.stepLevel == .sections && d.session.partySize == 3)
        #expect(d.session.router.chartSequences == 0)
    }

    @Test(arguments: [Size(width: 800, height: 480), Size(width: 480, height: 800), Size(width: 1920, height: 1080)])
    func pagesHoldEveryItemOnceAndMoreAndPreviousWalkThem(size: Size) throws {
        let d = Self.driver(size: size, party: false)
        let v = d.venue
        let list = d.session.stepListLayout()
        #expect(list.pages > 1, "\(v.tribunes.count + 1) sections fit one page at \(size)")
        var seen: [StepListEntry.Action] = []
        for page in 0..<list.pages {
            let entries = d.session.stepListEntries
            #expect(entries.contains { $0.action == .previousPage } == (page > 0))
            #expect(entries.contains { $0.action == .nextPage } == (page < list.pages - 1))
            seen += entries.map(\.action).filter { $0 != .previousPage && $0 != .nextPage }
            if let more = entries.first(where: { $0.action == .nextPage }) { d.tap(more.frame.center) }
        }
        #expect(seen == [.accessibleFilter] + v.tribunes.indices.map { .section($0) })
        // Previous walks back to the first page.
        for _ in 1..<list.pages { Self.tap(.previousPage, d) }
        #expect(d.session.stepListEntries.first?.action == .accessibleFilter)
        #expect(d.session.router.chartSequences == 0)
    }

    @Test func withoutPartySizeFirstSeatsAreToggledOneByOne() throws {
        let d = Self.driver(party: false)
        let v = d.venue
        #expect(d.session.stepLevel == .sections)
        let t = d.rectTribune
        Self.tap(.section(t), d)
        let rows = v.tribunes[t].rows
        let r = rows.lowerBound + rows.count / 2
        Self.tap(.row(r), d)
        let seats = v.rows[r].seats, s = seats.lowerBound + seats.count / 2
        Self.tap(.seat(s), d)
        Self.tap(.seat(s + 1), d)
        #expect(d.session.selectedSeats.sorted() == [s, s + 1])
        #expect(d.session.calloutSnapshot()?.lines.last == "Added to your seats")
        Self.tap(.seat(s), d)
        #expect(d.session.selectedSeats == [s + 1])
        #expect(d.session.router.chartSequences == 0)
    }

    @Test func aNewVisitorStartsAtTheTopAndTheMapGetsItsWholeSafeAreaBack() {
        let d = Self.driver()
        let full = d.session.interaction.chart.view.safeArea
        #expect(full == d.session.stepListLayout().chartArea)
        Self.tap(.partySize(1), d)
        Self.tap(.section(0), d)
        d.session.clearSession(animated: false)
        #expect(d.session.stepLevel == .partySize)
        d.session.setAccessibility(.off)
        #expect(d.session.stepListEntries.isEmpty)
        #expect(d.session.interaction.chart.view.safeArea == KioskSession.chartSafeArea(d.session.layout, configuration: d.session.configuration))
    }

    @Test(arguments: [Size(width: 1920, height: 1080), Size(width: 1080, height: 1920)])
    func rightToLeftTheListsEntriesAreMirroredAndTheChartMovesAside(size: Size) {
        let d = Self.driver(size: size)
        Self.tap(.partySize(2), d)
        let ltr = d.session.stepListEntries, ltrList = d.session.stepListLayout()
        d.session.setRightToLeft(true)
        let rtl = d.session.stepListEntries, rtlList = d.session.stepListLayout()
        func mirrored(_ r: Rect) -> Rect { Rect(x: size.width - r.maxX, y: r.minY, width: r.width, height: r.height) }
        #expect(rtl.map(\.action) == ltr.map(\.action))
        for (a, b) in zip(ltr, rtl) { #expect(b.frame == mirrored(a.frame), "\(a.label)") }
        #expect(rtlList.panel == mirrored(ltrList.panel) && rtlList.chartArea == mirrored(ltrList.chartArea))
        #expect(d.session.interaction.chart.view.safeArea == rtlList.chartArea)
    }
}
