import Testing
import Geometry
@testable import KioskUI

/// "Still there?" asks a visitor who touched the screen, never an empty kiosk (issue 24: a
/// kiosk nobody touched showed it at `tribune run --preview-at 100`).
@Suite struct KioskTimersTests {
    @Test func anUntouchedKioskNeverAsks() {
        let d = KioskDriver { $0.idleTimeout = 90; $0.idlePromptDuration = 20; $0.blankAfter = 600 }
        // Nothing is due before blanking: no idle timeout runs without a visitor.
        d.run(to: 1.5)
        #expect(d.session.nextDeadline == 600)
        for t in [90.0, 100, 110, 300, 599] {
            d.run(to: t)
            #expect(d.session.phase == .browsing, "at \(t) s")
            #expect(d.session.snapshot().card == nil, "a card at \(t) s")
        }
        d.run(to: 600)
        #expect(d.session.phase == .blanked)
    }

    @Test func aVisitorIsAskedAfterTheTimeoutAndTheNextOneOnlyAfterTouching() {
        let d = KioskDriver { $0.idleTimeout = 90; $0.idlePromptDuration = 20; $0.blankAfter = nil }
        d.run(to: 10)
        d.touchHeader()
        let touch = d.now
        #expect(d.session.nextDeadline == touch + 90)
        d.run(to: touch + 90)
        #expect(d.session.phase == .idlePrompt)
        d.run(to: touch + 110)
        #expect(d.session.phase == .attract)
        // The session was reset: waking touches make the next visitor, who is asked again.
        d.tap(Point(x: 400, y: 400))
        #expect(d.session.phase == .browsing)
        let wake = d.now
        d.run(to: wake + 90)
        #expect(d.session.phase == .idlePrompt)
    }

    @Test func timersCountTouches() {
        var timers = KioskTimers(now: 5)
        #expect(!timers.visitorTouched && timers.lastActivity == 5)
        timers.touched(at: 7)
        #expect(timers.visitorTouched && timers.lastActivity == 7)
        timers.touched(at: 6)   // an older frame never moves the clock back
        #expect(timers.lastActivity == 7)
    }
}
