import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// Every screen at the panel sizes Tribune is judged on (small landscape, 4:3, 16:10, full HD
/// both ways, 4K): each reaches the phase it should, draws, and keeps its controls and its card on
/// the screen. With TRIBUNE_GALLERY=DIR set, the frames are written there as PNG to look at.
@Suite struct ScreenGalleryTests {
    static let sizes = [Size(width: 800, height: 480), Size(width: 1024, height: 768), Size(width: 1280, height: 800),
                        Size(width: 1920, height: 1080), Size(width: 1080, height: 1920), Size(width: 3840, height: 2160)]

    /// Drives a fresh session to a screen; returns its name and the phase expected.
    static let screens: [(name: String, phase: KioskPhase, reach: @Sendable (KioskDriver) -> Void)] = [
        ("stadium", .browsing, { d in d.run(to: 1.2) }),
        ("tribune", .zoomed, { d in
            let t = d.zoomIn()
            let (a, b) = d.middleSeats(t)
            d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
            for r in d.session.takeRequests() { if case .holdSeat(let id) = r { d.session.receive(.seatHeld(id, expiresAt: d.now + 600)) } }
            d.run(to: d.now + 0.5)
        }),
        ("purchasing", .checkout, { d in
            let t = d.zoomIn()
            d.tap(d.seatPoint(d.middleSeats(t).0)); d.tap(.buy); d.tap(.reviewConfirm); d.run(to: d.now + 0.5)
        }),
        ("receipt", .confirmation, { d in
            let t = d.zoomIn()
            let a = d.middleSeats(t).0
            d.tap(d.seatPoint(a)); d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchased(orderID: "ORD-1", seats: [d.venue.seatIDs[a]])); d.run(to: d.now + 0.5)
        }),
        ("purchase-failed", .purchaseFailed, { d in
            let t = d.zoomIn()
            d.tap(d.seatPoint(d.middleSeats(t).0)); d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchaseFailed(reason: "The seat was sold at another kiosk a moment ago."))
            d.run(to: d.now + 0.5)
        }),
        // The prompt and the attract screen follow a visitor's touch (an untouched kiosk asks nobody).
        ("idle-prompt", .idlePrompt, { d in
            d.run(to: 1.2); d.tap(d.tribunePoint(d.rectTribune)); d.run(to: d.now + d.session.configuration.idleTimeout + 3.5)
        }),
        ("attract", .attract, { d in
            let c = d.session.configuration
            d.run(to: 1.2); d.tap(d.tribunePoint(d.rectTribune)); d.run(to: d.now + c.idleTimeout + c.idlePromptDuration + 5)
        }),
        ("out-of-service", .outOfService, { d in d.run(to: 1.2); d.session.receive(.service(code: "BO-503")) }),
        ("blanked", .blanked, { d in d.run(to: (d.session.configuration.blankAfter ?? 600) + 1) }),
    ]

    @Test(arguments: sizes) func everyScreenFitsAndDraws(size: Size) throws {
        let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"]
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for s in Self.screens {
            let d = KioskDriver(size: size)
            s.reach(d)
            #expect(d.session.phase == s.phase, "\(s.name) at \(size)")
            let picture = d.render()
            for control in KioskControl.allCases {
                guard let r = d.session.frame(of: control) else { continue }
                #expect(screen.contains(r),
                        "\(control) at \(r) leaves the \(size) screen on \(s.name)")
            }
            if d.session.layout.card.width > 0 {
                let c = d.session.layout.card
                #expect(c.minX >= 0 && c.minY >= 0 && c.maxX <= size.width && c.maxY <= size.height)
            }
            // The legend never runs into the summary (tickets, total, note) or Buy.
            let l = d.session.layout
            for cell in l.legendCells {
                for box in [l.totalBox, l.noteBox, l.buy] { #expect(!cell.intersects(box), "legend over \(box) at \(size)") }
            }
            // Something is drawn: a blank screen is black, every other screen is not one colour.
            let first = picture.row(0)[0]
            var uniform = true
            for y in stride(from: 0, to: picture.height, by: 7) where uniform {
                let row = picture.row(y)
                for x in stride(from: 0, to: picture.width, by: 7) where row[x] != first { uniform = false; break }
            }
            #expect(uniform == (s.phase == .blanked), "\(s.name) at \(size)")
            if let out {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try picture.writePNG(to: "\(out)/\(s.name)-\(Int(size.width))x\(Int(size.height)).png", opaque: true)
            }
        }
    }
}
