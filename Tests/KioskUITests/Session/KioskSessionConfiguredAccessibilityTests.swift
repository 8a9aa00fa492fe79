import Testing
@testable import KioskUI

/// A kiosk configured to start in accessibility mode (`Configuration.accessibility`, from
/// `[accessibility]`): the first visitor finds it on, the idle reset returns to it (not to off),
/// and with speech configured the first screen is announced without any touch.
@Suite struct KioskSessionConfiguredAccessibilityTests {
    @Test func theResetReturnsToTheConfiguredOptions() {
        let configured = AccessibilityOptions(stepThrough: true, speech: true)
        let d = KioskDriver { $0.accessibility = configured }
        #expect(d.session.accessibility == configured)
        let c = d.session.configuration
        d.run(to: 1.5); d.touchHeader()
        // The visitor turns speech off and large text on; the next visitor gets the configured set.
        d.session.setAccessibility(AccessibilityOptions(largeText: true, stepThrough: true))
        d.run(to: d.now + c.idleTimeout + c.idlePromptDuration + 5)
        guard case .attract = d.session.screen else { Issue.record("not attract: \(d.session.screen)"); return }
        #expect(d.session.accessibility == configured)
    }

    @Test func speechConfiguredAnnouncesTheFirstScreen() {
        let d = KioskDriver { $0.accessibility = AccessibilityOptions(speech: true) }
        d.run(to: 1.0)
        let said = d.session.takeAnnouncements()
        // The stadium's title as the English strings write it, first of all.
        #expect(said.first?.text.hasPrefix(KioskStrings.english.spokenChooseSeats) == true, "\(said.map(\.text))")
        #expect(said.allSatisfy { $0.language == "en" })
    }

    @Test func unconfiguredStartsAndResetsToOff() {
        let d = KioskDriver()
        #expect(d.session.accessibility == .off)
        d.run(to: 1.0)
        #expect(d.session.takeAnnouncements().isEmpty)
    }
}
