import Testing
import Geometry
@testable import KioskUI

/// Low reach: on every screen a visitor walks through, every control the visitor needs — each
/// member of the controls that stand for several (cart lines, legend entries, party sizes, the
/// accessibility card's switches, step-through's entries) — and each control's hit area lies
/// between 15 and 48 inches above the floor, the band worked out in the test from the panel's
/// mounting (`LowReachMounting`), at portrait and landscape, mounted high and low, with and
/// without large text.
@Suite struct KioskSessionLowReachTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var mounting: LowReachMounting, largeText: Bool
        var testDescription: String { mounting.testDescription + (largeText ? ", large text" : "") }
    }

    static let cases = LowReachMounting.all.flatMap { m in [false, true].map { Case(mounting: m, largeText: $0) } }

    /// Every control on screen now with its name: frames, hit areas and each member of a
    /// control that stands for several.
    static func controls(_ d: KioskDriver) -> [(name: String, rect: Rect)] {
        let s = d.session
        var found: [(name: String, rect: Rect)] = []
        for c in KioskControl.allCases {
            if let r = s.frame(of: c) { found.append(("\(c)", r)) }
            if let hit = s.controlHitRect(c) { found.append(("\(c)'s hit area", hit)) }
        }
        for (k, e) in s.stepListEntries.enumerated() { found.append(("step entry \(k) '\(e.label)'", e.frame)) }
        for k in s.selectedSeats.indices {
            if let r = s.frame(ofCartLine: k) { found.append(("cart line \(k)", r)) }
            if let r = s.frame(ofCartRemove: k) { found.append(("cart line \(k)'s remove", r)) }
        }
        if s.frame(of: .legend) != nil {
            for (k, r) in s.layout.legendCells.prefix(s.content.legend.count).enumerated() { found.append(("legend entry \(k)", r)) }
        }
        if s.frame(of: .partySize) != nil {
            for (k, r) in s.partyLayout.sizes.enumerated() { found.append(("party size \(k + 1)", r)) }
        }
        if case .accessibilityMenu = s.screen {
            for (k, r) in AccessibilityCardLayout(layout: s.layout).toggles.enumerated() { found.append(("switch \(k)", r)) }
        }
        return found
    }

    /// Checks every control on screen against the band; returns how many were checked.
    @discardableResult
    static func check(_ d: KioskDriver, _ screen: String, _ m: LowReachMounting, expecting phase: KioskPhase? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        if let phase { #expect(d.session.phase == phase, "\(screen) at \(m.testDescription)", sourceLocation: sourceLocation) }
        let band = m.band, found = controls(d)
        for (name, r) in found {
            #expect(band.contains(r), "\(name) \(r) outside \(band) on \(screen) at \(m.testDescription)", sourceLocation: sourceLocation)
        }
        return found.count
    }

    /// Answers every hold asked so far, the hold running out `seconds` from now.
    static func hold(_ d: KioskDriver, for seconds: Double) {
        for r in d.session.takeRequests() {
            if case .holdSeat(let id) = r { d.session.receive(.seatHeld(id, expiresAt: d.now + seconds)) }
        }
    }

    @Test(arguments: cases) func theMapsCartReviewReceiptAndDialogs(_ k: Case) {
        let m = k.mounting, d = m.driver(largeText: k.largeText)
        #expect(d.session.layout.header.minY >= m.band.minY)
        var checked = Self.check(d, "the stadium", m, expecting: .browsing)
        if d.session.layout.legendFolds {
            d.tap(.legendToggle)
            d.run(to: d.now + 0.5)
            #expect(d.session.frame(of: .legend) != nil, "the legend opens at \(m.testDescription)")
            checked += Self.check(d, "the open legend", m)
            d.tap(.legendToggle)
        }
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        #expect(d.session.selectedSeats.sorted() == [a, b], "two seats chosen at \(m.testDescription)")
        Self.hold(d, for: 90)
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the tribune with two seats", m, expecting: .zoomed)
        // The hold's last minute: "More time" above Buy.
        d.run(to: d.now + 40)
        #expect(d.session.frame(of: .moreTime) != nil, "More time at \(m.testDescription)")
        checked += Self.check(d, "the tribune in the hold's last minute", m)
        d.tap(.cart)
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the cart", m, expecting: .cart)
        d.tap(.buy)
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the review", m, expecting: .review)
        d.tap(.reviewConfirm)
        checked += Self.check(d, "purchasing", m, expecting: .checkout)
        d.session.receive(.purchased(orderID: "ORD-1", seats: [a, b].map { d.venue.seatIDs[$0] }))
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the receipt", m, expecting: .confirmation)
        #expect(d.session.frame(of: .dialogOK) != nil)
        d.tap(.dialogOK)
        d.run(to: d.now + 1.5)
        // Done let accessibility mode go for the next visitor: low reach on again for this one.
        d.session.setAccessibility(AccessibilityOptions(largeText: k.largeText, lowReach: true))
        d.run(to: d.now + 0.5)
        _ = d.zoomIn()
        d.tap(d.seatPoint(a - 2))
        #expect(d.session.selectedSeats == [a - 2], "another seat chosen at \(m.testDescription)")
        Self.hold(d, for: 600)
        d.tap(.buy); d.tap(.reviewConfirm)
        d.session.receive(.purchaseFailed(reason: "The seat was sold at another kiosk a moment ago."))
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the purchase failed", m, expecting: .purchaseFailed)
        #expect(d.session.frame(of: .dialogOK) != nil)
        #expect(checked >= 40, "\(checked) controls checked at \(m.testDescription)")
    }

    @Test(arguments: cases) func thePromptAttractServiceAndAccessibilityCard(_ k: Case) {
        let m = k.mounting, d = m.driver(largeText: k.largeText)
        d.tap(.accessibility)
        Self.check(d, "the accessibility card", m, expecting: .accessibility)
        #expect(AccessibilityCardLayout(layout: d.session.layout).toggles.count == 4)
        d.tap(.accessibilityClose)
        let c = d.session.configuration
        d.touchHeader()
        d.run(to: d.now + c.idleTimeout + 3.5)
        Self.check(d, "the idle prompt", m, expecting: .idlePrompt)
        #expect(d.session.frame(of: .idleContinue) != nil)
        d.run(to: d.now + c.idlePromptDuration + 5)
        #expect(d.session.phase == .attract)
        // The idle reset let the mode go for the next visitor: on again, as the card would.
        d.session.setAccessibility(AccessibilityOptions(largeText: k.largeText, lowReach: true))
        Self.check(d, "the attract screen", m, expecting: .attract)
        #expect(d.session.frame(of: .accessibility) != nil)
        d.tap(.accessibility)
        d.run(to: d.now + 1.5)
        Self.check(d, "the accessibility card from the attract screen", m)
        d.tap(.accessibilityClose)
        d.session.receive(.service(code: "BO-503"))
        Self.check(d, "out of service", m, expecting: .outOfService)
    }

    @Test(arguments: cases) func thePartyPickerStripAndStepThroughLists(_ k: Case) {
        let m = k.mounting, d = m.driver(largeText: k.largeText, party: true)
        Self.check(d, "the party picker", m)
        #expect(d.session.frame(of: .partySize) != nil)
        d.session.choosePartySize(2)
        d.run(to: d.now + 0.5)
        Self.check(d, "the party strip", m)
        #expect(d.session.frame(of: .bestSeats) != nil)
        d.session.setAccessibility(AccessibilityOptions(largeText: k.largeText, lowReach: true, stepThrough: true))
        d.run(to: d.now + 0.5)
        Self.check(d, "the section list", m)
        if let more = d.session.stepListEntries.first(where: { $0.action == .nextPage }) {
            d.tap(more.frame.center)
            Self.check(d, "the section list's second page", m)
            #expect(d.session.stepListEntries.contains { $0.action == .previousPage }, "Previous at \(m.testDescription)")
            while let previous = d.session.stepListEntries.first(where: { $0.action == .previousPage }) { d.tap(previous.frame.center) }
        }
        func isSection(_ e: StepListEntry) -> Bool { if case .section = e.action { true } else { false } }
        func isRow(_ e: StepListEntry) -> Bool { if case .row = e.action { true } else { false } }
        guard let section = Self.page(d, to: isSection, m) else { return }
        d.tap(section.frame.center)
        d.run(to: d.now + 1.5)
        Self.check(d, "a section's rows", m)
        #expect(d.session.stepListEntries.contains { $0.action == .back }, "Back at \(m.testDescription)")
        guard let row = Self.page(d, to: isRow, m) else { return }
        d.tap(row.frame.center)
        d.run(to: d.now + 1.5)
        Self.check(d, "a row's seats", m)
        #expect(d.session.stepListEntries.contains { if case .seat = $0.action { true } else { false } })
    }

    /// Pages on with More to the first entry `wanted` (the party's chip, Best seats and the
    /// filter come first), checking on each page that every entry is within reach and none lies
    /// over another.
    static func page(_ d: KioskDriver, to wanted: (StepListEntry) -> Bool, _ m: LowReachMounting,
                     sourceLocation: SourceLocation = #_sourceLocation) -> StepListEntry? {
        while true {
            check(d, "a page of the list", m, sourceLocation: sourceLocation)
            let entries = d.session.stepListEntries
            for (i, e) in entries.enumerated() {
                for f in entries[(i + 1)...] where e.frame.intersects(f.frame) {
                    Issue.record("\(e.action) \(e.frame) over \(f.action) \(f.frame) at \(m.testDescription)", sourceLocation: sourceLocation)
                }
            }
            if let e = entries.first(where: wanted) { return e }
            guard let more = entries.first(where: { $0.action == .nextPage }) else {
                Issue.record("not in the list at \(m.testDescription): \(entries.map(\.action))", sourceLocation: sourceLocation)
                return nil
            }
            d.tap(more.frame.center)
        }
    }
}
