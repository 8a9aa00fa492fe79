import Testing
import Geometry
import Raster
@testable import KioskUI

/// Two Arabic screens, mirrored, against reviewed PNGs in `Golden/` (`GoldenImages`;
/// `TRIBUNE_UPDATE_GOLDEN=1` rewrites them): a zoomed tribune with two seats held and the
/// party strip at 1920×1080, and the cart at 1080×1920.
@Suite struct KioskGoldenRightToLeftTests {
    static func arabic(_ size: Size, party: Bool) -> KioskDriver {
        KioskDriver(size: size) { c in
            c.rightToLeft = true
            c.strings = .arabic
            c.eventName = KioskStrings.arabicEventName
            c.eventDate = EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45)
            c.partySizeFirst = party
        }
    }

    /// Two seats side by side, held for 10 minutes.
    static func holdTwo(_ d: KioskDriver) {
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        for s in [a, b] { d.session.receive(.seatHeld(d.venue.seatIDs[s], expiresAt: d.now + 600)) }
    }

    @Test func zoomedTribuneInArabic() throws {
        let d = Self.arabic(Size(width: 1920, height: 1080), party: true)
        d.run(to: 1.5)
        d.tap(d.session.partyLayout.sizes[1].center)
        // One tap places the party of two; both are held.
        let t = d.zoomIn()
        d.tap(d.seatPoint(d.middleSeats(t).0))
        for s in d.session.selectedSeats { d.session.receive(.seatHeld(d.venue.seatIDs[s], expiresAt: d.now + 600)) }
        d.run(to: d.now + 1.5)
        #expect(d.session.partySize == 2 && d.session.selectedSeats.count == 2)
        try GoldenImages.check(d.render(), against: "arabic-zoomed-landscape.png")
    }

    @Test func cartInArabic() throws {
        let d = Self.arabic(Size(width: 1080, height: 1920), party: false)
        Self.holdTwo(d)
        d.tap(.cart); d.run(to: d.now + 0.5)
        #expect(d.session.screen == .cart)
        try GoldenImages.check(d.render(), against: "arabic-cart-portrait.png")
    }
}
