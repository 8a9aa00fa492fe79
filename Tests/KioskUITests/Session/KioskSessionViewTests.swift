import Foundation
import Testing
import Animation
import Geometry
import Gestures
import Seating
@testable import KioskUI

/// The session's view: home fitted into the layout's safe area at every size, home again after
/// Ok and on the idle reset (a failed purchase's dismissal: `KioskSessionTests`), and the
/// two-finger tap.
/// Expected values come from the venue's size and the layout's safe area, by hand.
@Suite struct KioskSessionViewTests {
    /// The stadium's four corners through the presented view, as a screen box (px).
    func stadiumBox(_ d: KioskDriver) -> Rect {
        let m = d.session.interaction.presentedView.chartToScreen
        let s = d.venue.size
        let p = [Point(x: 0, y: 0), Point(x: s.width, y: 0), Point(x: 0, y: s.height), Point(x: s.width, y: s.height)].map { $0.applying(m) }
        let xs = p.map(\.x), ys = p.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Home by hand: landscape keeps the stadium (w × h) as it is, portrait turns it a quarter
    /// (h wide, w high); the scale is the largest that fits the safe area.
    func homeScale(_ d: KioskDriver) -> Double {
        let safe = d.session.layout.safeArea, s = d.venue.size
        return d.session.layout.isPortrait ? min(safe.width / s.height, safe.height / s.width)
                                           : min(safe.width / s.width, safe.height / s.height)
    }

    func expectHome(_ d: KioskDriver, _ note: String) {
        let safe = d.session.layout.safeArea, box = stadiumBox(d), k = homeScale(d)
        let s = d.venue.size
        let (w, h) = d.session.layout.isPortrait ? (s.height * k, s.width * k) : (s.width * k, s.height * k)
        #expect(abs(box.width - w) < 1e-6 && abs(box.height - h) < 1e-6, "\(note): \(box) vs \(w) × \(h)")
        #expect(abs(box.midX - safe.midX) < 1e-6 && abs(box.midY - safe.midY) < 1e-6, "\(note): \(box) in \(safe)")
        #expect(abs(box.width - safe.width) < 1e-6 || abs(box.height - safe.height) < 1e-6, "\(note): one side fills")
        let turn = d.session.interaction.presentedView.effectiveRotation - KioskSession.restingRotation(for: d.session.configuration.screenSize)
        #expect(abs(remainder(turn, 2 * .pi)) < 1e-9, "\(note): home rotation")
        #expect(d.session.interaction.isAtHome && d.session.phase == .browsing, "\(note)")
    }

    @Test func theOverviewFitsTheSafeAreaAtEverySize() {
        for size in [Size(width: 800, height: 480), Size(width: 1920, height: 1080), Size(width: 1080, height: 1920), Size(width: 3840, height: 2160)] {
            let d = KioskDriver(size: size)
            d.run(to: 1.2)
            expectHome(d, "\(size)")
            let safe = d.session.layout.safeArea
            #expect(safe.minY > 0 && safe.maxY < size.height)  // header and bar are outside it
        }
    }

    /// Turns the chart by `angle` radians with two fingers about (960, 540), then lifts them.
    func turn(_ d: KioskDriver, by angle: Double) {
        let c = Point(x: 960, y: 540), r = 150.0
        func touches(_ a: Double, _ phase: TouchFrame.Touch.Phase) -> [TouchFrame.Touch] {
            [.init(id: 901, location: Point(x: c.x - r * cos(a), y: c.y - r * sin(a)), phase: phase),
             .init(id: 902, location: Point(x: c.x + r * cos(a), y: c.y + r * sin(a)), phase: phase)]
        }
        var t = d.now + 0.1
        d.frame(t, touches(0, .began))
        for k in 1...20 { t += 0.016; d.frame(t, touches(angle * Double(k) / 20, .moved)) }
        d.frame(t + 0.016, touches(angle, .ended))
        d.run(to: d.now + 1.5)
    }

    @Test func okAfterAPurchaseGoesHomeWithTheHomeRotation() {
        let d = KioskDriver()
        d.run(to: 1.2)
        turn(d, by: 0.5)
        #expect(abs(d.session.interaction.chart.view.rotation - 0.5) < 0.02)
        // The rect tribune nearest the safe area's centre, turned with the view.
        let safe = d.session.layout.safeArea
        let t = d.venue.tribunes.indices.filter { d.venue.tribunes[$0].kind == .rect }.min {
            d.tribunePoint($0).distance(to: safe.center) < d.tribunePoint($1).distance(to: safe.center)
        }!
        d.tap(d.tribunePoint(t)); d.run(to: d.now + 1.1)
        #expect(d.session.interaction.chart.selectedTribune == t)
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        #expect(d.session.selectedSeats == [a])
        d.tap(.buy); d.tap(.reviewConfirm)
        _ = d.session.takeRequests()
        d.session.receive(.purchased(orderID: "ORD-1", seats: [d.venue.seatIDs[a]]))
        d.tap(.dialogOK)
        d.run(to: d.now + 1.1)
        expectHome(d, "after Ok")
    }

    @Test func theIdleResetGoesHomeAtOnce() {
        let d = KioskDriver { $0.idleTimeout = 10; $0.idlePromptDuration = 5; $0.blankAfter = nil }
        d.run(to: 1.2)
        turn(d, by: -0.7)
        _ = d.zoomIn()
        let last = d.now
        d.run(to: last + 15 + 1e-3)
        #expect(d.session.phase == .attract)
        // Waking shows the chart home (the attract screen itself turns the stadium).
        d.tap(Point(x: 960, y: 540))
        d.run(to: d.now + 1.2)
        expectHome(d, "after the idle reset")
    }

    @Test func aTwoFingerTapGoesHomeAndAPinchDoesNot() {
        let d = KioskDriver()
        _ = d.zoomIn()
        #expect(!d.session.interaction.isAtHome && d.session.phase == .zoomed)
        let taps = d.session.totals.taps
        // Two fingers 2 cm apart, down 30 ms apart, up 120 ms later, still.
        let a = Point(x: 900, y: 600), b = Point(x: 980, y: 600)
        var t = d.now + 0.1
        d.frame(t, [.init(id: 801, location: a, phase: .began)])
        t += 0.03; d.frame(t, [.init(id: 801, location: a, phase: .stationary), .init(id: 802, location: b, phase: .began)])
        t += 0.12; d.frame(t, [.init(id: 801, location: a, phase: .ended), .init(id: 802, location: b, phase: .ended)])
        #expect(d.session.interaction.isAtHome)
        d.run(to: d.now + 1.1)
        expectHome(d, "after a two-finger tap")
        #expect(d.session.totals.taps == taps)  // no one-finger tap was seen
        // A quick pinch is not a two-finger tap.
        d.pinch(centre: Point(x: 960, y: 540), from: 200, to: 320, steps: 5)
        d.run(to: d.now + 1.5)
        #expect(!d.session.interaction.isAtHome)
    }

    @Test func aNewPanelDensityMovesTheZoomLimitsAndKeepsHome() {
        let d = KioskDriver()
        d.run(to: 1.2)
        let seat = d.venue.seats[0].size
        // 25 mm seats at 4 px/mm: 100 px; at 10 px/mm: 250 px.
        #expect(abs(d.session.interaction.chart.view.scaleLimits.upperBound - 100 / seat) < 1e-9)
        d.session.setPixelsPerMillimetre(10)
        #expect(abs(d.session.interaction.chart.view.scaleLimits.upperBound - 250 / seat) < 1e-9)
        d.run(to: d.now + 0.5)
        expectHome(d, "after a new density")
    }
}
