import Geometry
import Gestures
@testable import KioskUI
import Seating
import TestFixtures

/// One synthetic visitor at the soak's kiosk: wakes it, looks around (drags, pinches, or a
/// real recording's touches), picks a party size, a tribune and seats, and then buys, edits the
/// cart, or walks away with seats in it. Every visitor ends by leaving the kiosk alone (after
/// Done, or with the cart as it is) until the kiosk is back at home with an empty cart.
struct SoakVisitor {
    enum Kind: String, CaseIterable { case buyer, cartEditor, abandoner, browser, recording }

    /// What happened at the kiosk, for the soak's tally.
    struct Outcome {
        var kind: Kind
        var purchased = false
        var purchaseFailed = false
        var heldSeats = 0
        /// Nil when the kiosk came back at home with an empty cart; else what it showed.
        var endedAway: String?
    }

    let kind: Kind
    let number: Int

    /// Hooks the soak's fault schedule takes at the risky moments.
    struct Disturbances {
        var beforeConfirm: () throws -> Void = {}
        var afterConfirm: () throws -> Void = {}
        var afterOutcome: () throws -> Void = {}
    }

    func visit(_ k: SoakKiosk, recordings: [[TouchFrame]], random: inout SeededGenerator, disturb: Disturbances) throws -> Outcome {
        var outcome = Outcome(kind: kind)
        try arrive(k)
        if kind == .recording, !recordings.isEmpty {
            try replay(recordings[number % recordings.count], on: k)
        } else {
            try lookAround(k, random: &random)
        }
        if kind != .browser && kind != .recording {
            outcome.heldSeats = try choose(k, random: &random)
        }
        if kind == .cartEditor, !k.session.selectedSeats.isEmpty {
            if try k.tap(.cart) {
                try k.settle()
                if try k.tap(.cartRemove) { try k.wait(limit: 10) { k.session.selectedSeats.count < outcome.heldSeats } }
                _ = try k.tap(.cartClose)
                try k.settle()
            }
        }
        if (kind == .buyer || (kind == .cartEditor && number % 2 == 0)) && !k.session.selectedSeats.isEmpty {
            try buy(k, outcome: &outcome, disturb: disturb)
        }
        outcome.endedAway = try leave(k)
        return outcome
    }

    /// A sleeping or attracting kiosk wakes with a touch (swallowed); one out of service is waited for.
    private func arrive(_ k: SoakKiosk) throws {
        try k.wait(limit: 600) { k.session.phase != .outOfService }
        if k.session.phase == .attract || k.session.phase == .blanked {
            let b = k.display.surface.bounds
            try k.tap(Point(x: Double(b.width) / 2, y: Double(b.height) / 2))
            try k.settle()
            try k.away(0.3, stride: SoakKiosk.frameInterval)   // past the wake guard
        }
    }

    private func lookAround(_ k: SoakKiosk, random: inout SeededGenerator) throws {
        let area = k.session.layout.safeArea
        func somewhere() -> Point {
            Point(x: Double.random(in: area.minX + 20...area.maxX - 20, using: &random),
                  y: Double.random(in: area.minY + 20...area.maxY - 20, using: &random))
        }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let a = somewhere(), b = somewhere()
            if Bool.random(using: &random) {
                try k.drag(from: a, to: b, steps: Int.random(in: 8...30, using: &random))
            } else {
                let d = min(area.width, area.height) / 3
                try k.pinch(centre: a, from: d * Double.random(in: 0.4...1, using: &random), to: d * Double.random(in: 0.4...1.6, using: &random),
                            turn: Double.random(in: -0.5...0.5, using: &random), steps: Int.random(in: 8...24, using: &random))
            }
            try k.settle()
        }
        if try k.tap(.zoomOut) { try k.settle() }
    }

    /// Party size, a tribune, a seat (Best seats when the seat could not take the party);
    /// returns the seats held.
    private func choose(_ k: SoakKiosk, random: inout SeededGenerator) throws -> Int {
        if k.session.frame(of: .partySize) != nil {
            let sizes = k.session.partyLayout.sizes
            if !sizes.isEmpty { try k.tap(sizes[Int.random(in: 0..<min(4, sizes.count), using: &random)].center) }
            try k.settle()
        }
        let venue = k.session.interaction.chart.venue
        let t = Int.random(in: 0..<venue.tribunes.count, using: &random)
        let b = venue.tribunes[t].bounds
        try k.tap(k.session.interaction.presentedView.screenPoint(fromChart: Point(x: b.midX, y: b.midY)))
        try k.settle()
        let seats = venue.tribunes[t].seats
        if !seats.isEmpty {
            let seat = Int.random(in: seats, using: &random)
            let p = k.session.interaction.presentedView.screenPoint(fromChart: venue.seats[seat].center)
            if k.session.layout.safeArea.contains(p) { try k.tap(p); try k.settle() }
        }
        if k.session.selectedSeats.isEmpty, try k.tap(.bestSeats) { try k.settle() }
        // Held once the box office answered each seat (refused seats leave the selection).
        try k.wait(limit: 60) { k.session.selectedSeats.isEmpty || k.session.holdExpiresAt != nil }
        return k.session.selectedSeats.count
    }

    /// Buy, Confirm, wait for the receipt or the refusal, Done or Ok.
    private func buy(_ k: SoakKiosk, outcome: inout Outcome, disturb: Disturbances) throws {
        guard try k.wait(limit: 120, until: { k.session.canBuy }) else { return }
        guard try k.tap(.buy) else { return }
        try k.settle()
        guard k.session.phase == .review else { return }
        try disturb.beforeConfirm()
        guard try k.tap(.reviewConfirm) else { return }
        try disturb.afterConfirm()
        try k.wait(limit: 900) { k.session.phase == .confirmation || k.session.phase == .purchaseFailed }
        outcome.purchased = k.session.phase == .confirmation
        outcome.purchaseFailed = k.session.phase == .purchaseFailed
        try disturb.afterOutcome()
        try k.settle()
        if try k.tap(.dialogOK) { try k.settle() }
    }

    /// A real recording's frames at their own pace; fingers still down at its end are lifted.
    private func replay(_ frames: [TouchFrame], on k: SoakKiosk) throws {
        guard let first = frames.first?.timestamp else { return }
        let start = k.now
        var down: [Int: Point] = [:]
        for f in frames {
            while k.now + SoakKiosk.frameInterval < start + (f.timestamp - first) { try k.step() }
            for t in f.touches {
                if t.phase == .ended || t.phase == .cancelled { down[t.id] = nil } else { down[t.id] = t.location }
            }
            try k.frame(f.touches)
        }
        if !down.isEmpty { try k.frame(down.map { .init(id: $0.key, location: $0.value, phase: .ended) }) }
        try k.settle()
    }

    /// Nobody touches until the kiosk is at home with an empty cart (the idle prompt and its
    /// reset, or at once after Done); returns what it showed instead if that never came.
    private func leave(_ k: SoakKiosk) throws -> String? {
        func atHome() -> Bool {
            let s = k.session
            return s.selectedSeats.isEmpty && s.interaction.isAtHome && [.attract, .blanked, .browsing].contains(s.phase)
        }
        var waited = 0.0
        while !atHome() && waited < 180 {
            // Out of service comes back with the box office's first answer: wait for it at real
            // time's pace (stepping away on the virtual clock would not give it the time).
            if k.session.phase == .outOfService { try k.wait(limit: 600) { k.session.phase != .outOfService } }
            try k.away(5)
            waited += 5
        }
        if atHome() { return nil }
        return "\(k.session.phase.rawValue), \(k.session.selectedSeats.count) seats"
    }
}
