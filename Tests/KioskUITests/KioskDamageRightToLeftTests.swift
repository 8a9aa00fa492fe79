import Geometry
import Raster
import Testing
@testable import KioskUI

/// Right to left, partial renders still equal full renders: the damage the mirrored chrome's
/// changes report (a countdown tick, a pressed control, the review and back, the party strip, a legend
/// entry highlighted, the hold's last minute with More time) covers every pixel they change.
@Suite struct KioskDamageRightToLeftTests {
    @Test(arguments: [Size(width: 1920, height: 1080), Size(width: 800, height: 480), Size(width: 1080, height: 1920)])
    func partialRendersEqualFullRenders(size: Size) {
        let d = KioskGoldenRightToLeftTests.arabic(size, party: true)
        let shared = Surface(width: Int(size.width), height: Int(size.height))
        var steps = 0
        func check(_ what: String) {
            let r = KioskDamageTests.step(d, shared)
            #expect(r.differing == 0, "\(r.differing) pixels differ after \(what) at \(size)")
            steps += 1
        }
        d.run(to: 1.5); check("start")
        d.tap(d.session.partyLayout.sizes[1].center); d.run(to: d.now + 0.05); check("pressing a size")
        d.run(to: d.now + 0.5); check("the strip")
        let t = d.zoomIn(); check("zoom")
        d.tap(d.seatPoint(d.middleSeats(t).0)); d.run(to: d.now + 1.2); check("the party placed")
        for s in d.session.selectedSeats { d.session.receive(.seatHeld(d.venue.seatIDs[s], expiresAt: d.now + 62.25)) }
        check("held")
        d.run(to: d.now + 1); check("a countdown tick")
        d.run(to: d.now + 2); check("the last minute, More time")
        let buy = d.session.layout.buy.center
        let finger = d.touchDown(buy); d.run(to: d.now + 0.06); check("Buy pressed")
        d.lift(finger, at: buy); d.run(to: d.now + 0.3); check("the review")
        #expect(d.session.screen == .review)
        d.tap(d.session.frame(of: .reviewBack)?.center ?? .zero); d.run(to: d.now + 0.3); check("back to the chart")
        d.tap(d.session.layout.home.center); d.run(to: d.now + 0.3); check("home")
        d.tap(d.session.layout.legendFolds ? d.session.layout.legendToggle.center : d.session.layout.legendCells[0].center)
        d.run(to: d.now + 0.3); check("the legend")
        d.tap(d.session.frame(of: .partyChange)?.center ?? .zero); d.run(to: d.now + 0.3); check("the picker again")
        #expect(steps == 14)
    }
}
