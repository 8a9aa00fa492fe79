import Foundation
import Testing
import Animation
import Geometry
import Gestures
import Raster
import Seating
@testable import KioskUI

/// The screens as one state machine, driven by synthetic touch frames on a virtual clock.
/// Expected values come from the venue and the view-state formulas, not from the session.
@Suite struct KioskSessionTests {
    /// True when `p` is `a`, `b` or an anti-aliased blend of the two (within 2 levels).
    static func blends(_ p: PremultipliedPixel, _ a: Color, _ b: Color) -> Bool {
        let k = (255 * a.red - Double(p.red)) / (255 * (a.red - b.red))
        return k >= -0.01 && k <= 1.01 && abs(Double(p.green) - 255 * (a.green + k * (b.green - a.green))) <= 2
            && abs(Double(p.blue) - 255 * (a.blue + k * (b.blue - a.blue))) <= 2
    }

    /// The home scale by hand (landscape: the stadium as it is, w × h, in the safe area).
    static func homeScale(_ d: KioskDriver) -> Double {
        let safe = d.session.layout.safeArea
        return min(safe.width / d.venue.size.width, safe.height / d.venue.size.height)
    }

    @Test func tapOnTribuneFitsItIntoTheSafeAreaAndTheHomeControlGoesBack() {
        let d = KioskDriver()
        #expect(d.session.phase == .browsing)
        #expect(d.session.frame(of: .cart) != nil && d.session.frame(of: .zoomOut) == nil)
        d.run(to: 1.2)
        let t = d.rectTribune
        d.tap(d.tribunePoint(t))
        // 0.7 s zoom then 0.3 s seat reveal.
        d.run(to: d.now + 1.0)
        // Landscape: the stadium lies along the screen (rotation 0), so the rect tribune's
        // screen box is its bounds scaled: fitted into the safe area less 5 mm (20 px) a side.
        #expect(d.session.interaction.chart.view.rotation == 0)
        let b = d.venue.tribunes[t].bounds, safe = d.session.layout.safeArea
        let k = min((safe.width - 40) / b.width, (safe.height - 40) / b.height)
        let m = d.session.interaction.presentedView.chartToScreen
        #expect(abs(m.a - k) < 1e-9 && abs(m.b) < 1e-12)
        let centre = Point(x: b.midX, y: b.midY).applying(m)
        #expect(abs(centre.x - safe.midX) < 1e-6 && abs(centre.y - safe.midY) < 1e-6)
        #expect(d.session.interaction.chart.selectedTribune == t)
        #expect(d.session.interaction.seatReveal == 1)
        #expect(d.session.phase == .zoomed)
        #expect(d.session.frame(of: .zoomOut) != nil)
        #expect(d.session.isSettled)
        // The home control brings the overview back.
        d.tap(.zoomOut)
        d.run(to: d.now + 1.1)
        #expect(abs(d.session.interaction.presentedView.placement.scale - Self.homeScale(d)) < 1e-12)
        #expect(d.session.phase == .browsing && d.session.frame(of: .cart) != nil)
    }

    @Test func tapOnSeatTurnsItGreenCountsItInTheBadgeAndHoldsIt() {
        let d = KioskDriver()
        let t = d.zoomIn()
        _ = d.session.takeRequests()
        let (seat, _) = d.middleSeats(t)
        let p = d.seatPoint(seat)
        d.tap(p)
        d.run(to: d.now + 0.5)
        #expect(d.session.selectedSeats == [seat])
        #expect(d.session.takeRequests() == [.holdSeat(d.venue.seatIDs[seat])])
        let surface = d.render()
        // The selected look: white with a dark ✓ — the pixel is white, the glyph or a blend of the two.
        let px = surface.pixel(x: Int(p.x), y: Int(p.y))
        #expect(Self.blends(px, MapStyle.selected.fill, MapStyle.selected.glyphColor), "\(px)")
        // Back to the overview: the header returns with a red badge reading 1.
        d.tap(.zoomOut)
        d.run(to: d.now + 1.1)
        let cart = d.session.frame(of: .cart)!
        let u = 1080.0 / 1080
        let badge = Point(x: cart.maxX - 10 * u, y: cart.minY + 16 * u - 17 * u)  // inside the circle, above the digit
        #expect(d.render().pixel(x: Int(badge.x), y: Int(badge.y)) == KioskPalette().badge.premultiplied)
        // A second tap on the seat (zoomed again) gives it back: released.
        d.tap(d.tribunePoint(t)); d.run(to: d.now + 1.1)
        d.tap(d.seatPoint(seat)); d.run(to: d.now + 0.5)
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.takeRequests() == [.releaseSeat(d.venue.seatIDs[seat])])
    }

    @Test func pinchZoomsAboutTheFingers() {
        let d = KioskDriver()
        d.run(to: 1.2)
        // Two fingers spreading from 200 to 400 px: magnification 2 about them, from home.
        let under = d.session.interaction.presentedView.chartPoint(fromScreen: Point(x: 960, y: 540))
        d.pinch(centre: Point(x: 960, y: 540), from: 200, to: 400)
        d.run(to: d.now + 0.5)
        #expect(abs(d.session.interaction.presentedView.placement.scale - 2 * Self.homeScale(d)) < 1e-9)
        let p = d.session.interaction.presentedView.screenPoint(fromChart: under)
        #expect(abs(p.x - 960) < 1e-6 && abs(p.y - 540) < 1e-6)
        #expect(d.session.phase == .zoomed)
        #expect(abs(d.session.totals.magnification - 2) < 1e-9)
    }

    @Test func buyAsksForTheShownTotalThenThePurchaseShowsTheDialogAndOkClears() {
        let d = KioskDriver()
        #expect(d.session.frame(of: .buy) != nil && !d.session.canBuy)
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        _ = d.session.takeRequests()
        // The total by the configured prices of the seats' categories.
        let prices = ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900]
        let expected = [a, b].reduce(0) { $0 + prices[d.venue.categories[Int(d.venue.seats[$1].category)].id]! }
        d.tap(.buy); d.tap(.reviewConfirm)
        let ids = [a, b].map { d.venue.seatIDs[$0] }
        #expect(d.session.takeRequests() == [.buy(seats: ids, expectedTotal: expected)])
        #expect(d.session.phase == .checkout)
        // Touches do nothing while the purchase runs.
        d.tap(d.seatPoint(a))
        #expect(d.session.selectedSeats == [a, b] && d.session.takeRequests().isEmpty)
        d.session.receive(.purchased(orderID: "ORD-7", seats: ids))
        #expect(d.session.phase == .confirmation)
        #expect(d.session.purchases == ["ORD-7"])
        // The receipt names the order and the seats bought, at the total shown.
        guard case .receipt(let receipt, let since) = d.session.screen else { Issue.record("no receipt: \(d.session.screen)"); return }
        #expect(receipt.orderCode == "ORD-7" && receipt.total == expected && since == d.session.now)
        #expect(receipt.seats.map(\.seat) == [a, b].sorted().map { d.venue.seatNumbers[$0] })
        #expect(d.session.frame(of: .dialogOK) != nil)
        #expect(d.session.frame(of: .buy) == nil)
        d.tap(.dialogOK)
        d.run(to: d.now + 1.1)
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.phase == .browsing)
        #expect(d.session.interaction.isAtHome && !d.session.interaction.isViewAnimating)
        #expect(d.session.interaction.chart.availability.status(a) == .sold)
        #expect(d.session.takeRequests().isEmpty)  // sold seats need no release
    }

    @Test func aFailedPurchaseShowsTheReasonAndOkReleasesTheHold() {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        d.tap(.buy); d.tap(.reviewConfirm)
        _ = d.session.takeRequests()
        d.session.receive(.purchaseFailed(reason: "The payment terminal declined the card."))
        #expect(d.session.phase == .purchaseFailed)
        d.tap(.dialogOK)
        #expect(d.session.takeRequests() == [.releaseAll])
        #expect(d.session.selectedSeats.isEmpty && d.session.phase != .purchaseFailed)
        // Dismissing it (the visitor's cancel) takes the chart home.
        d.run(to: d.now + 1.1)
        #expect(d.session.interaction.isAtHome && d.session.phase == .browsing)
        #expect(abs(d.session.interaction.presentedView.placement.scale - Self.homeScale(d)) < 1e-12)
    }

    @Test func idlePromptAtExactlyTheTimeoutThenResetThenAttractThenBlank() {
        let d = KioskDriver { $0.idleTimeout = 90; $0.idlePromptDuration = 20; $0.blankAfter = 600 }
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        let lastTouch = d.now
        _ = d.session.takeRequests()
        #expect(d.session.nextDeadline == lastTouch + 90)
        d.run(to: lastTouch + 90 - 1e-6)
        #expect(d.session.phase == .zoomed)
        d.run(to: lastTouch + 90)
        #expect(d.session.phase == .idlePrompt)
        #expect(d.session.idlePromptRemaining == 20)
        #expect(d.session.frame(of: .idleContinue) != nil && d.session.frame(of: .buy) == nil)
        d.run(to: lastTouch + 110 - 1e-6)
        #expect(d.session.phase == .idlePrompt && d.session.selectedSeats == [a])
        d.run(to: lastTouch + 110)
        #expect(d.session.phase == .attract)
        #expect(d.session.takeRequests() == [.releaseAll])
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.interaction.isAtHome && !d.session.interaction.isViewAnimating)
        #expect(d.session.interaction.chart.selectedTribune == nil)
        #expect(d.session.needsDisplay)  // the stadium turns
        d.run(to: lastTouch + 600)
        #expect(d.session.phase == .blanked && d.session.isBlanked)
        #expect(d.render().pixel(x: 960, y: 540) == Color.black.premultiplied)
    }

    @Test func noIdlePromptWhileThePurchaseRuns() {
        let d = KioskDriver { $0.idleTimeout = 90; $0.idlePromptDuration = 20; $0.blankAfter = 600 }
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        d.tap(.buy); d.tap(.reviewConfirm)
        let buyTouch = d.now
        _ = d.session.takeRequests()
        #expect(d.session.phase == .checkout)
        // The box office is slow: well past the idle timeout, prompt and blanking, the visitor
        // still waits on "Processing…" with the seat, never reset under their eyes.
        d.run(to: buyTouch + 700)
        #expect(d.session.phase == .checkout)
        #expect(d.session.selectedSeats == [a])
        #expect(d.session.takeRequests().isEmpty)   // no release of the hold being bought
        // The answer comes; the receipt stays (no prompt, no blanking) until its own timeout.
        d.session.receive(.purchased(orderID: "ORD-9", seats: [d.venue.seatIDs[a]]))
        #expect(d.session.phase == .confirmation)
        d.run(to: d.now + 59)
        #expect(d.session.phase == .confirmation)
    }

    @Test func continueKeepsTheSession() {
        let d = KioskDriver { $0.idleTimeout = 30; $0.idlePromptDuration = 20 }
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        let start = d.now
        d.run(to: start + 35)
        #expect(d.session.phase == .idlePrompt)
        d.tap(.idleContinue)
        #expect(d.session.phase == .zoomed && d.session.selectedSeats == [a])
        // The idle time starts again from that touch.
        #expect(d.session.nextDeadline! > d.now + 29)
    }

    @Test func theTouchThatWakesTheScreenIsSwallowedWithItsGuard() {
        let d = KioskDriver { $0.idleTimeout = 10; $0.idlePromptDuration = 5; $0.wakeGuard = 0.2 }
        d.touchHeader()
        d.run(to: 16)
        #expect(d.session.phase == .attract)
        _ = d.session.takeRequests()
        // The waking tap lands on a tribune: it does not zoom.
        let t = d.rectTribune
        d.tap(d.tribunePoint(t))
        #expect(d.session.phase == .browsing)
        #expect(d.session.interaction.chart.selectedTribune == nil)
        // A tap landing within the guard (0.1 s after the lift) is swallowed too…
        let d2 = KioskDriver { $0.idleTimeout = 10; $0.idlePromptDuration = 5; $0.wakeGuard = 0.2 }
        d2.touchHeader()
        d2.run(to: 16)
        d2.tap(d2.tribunePoint(t))
        d2.tap(d2.tribunePoint(t), after: 0.1)
        #expect(d2.session.interaction.chart.selectedTribune == nil)
        // …one after it works.
        d.tap(d.tribunePoint(t), after: 0.3)
        #expect(d.session.interaction.chart.selectedTribune == t)
        #expect(d.session.takeRequests().isEmpty)
    }

    /// The trace-in plays on start and on waking; a touch on the chart during it ends it at once
    /// (the chart then moves under the finger without outlines still tracing), a waking or
    /// swallowed touch does not.
    @Test func aTouchOnTheChartEndsTheTraceIn() {
        let d = KioskDriver()
        d.run(to: 0.2)
        #expect(d.session.animator.value(d.session.trace) < 0.5)
        let id = d.touchDown(Point(x: 700, y: 500))
        #expect(d.session.animator.value(d.session.trace) == 1)
        d.frame(d.now + 0.05, [.init(id: id, location: Point(x: 700, y: 500), phase: .ended)])

        let w = KioskDriver { $0.idleTimeout = 10; $0.idlePromptDuration = 5; $0.wakeGuard = 0.2 }
        w.touchHeader()
        w.run(to: 16)
        #expect(w.session.phase == .attract)
        w.tap(Point(x: 700, y: 500))              // wakes: the trace-in starts
        w.tap(Point(x: 700, y: 500), after: 0.05)  // within the wake guard: swallowed
        let traced = w.session.animator.value(w.session.trace)
        #expect(traced > 0 && traced < 1, "trace \(traced)")
    }

    @Test func aTakenSeatLeavesTheSelectionWithAToastNamingIt() {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        _ = d.session.takeRequests()
        d.session.receive(.seatTaken(d.venue.seatIDs[a]))
        #expect(d.session.selectedSeats == [b])
        let row = d.venue.rowLabels[Int(d.venue.seats[a].row)]
        let toast = d.session.toastText ?? ""
        #expect(toast.contains("Seat\u{A0}\(d.venue.seatNumbers[a]) in row\u{A0}\(row)"))
        #expect(toast.contains(d.venue.tribunes[t].label))
        // Greyed and no longer selectable.
        d.tap(d.seatPoint(a))
        #expect(d.session.selectedSeats == [b] && d.session.takeRequests().isEmpty)
        d.run(to: d.now + 0.5)
        let p = d.seatPoint(a)
        let px = d.render().pixel(x: Int(p.x), y: Int(p.y))
        #expect(Self.blends(px, MapStyle.sold.fill, MapStyle.sold.glyphColor), "sold: \(px)")
        // The toast goes after its time.
        d.run(to: d.now + KioskSession.toastDuration)
        #expect(d.session.toastText == nil)
    }

    @Test func holdCountdownTicksEverySecondAndTheHoldExpires() {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        let held = d.now
        d.session.receive(.seatHeld(d.venue.seatIDs[a], expiresAt: held + 10.5))
        #expect(d.session.holdExpiresAt == held + 10.5)
        // 10.5 s left shows "0:11"; it becomes "0:10" at 0.5 s from now.
        #expect(abs(d.session.nextDeadline! - (held + 0.5)) < 1e-9)
        d.run(to: held + 10.5)
        #expect(d.session.selectedSeats.isEmpty)
        #expect(d.session.toastText != nil)
    }

    @Test func outOfServiceShowsTheCodeIgnoresTouchesAndComesBack() {
        let d = KioskDriver()
        d.run(to: 1.2)
        d.session.receive(.service(code: "BO-503"))
        #expect(d.session.phase == .outOfService)
        #expect(d.session.statusLine.contains("BO-503"))
        #expect(KioskControl.allCases.allSatisfy { d.session.frame(of: $0) == nil })
        let surface = d.render()
        #expect(surface.pixel(x: 5, y: 5) == KioskPalette().serviceBackground.premultiplied)
        d.tap(d.tribunePoint(d.rectTribune))
        #expect(d.session.interaction.chart.selectedTribune == nil)
        d.session.receive(.service(code: nil))
        #expect(d.session.phase == .browsing)
        d.tap(d.tribunePoint(d.rectTribune))
        #expect(d.session.interaction.chart.selectedTribune == d.rectTribune)
    }

    @Test func standaloneKeepsTheChartButDisablesBuyWithANote() {
        let d = KioskDriver { $0.boxOfficeConfigured = false }
        let t = d.zoomIn()
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        #expect(d.session.selectedSeats == [a])
        #expect(!d.session.canBuy && d.session.frame(of: .buy) != nil)
        d.tap(.buy); d.tap(.reviewConfirm)
        #expect(d.session.takeRequests().isEmpty && d.session.phase == .zoomed)
        #expect(d.session.toastText != nil)
    }

    @Test func pressedButtonGrowsTo120PercentAboutItsCentre() {
        let d = KioskDriver()
        d.run(to: 1.2)
        let buy = d.session.frame(of: .buy)!
        // Just outside the right edge: inside only when the button is scaled by 1.2 about its
        // centre (it then reaches 0.1 × width beyond each side).
        let probe = (x: Int(buy.maxX + 0.05 * buy.width), y: Int(buy.midY))
        let disabled = KioskPalette().disabledButton
        #expect(d.render().pixel(x: probe.x, y: probe.y) != disabled.premultiplied)
        let finger = d.touchDown(buy.center)
        d.run(to: d.now + KioskSession.pressDuration)
        #expect(d.render().pixel(x: probe.x, y: probe.y) == disabled.premultiplied)
        d.lift(finger, at: buy.center)
        d.run(to: d.now + KioskSession.pressDuration)
        #expect(d.render().pixel(x: probe.x, y: probe.y) != disabled.premultiplied)
    }

    @Test func portraitLayoutKeepsEverythingOnScreen() {
        let d = KioskDriver(size: Size(width: 1080, height: 1920))
        d.run(to: 1.2)
        let screen = Rect(x: 0, y: 0, width: 1080, height: 1920)
        for c in [KioskControl.buy, .cart] {
            let r = d.session.frame(of: c)!
            #expect(screen.contains(r))
        }
        #expect(d.session.layout.isPortrait)
        #expect(d.session.interaction.chart.view.rotation == .pi / 2)  // SportFan's own, on its own kind of screen
        #expect(d.session.frame(of: .buy)!.maxY > 1700)  // kept low, in reach
    }

    @Test func pressedSeatGrowsAboutItsCentreWhileTheFingerIsDown() {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (seat, _) = d.middleSeats(t)
        let record = d.venue.seats[seat]
        // A point of the seat's square just outside its shape at scale 1 but inside at 1.2:
        // the squab's right edge is at x = h − skewShift − h/2 from the centre (skewShift =
        // h/3 − h/10), so 1.1 × that edge, halfway down the squab (y = 0.2h), turned and mapped.
        let h = record.size
        let edge = h - (h / 3 - h / 10) - h / 2
        let lx = edge * 1.1, ly = 0.2 * h
        let c = cos(record.rotation), sn = sin(record.rotation)
        let probeChart = Point(x: record.center.x + lx * c - ly * sn, y: record.center.y + lx * sn + ly * c)
        let probe = d.session.interaction.presentedView.screenPoint(fromChart: probeChart)
        // The free look: the category's colour with its cue's ink.
        let look = MapStyle(venue: d.venue).look(.free(category: Int(record.category)))
        let seatLook = [look.fill.premultiplied, look.ink.premultiplied]
        #expect(!seatLook.contains(d.render().pixel(x: Int(probe.x), y: Int(probe.y))))
        let finger = d.touchDown(d.seatPoint(seat))
        d.run(to: d.now + KioskSession.pressDuration)
        #expect(seatLook.contains(d.render().pixel(x: Int(probe.x), y: Int(probe.y))))
        d.lift(finger, at: d.seatPoint(seat))
        #expect(d.session.selectedSeats == [seat])
    }

    @Test func attractStadiumTurnsAndNeverSettles() {
        let d = KioskDriver { $0.idleTimeout = 5; $0.idlePromptDuration = 5; $0.blankAfter = nil }
        d.touchHeader()
        d.run(to: 10.5)
        #expect(d.session.phase == .attract)
        #expect(!d.session.isSettled && d.session.needsDisplay)
        let a = d.render().pngData()
        d.run(to: 12.5)
        let b = d.render().pngData()
        #expect(a != b)
        // Without blanking, nothing else is scheduled.
        #expect(d.session.nextDeadline == nil)
    }

    @Test func venuePricesFillTheConfiguration() {
        var c = KioskSession.Configuration(screenSize: Size(width: 100, height: 100), pixelsPerMillimetre: 4)
        c.prices = ["CAT1": 7000]
        c.takePrices(from: KioskDriver.design)
        // CAT1 kept, the others from StadiumGenerator's categories (45.00, 29.00, 29.00 EUR).
        #expect(c.prices == ["CAT1": 7000, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900])
        #expect(MoneyFormat.string(minor: 6505, currency: "EUR") == "€65.05")
        #expect(MoneyFormat.string(minor: 100, currency: "CHF") == "1.00 CHF")
    }

    /// A frame drawn while the trace-in runs asks for one more after the animation has ended
    /// between frames, so the finished stadium reaches the screen; after that frame, nothing.
    @Test func theLastFrameOfAnAnimationIsDrawn() {
        let d = KioskDriver()
        let surface = Surface(width: 1920, height: 1080)
        d.run(to: 0.5)
        #expect(d.session.needsDisplay)
        d.session.render(into: surface)          // mid trace-in (1 s)
        d.run(to: 2.0)                            // it ended in between
        #expect(d.session.needsDisplay)
        #expect(!d.session.render(into: surface).isEmpty)
        #expect(!d.session.needsDisplay)
        #expect(d.session.render(into: surface).isEmpty)
    }
}
