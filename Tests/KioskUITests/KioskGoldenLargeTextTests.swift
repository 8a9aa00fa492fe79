import Testing
import Geometry
import Raster
@testable import KioskUI

/// Large text and high contrast against reviewed PNGs in `Golden/` (`GoldenImages`;
/// `TRIBUNE_UPDATE_GOLDEN=1` rewrites them), on screens without the chart (its seats' shapes
/// are the map's own): the cart in the hold's last minute at 1080×1920 (two lines, the outlined
/// lines and remove controls, More time) and the receipt on a 7" 800×480 (Done under the QR
/// code, where the text column has no room for it).
@Suite struct KioskGoldenLargeTextTests {
    static func largeText(_ size: Size, pixelsPerMillimetre: Double) -> KioskDriver {
        let d = KioskDriver(size: size) { c in
            c.pixelsPerMillimetre = pixelsPerMillimetre
            c.eventDate = EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45)
        }
        d.session.setAccessibility(AccessibilityOptions(largeText: true))
        return d
    }

    @Test func cartInTheLastMinute() throws {
        let d = Self.largeText(Size(width: 1080, height: 1920), pixelsPerMillimetre: 3.6)
        ChromeLayoutTests.heldSeats(d, left: 45)
        d.tap(.cart)
        d.run(to: d.now + 0.5)
        #expect(d.session.frame(of: .moreTime) != nil && d.session.frame(ofCartRemove: 1) != nil)
        try GoldenImages.check(d.render(), against: "large-text-cart-portrait.png")
    }

    @Test func receiptOnASevenInchPanel() throws {
        let d = Self.largeText(Size(width: 800, height: 480), pixelsPerMillimetre: 6)
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b)); d.tap(.buy); d.tap(.reviewConfirm)
        d.session.receive(.purchased(orderID: "ORD-1", seats: [a, b].map { d.venue.seatIDs[$0] }))
        d.run(to: d.now + 0.5)
        #expect(d.session.frame(of: .dialogOK) != nil)
        try GoldenImages.check(d.render(), against: "large-text-receipt-small.png")
    }
}
