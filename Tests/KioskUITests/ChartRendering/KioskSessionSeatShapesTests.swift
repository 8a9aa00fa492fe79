import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Large text's high-contrast theme marks the seats' statuses by shape on the kiosk's own
/// frames: zoomed into a tribune with seats held, sold and not for sale and two of the
/// visitor's, at four screen sizes the chart renderer draws the marks, no seat number sits on a
/// marked seat, and turning large text off brings the usual look back. TRIBUNE_GALLERY=DIR
/// writes each size's frame with large text (seat-shapes-WxH.png).
@Suite struct KioskSessionSeatShapesTests {
    /// Panels: a 7", a 24" both ways, a 32" 4K (px/mm as `ChromeLayoutTests`' panels).
    @Test(arguments: [(800, 480, 6.0), (1920, 1080, 3.6), (1080, 1920, 3.6), (3840, 2160, 5.4)])
    func zoomedFramesMarkStatusesByShape(width: Int, height: Int, pixelsPerMillimetre: Double) throws {
        let d = KioskDriver(size: Size(width: Double(width), height: Double(height))) { c in
            c.pixelsPerMillimetre = pixelsPerMillimetre
        }
        let t = d.zoomIn()
        let seats = d.venue.tribunes[t].seats
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        d.run(to: d.now + 1)
        // Every third seat of the tribune's first rows held, sold or not for sale in turn.
        var marked: [Int] = []
        for (k, seat) in seats.prefix(60).enumerated() where k % 3 == 0 && seat != a && seat != b {
            let status: SeatStatus = switch (k / 3) % 3 {
            case 0: .held(hold: "other kiosk", until: 1e9)
            case 1: .sold
            default: .blocked
            }
            d.session.interaction.setStatus(seat, status)
            marked.append(seat)
        }
        d.session.setAccessibility(AccessibilityOptions(largeText: true))
        d.run(to: d.now + 1)
        let large = d.render()
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try large.writePNG(to: dir + "/seat-shapes-\(width)x\(height).png")
        }
        let frames = try #require(d.session.frameCache.chartFrames)
        #expect(frames.seatShapes)
        // No number over a marked seat (its centre on screen, within a pixel).
        let view = d.session.interaction.presentedView
        let numbered = (d.session.frameCache.labels?.placed ?? []).filter { $0.kind == .seat }.map(\.centre)
        for seat in marked + [a, b] {
            let c = view.screenPoint(fromChart: d.venue.seats[seat].center)
            #expect(!numbered.contains { abs($0.x - c.x) <= 1 && abs($0.y - c.y) <= 1 }, "seat \(seat) numbered at \(width)x\(height)")
        }
        d.session.setAccessibility(.off)
        d.run(to: d.now + 1)
        _ = d.render()
        #expect(d.session.frameCache.chartFrames?.seatShapes == false)
    }
}
