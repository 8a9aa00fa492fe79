import Geometry
import Raster
import Testing
@testable import KioskUI

/// Party size first repaints exactly: each step of a visitor's way through the picker and the
/// strip, rendered into the kept surface, equals a full render of the same state, and a press
/// on a strip control repaints within the panel (grown control included), not the screen.
@Suite struct KioskDamagePartyTests {
    @Test func pickerStripPressesAndBestSeatsRepaintExactly() {
        let d = KioskDriver { $0.partySizeFirst = true }
        let shared = Surface(width: 1920, height: 1080)
        d.run(to: 1.2)
        var r = KioskDamageTests.step(d, shared)
        #expect(r.differing == 0)
        // The picker closes into the strip.
        d.tap(d.session.partyLayout.sizes[3].center)
        r = KioskDamageTests.step(d, shared)
        #expect(r.differing == 0 && !r.damage.isEmpty)
        // Best seats held down: only the panel (and the button grown past it) changes.
        let best = d.session.frame(of: .bestSeats)!
        let id = d.touchDown(best.center)
        d.run(to: d.now + 0.2)
        r = KioskDamageTests.step(d, shared)
        #expect(r.differing == 0)
        let panel = d.session.partyLayout.strip
        #expect(KioskDamageTests.inside(r.damage, panel.insetBy(dx: -(best.height * 0.1 + 4), dy: -(best.height * 0.1 + 4))))
        d.lift(id, at: best.center)
        // The flight to the best seats, frame by frame, and the filter's look.
        for _ in 0..<12 {
            d.run(to: d.now + 0.1)
            r = KioskDamageTests.step(d, shared)
            #expect(r.differing == 0)
        }
        d.tap(.accessibleFilter)
        d.run(to: d.now + 0.3)
        r = KioskDamageTests.step(d, shared)
        #expect(r.differing == 0)
        // The chip opens the picker again.
        d.tap(.partyChange)
        r = KioskDamageTests.step(d, shared)
        #expect(r.differing == 0)
    }
}

