import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The labels over the chart at the four panel sizes: a straight and an arc tribune zoomed to
/// seats of 6, 9 and 14 mm (fading, full), turned by 0, 0.6 and 2.2 rad, and the stadium with
/// seats of 0.75, 1.5 and 2.5 mm. Each frame places labels without overlap and inside the screen, seat numbers
/// on the zoomed ones; with TRIBUNE_GALLERY=DIR set, the frames are written there as PNG.
@Suite struct ChartLabelsGalleryTests {
    @Test(arguments: ScreenGalleryTests.sizes) func framesAtEverySize(size: Size) throws {
        let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"]
        let labels = try ChartLabelsTests.labels()
        let venue = KioskDriver.design
        let chart = SeatingChart(venue: venue, viewSize: size)
        let renderer = ChartRenderer()
        var views: [(String, ChartViewState)] = []
        for (name, t) in [("straight", ChartLabelsTests.rectTribune), ("arc", ChartLabelsTests.arcTribune)] {
            for mm in [6.0, 9.0, 14.0] {
                for rotation in [0.0, 0.6, 2.2] {
                    views.append(("labels-\(name)-\(Int(mm))mm-\(Int(rotation * 10))", ChartLabelsTests.view(size: size, tribune: t, seatMillimetres: mm, rotation: rotation)))
                }
            }
        }
        // The whole stadium and nearer: seats of 0.75, 1.5 and 2.5 mm about the field's centre.
        let middle = Point(x: venue.field.midX, y: venue.field.midY)
        for mm in [0.75, 1.5, 2.5] {
            views.append(("labels-overview-\(Int(mm * 100))", ChartLabelsTests.view(size: size, tribune: 0, seatMillimetres: mm,
                                                                                 rotation: KioskSession.restingRotation(for: size), centre: middle)))
        }
        for (name, view) in views {
            let surface = Surface(width: Int(size.width), height: Int(size.height))
            let context = DrawingContext(surface: surface)
            renderer.render(chart, view: view, seatReveal: 0, now: 0, into: context)
            let placed = labels.place(view: view, size: size)
            labels.draw(into: surface, clip: surface.bounds)
            if name.contains("14mm") { #expect(placed.contains { $0.kind == .seat }, "\(name) at \(size)") }
            let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
            for i in placed.indices {
                #expect(screen.contains(placed[i].box), "\(placed[i].kind) cut by the edge in \(name) at \(size)")
                for j in placed.indices where j > i { #expect(!placed[i].box.intersects(placed[j].box)) }
            }
            if let out {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try surface.writePNG(to: "\(out)/\(name)-\(Int(size.width))x\(Int(size.height)).png", opaque: true)
            }
        }
    }
}
