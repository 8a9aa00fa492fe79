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
        try legendSwatchesCarryTheMarks(d, name: "\(width)x\(height)")
        d.session.setAccessibility(.off)
        d.run(to: d.now + 1)
        _ = d.render()
        #expect(d.session.frameCache.chartFrames?.seatShapes == false)
    }

    /// The legend (its panel opened where it folds) shows each status with its mark: at a few
    /// points of each swatch's mark box, the pixel is nearer the mark's colour than the fill's
    /// exactly where the marks' geometry (`MapStyleSeatShapesTests.strokes`) puts a stroke.
    func legendSwatchesCarryTheMarks(_ d: KioskDriver, name: String) throws {
        if d.session.layout.legendFolds {
            d.tap(d.session.layout.legendToggle.center)
            d.run(to: d.now + 1)
        }
        let frame = d.render()
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try frame.writePNG(to: dir + "/seat-shapes-legend-\(name).png")
        }
        let layout = d.session.layout
        let map = MapStyle(venue: d.venue, seatShapes: true)
        var checked = 0
        for (entry, cell) in zip(d.session.content.legend, layout.legendCells) {
            let look = map.look(entry.status)
            guard look.glyph != .none else { continue }
            // The swatch: the box of the cell's pixels in the look's fill exactly; its mark in
            // the swatch inset by 0.08 sides.
            let f = look.fill.premultiplied
            var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
            for y in Int(cell.minY)..<Int(cell.maxY) {
                for x in Int(cell.minX)..<Int(cell.maxX) where frame.pixel(x: x, y: y) == f {
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
                }
            }
            try #require(x1 > x0 && y1 > y0, "\(entry.label)'s swatch in \(name)")
            let swatch = Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1))
            let box = swatch.insetBy(dx: 0.08 * swatch.width, dy: 0.08 * swatch.height)
            let (fill, mark) = (MapStyleSeatShapesTests.luminance(look.fill), MapStyleSeatShapesTests.luminance(look.glyphColor))
            // Points clear of every stroke's edge by 0.05 of the box (antialiasing).
            let points = [(0.5, 0.5), (0.32, 0.5), (0.5, 0.3), (0.74, 0.26), (0.32, 0.68), (0.2, 0.2), (0.68, 0.4)].filter { u, v in
                abs(MapStyleSeatShapesTests.distance(look.glyph, u, v) - MapStyleSeatShapesTests.strokeWidth / 2) > 0.05
            }
            for (u, v) in points {
                let l = MapStyleSeatShapesTests.luminance(frame.pixel(x: Int(box.minX + u * box.width), y: Int(box.minY + v * box.height)))
                let inked = abs(l - mark) < abs(l - fill)
                #expect(inked == MapStyleSeatShapesTests.inside(look.glyph, u, v), "\(entry.label) at (\(u), \(v)) in \(name)")
            }
            checked += 1
        }
        #expect(checked >= 2, "the legend shows held and sold in \(name)")
    }
}
