import Testing
import Geometry
import Raster
@testable import KioskUI

/// Accessibility mode's button and card, its switches taking effect at once, the reset for
/// the next visitor, the headset key, and low reach's band holding every control.
@Suite struct KioskSessionAccessibilityTests {
    /// The button opens the card over the chart; each switch turns its option over at once;
    /// Close gives the chart back.
    @Test func buttonOpensTheCardAndSwitchesTakeEffect() throws {
        let d = KioskDriver()
        d.run(to: 1.5)
        #expect(d.session.frame(of: .accessibility) == d.session.layout.accessibilityButton)
        d.tap(.accessibility)
        #expect(d.session.screen == .accessibilityMenu(beneath: .stadium))
        #expect(d.session.phase == .accessibility)
        let card = AccessibilityCardLayout(layout: d.session.layout)
        #expect(card.toggles.count == 4)
        // Large text: the chrome 1.5× at once, the card laid out again in it.
        let unit = d.session.layout.chromeUnit
        d.tap(card.toggles[0].center)
        #expect(d.session.accessibility == AccessibilityOptions(largeText: true))
        #expect(abs(d.session.layout.chromeUnit - 1.5 * unit) < 1e-9)
        // The rest, each in its place on the card as it is now (speech last: with it on, a
        // single tap only speaks what is under the finger).
        for (k, expected) in [(1, AccessibilityOptions(largeText: true, lowReach: true)),
                              (2, AccessibilityOptions(largeText: true, lowReach: true, stepThrough: true)),
                              (0, AccessibilityOptions(lowReach: true, stepThrough: true))] {
            d.tap(AccessibilityCardLayout(layout: d.session.layout).toggles[k].center)
            #expect(d.session.accessibility == expected)
        }
        #expect(abs(d.session.layout.chromeUnit - unit) < 1e-9)
        d.tap(AccessibilityCardLayout(layout: d.session.layout).toggles[3].center)
        #expect(d.session.accessibility == AccessibilityOptions(lowReach: true, stepThrough: true, speech: true))
        d.session.setAccessibility(.off)
        d.tap(.accessibilityClose)
        #expect(d.session.screen == .stadium)
    }

    /// From the attract screen the button opens the card over the chart; the idle reset turns
    /// everything off for the next visitor.
    @Test func attractOpensAndTheResetTurnsItOff() {
        let d = KioskDriver()
        let c = d.session.configuration
        d.run(to: 1.5); d.touchHeader()
        d.session.setAccessibility(AccessibilityOptions(largeText: true, lowReach: true))
        d.run(to: d.now + c.idleTimeout + c.idlePromptDuration + 5)
        guard case .attract = d.session.screen else { Issue.record("not attract: \(d.session.screen)"); return }
        #expect(d.session.accessibility == .off)
        #expect(d.session.frame(of: .accessibility) != nil)
        d.tap(.accessibility)
        #expect(d.session.screen == .accessibilityMenu(beneath: .stadium))
    }

    /// A headset plugged in turns on step-through and speech and wakes an idle kiosk; pulled
    /// out, speech goes off and the rest stays.
    @Test func headsetTurnsOnEyesFree() {
        let d = KioskDriver()
        let c = d.session.configuration
        d.run(to: 1.5); d.touchHeader()
        d.run(to: d.now + c.idleTimeout + c.idlePromptDuration + 5)
        d.session.headsetPlugged(true)
        #expect(d.session.accessibility == .eyesFree)
        #expect(d.session.screen == .stadium)
        d.session.headsetPlugged(false)
        #expect(d.session.accessibility == AccessibilityOptions(stepThrough: true))
    }

    /// The high-contrast theme draws the chrome: the header's pixels are black.
    @Test func largeTextDrawsTheHighContrastTheme() {
        let d = KioskDriver()
        d.run(to: 1.5)
        d.session.setAccessibility(AccessibilityOptions(largeText: true))
        d.run(to: d.now + 0.5)
        let s = d.render(), h = d.session.layout.header
        let p = s.pixel(x: Int(h.midX), y: Int(h.maxY) - 2)
        #expect(p.red == 0 && p.green == 0 && p.blue == 0)
    }
}
