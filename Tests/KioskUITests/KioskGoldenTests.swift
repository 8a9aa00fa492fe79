import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The key screens at 1920×1080 and 1080×1920 against reviewed PNGs in `Golden/`
/// (`GoldenImages`: max |Δ| ≤ 2 per channel; `TRIBUNE_UPDATE_GOLDEN=1` rewrites them).
@Suite struct KioskGoldenTests {
    static let sizes: [(String, Size)] = [("landscape", Size(width: 1920, height: 1080)), ("portrait", Size(width: 1080, height: 1920))]

    /// Each key screen, reached by touches and box-office answers as a visitor would.
    static func screen(_ name: String, size: Size) -> Surface {
        let d = KioskDriver(size: size)
        switch name {
        case "overview":
            d.run(to: 1.5)
        case "zoomed":
            let t = d.zoomIn()
            let (a, b) = d.middleSeats(t)
            d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
            for s in [a, b] { d.session.receive(.seatHeld(d.venue.seatIDs[s], expiresAt: d.now + 600)) }
            d.run(to: d.now + 0.5)
        case "dialog":
            let t = d.zoomIn()
            let (a, b) = d.middleSeats(t)
            d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
            d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchased(orderID: "ORD-1", seats: [a, b].map { d.venue.seatIDs[$0] }))
            d.run(to: d.now + 0.5)
        case "idle-prompt":
            d.run(to: 1.5)
            d.touchHeader()   // the prompt asks a visitor who touched the screen
            d.run(to: d.now + d.session.configuration.idleTimeout + 3)
        case "out-of-service":
            d.run(to: 1.5)
            d.session.receive(.service(code: "BO-503"))
        default:
            break
        }
        return d.render()
    }

    static let names = ["overview", "zoomed", "dialog", "idle-prompt", "out-of-service"]

    @Test(arguments: names) func matchesGolden(_ name: String) throws {
        for (orientation, size) in Self.sizes {
            try GoldenImages.check(Self.screen(name, size: size), against: "\(name)-\(orientation).png")
        }
    }

    @Test func renderingIsDeterministic() {
        let a = Self.screen("zoomed", size: Size(width: 960, height: 540))
        let b = Self.screen("zoomed", size: Size(width: 960, height: 540))
        #expect(a.pngData() == b.pngData())
    }
}
