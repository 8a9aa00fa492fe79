import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// The accessibility button is on every screen a visitor can touch — the chart's, the cart, the
/// review, purchasing, the receipt, the failure and the idle prompt — at the header's place, at
/// 800×480, 480×800, 1920×1080, 1080×1920 and 3840×2160, mounted high (the reach band cuts the
/// screen's top) and, for the full HD panels, low (it cuts the bottom), with low reach on and off
/// and large text on and off: its rectangle lies inside the band (worked out from the mounting
/// by `LowReachMounting`), meets no other control's rectangle, is drawn (the accent disc at its
/// place in the rendered frame), and opens the accessibility card over that screen; Close
/// returns to it. TRIBUNE_GALLERY=DIR writes each screen as accessibility-button-*.png.
@Suite struct KioskSessionAccessibilityButtonTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var mounting: LowReachMounting, lowReach: Bool, largeText: Bool
        var testDescription: String {
            mounting.testDescription + (lowReach ? ", low reach" : "") + (largeText ? ", large text" : "")
        }
    }

    /// 7" panels (154 × 86 mm) both ways, the full HD panels of the low-reach tests high and
    /// low, and a 32" 4K panel (708 × 398 mm), each high enough that the band cuts its top.
    static let mountings = LowReachMounting.all + [
        LowReachMounting(size: Size(width: 800, height: 480), heightMM: 86, bottomMM: 1150),
        LowReachMounting(size: Size(width: 480, height: 800), heightMM: 154, bottomMM: 1100),
        LowReachMounting(size: Size(width: 3840, height: 2160), heightMM: 398, bottomMM: 900),
    ]
    static let cases = mountings.flatMap { m in
        [false, true].flatMap { lowReach in [false, true].map { Case(mounting: m, lowReach: lowReach, largeText: $0) } }
    }

    /// The screens walked, in order, each reached from the stadium of a fresh session.
    static let screens: [(name: String, phase: KioskPhase, reach: @Sendable (KioskDriver) -> Void)] = [
        ("stadium", .browsing, { _ in }),
        ("cart", .cart, { d in chooseSeat(d); d.tap(.cart) }),
        ("review", .review, { d in chooseSeat(d); d.tap(.buy) }),
        ("purchasing", .checkout, { d in chooseSeat(d); d.tap(.buy); d.tap(.reviewConfirm) }),
        ("receipt", .confirmation, { d in
            let seats = chooseSeat(d)
            d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchased(orderID: "ORD-7Q2K", seats: seats.map { d.venue.seatIDs[$0] }))
        }),
        ("purchase-failed", .purchaseFailed, { d in
            chooseSeat(d); d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchaseFailed(reason: "The seat was sold at another kiosk a moment ago."))
        }),
        ("idle-prompt", .idlePrompt, { d in
            d.touchHeader(); d.run(to: d.now + d.session.configuration.idleTimeout + 3.5)
        }),
    ]

    /// Two seats of a zoomed tribune, held by the box office; returns them.
    @discardableResult
    static func chooseSeat(_ d: KioskDriver) -> [Int] {
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        KioskSessionLowReachTests.hold(d, for: 600)
        d.run(to: d.now + 0.5)
        return d.session.selectedSeats.sorted()
    }

    static func driver(_ k: Case) -> KioskDriver {
        let m = k.mounting
        let d = KioskDriver(size: m.size) { c in
            c.pixelsPerMillimetre = m.pixelsPerMillimetre
            c.mountBottomMillimetres = m.bottomMM
        }
        d.run(to: 1.5)
        d.session.setAccessibility(AccessibilityOptions(largeText: k.largeText, lowReach: k.lowReach))
        d.run(to: d.now + 1)
        return d
    }

    @Test(arguments: cases) func onEveryScreenInsideTheBandAndClearOfTheOtherControls(_ k: Case) throws {
        let m = k.mounting
        for s in Self.screens {
            let d = Self.driver(k)
            s.reach(d)
            d.run(to: d.now + 0.5)
            let at = "on the \(s.name) at \(k.testDescription)"
            #expect(d.session.phase == s.phase, "\(at)")
            guard let button = d.session.frame(of: .accessibility) else {
                Issue.record("no accessibility button \(at)")
                continue
            }
            #expect(m.band.contains(button), "\(button) outside \(m.band) \(at)")
            let screen = Rect(x: 0, y: 0, width: m.size.width, height: m.size.height)
            #expect(screen.contains(button), "\(button) off the screen \(at)")
            for o in KioskSessionLowReachTests.controls(d) where !o.name.hasPrefix("accessibility") && !o.name.hasSuffix("hit area") {
                #expect(!o.rect.intersects(button), "the button \(button) over \(o.name) \(o.rect) \(at)")
            }
            // Drawn there: the accent disc between its edge and the symbol's ring.
            let picture = d.render()
            let c = d.session.layout.chromeUnit
            let probe = Point(x: button.maxX - 8 * c, y: button.midY)
            let accent = d.session.chromePalette.accent.premultiplied
            let pixel = picture.pixel(x: Int(probe.x), y: Int(probe.y))
            for (got, want) in [(pixel.red, accent.red), (pixel.green, accent.green), (pixel.blue, accent.blue)] {
                #expect(abs(Int(got) - Int(want)) <= 2, "pixel \(pixel) at \(probe), the accent is \(accent), \(at)")
            }
            if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
                let name = "accessibility-button-\(Int(m.size.width))x\(Int(m.size.height))-at-\(Int(m.bottomMM))"
                    + (k.lowReach ? "-low" : "") + (k.largeText ? "-large" : "") + "-\(s.name).png"
                try picture.writePNG(to: "\(out)/\(name)", opaque: true)
            }
            // It opens the accessibility card over this screen, and Close comes back to it
            // (the idle prompt: the visitor is there, the chart comes back under the card).
            let before = d.session.screen
            d.tap(.accessibility)
            #expect(d.session.phase == .accessibility, "the card opens \(at)")
            _ = d.render()
            d.tap(.accessibilityClose)
            let expected: KioskScreen = s.phase == .idlePrompt ? .stadium : before
            #expect(d.session.screen == expected, "Close returns \(at)")
        }
    }

    /// The box office's answers and the hold's expiry go on under the card: a purchase answered
    /// while the card is open over "Processing…" shows the receipt after Close, and the
    /// receipt's timeout ends the card with the receipt (the next visitor's stadium).
    @Test func answersGoOnUnderTheCard() {
        let d = Self.driver(Case(mounting: .landscape, lowReach: false, largeText: false))
        let seats = Self.chooseSeat(d)
        d.tap(.buy); d.tap(.reviewConfirm)
        d.tap(.accessibility)
        #expect(d.session.screen == .accessibilityMenu(beneath: .purchasing))
        d.session.receive(.purchased(orderID: "ORD-1", seats: seats.map { d.venue.seatIDs[$0] }))
        d.run(to: d.now + 0.5)
        guard case .accessibilityMenu(beneath: .receipt) = d.session.screen else {
            Issue.record("the receipt under the card: \(d.session.screen)")
            return
        }
        d.tap(.accessibilityClose)
        #expect(d.session.phase == .confirmation)
        d.tap(.accessibility)
        d.run(to: d.now + (d.session.configuration.receiptTimeout ?? 60) + 1)
        #expect(d.session.phase == .browsing, "the receipt's timeout ends the card too")
        #expect(d.session.selectedSeats.isEmpty)
    }

    /// The hold running out while the card is open over the cart lets the seats go and leaves
    /// the card over the chart.
    @Test func theHoldRunsOutUnderTheCard() {
        let d = Self.driver(Case(mounting: .portrait, lowReach: true, largeText: true))
        let t = d.zoomIn()
        d.tap(d.seatPoint(d.middleSeats(t).0))
        KioskSessionLowReachTests.hold(d, for: 30)
        d.run(to: d.now + 0.5)
        d.tap(.cart)
        d.tap(.accessibility)
        #expect(d.session.screen == .accessibilityMenu(beneath: .cart))
        d.run(to: d.now + 31)
        #expect(d.session.selectedSeats.isEmpty)
        guard case .accessibilityMenu(let beneath) = d.session.screen else {
            Issue.record("the card stays open: \(d.session.screen)")
            return
        }
        #expect(beneath == .stadium || beneath == .tribune)
    }
}
