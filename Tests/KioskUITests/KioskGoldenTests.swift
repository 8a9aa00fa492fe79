import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The key screens at 1920×1080 and 1080×1920 against reviewed PNGs in `Golden/` (max |Δ| ≤ 2
/// per channel). `TRIBUNE_UPDATE_GOLDEN=1 swift test --filter KioskGoldenTests` rewrites them
/// in the source tree; review them by eye before committing.
@Suite struct KioskGoldenTests {
    static let sourceGolden: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Golden").path
    }()
    static let updating = ProcessInfo.processInfo.environment["TRIBUNE_UPDATE_GOLDEN"] == "1"

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
            d.tap(.buy)
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
            let surface = Self.screen(name, size: size)
            let file = "\(name)-\(orientation).png"
            if Self.updating {
                try FileManager.default.createDirectory(atPath: Self.sourceGolden, withIntermediateDirectories: true)
                try surface.writePNG(to: Self.sourceGolden + "/" + file, opaque: true)
                continue
            }
            guard let url = Bundle.module.url(forResource: "Golden/" + file, withExtension: nil)
                    ?? Bundle.module.resourceURL?.appendingPathComponent("Golden/" + file) else {
                Issue.record("no golden \(file); run with TRIBUNE_UPDATE_GOLDEN=1"); continue
            }
            let golden = try Surface(contentsOfPNGFile: url.path)
            #expect(golden.width == surface.width && golden.height == surface.height)
            guard golden.width == surface.width && golden.height == surface.height else { continue }
            var worst = 0, count = 0
            for y in 0..<surface.height {
                let a = surface.row(y), b = golden.row(y)
                for x in 0..<surface.width where a[x] != b[x] {
                    var delta = 0
                    for shift in stride(from: 0, to: 32, by: 8) {
                        delta = max(delta, abs(Int((a[x] >> UInt32(shift)) & 0xFF) - Int((b[x] >> UInt32(shift)) & 0xFF)))
                    }
                    worst = max(worst, delta)
                    if delta > 2 { count += 1 }
                }
            }
            #expect(worst <= 2, "\(file): \(count) pixels differ by more than 2 (worst \(worst))")
        }
    }

    @Test func renderingIsDeterministic() {
        let a = Self.screen("zoomed", size: Size(width: 960, height: 540))
        let b = Self.screen("zoomed", size: Size(width: 960, height: 540))
        #expect(a.pngData() == b.pngData())
    }
}
