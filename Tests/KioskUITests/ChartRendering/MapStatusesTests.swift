import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The frame renderer (seat masks and pattern tiles, what neighbouring tribunes and the overview
/// use) draws five seats side by side in the five statuses: each seat's back shows its
/// status's fill or ink, no two statuses share a colour there, and the selected and sold seats
/// carry their ✓ and ✕ on the squab. TRIBUNE_GALLERY=DIR writes the frame as map-statuses.png.
@Suite struct MapStatusesTests {
    @Test func fiveStatusesDrawFiveLooks() throws {
        let venue = StadiumGenerator.generate(.design())
        let size = Size(width: 480, height: 320)
        let t = venue.tribunes.firstIndex { $0.kind == .rect }!
        // Seats 30 px wide, the middle one at the screen's centre.
        let (chart, s) = MapStyleSeatShapesTests.fiveStatuses(venue, row: venue.rows[venue.tribunes[t].rows.lowerBound + 2], seatSide: 30)

        let renderer = ChartFrameRenderer(venue: venue, size: size)
        let surface = Surface(width: Int(size.width), height: Int(size.height))
        renderer.render(chart, view: chart.view, into: surface)
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try surface.writePNG(to: dir + "/map-statuses.png")
        }

        let map = MapStyle(venue: venue)
        let statuses: [SeatLook.Status] = [.free(category: Int(venue.seats[s[0]].category)), .selected, .held, .sold, .blocked]
        var seen: [[PremultipliedPixel]] = []
        for (seat, status) in zip(s, statuses) {
            // The middle of the seat back: in the unit square the back is the rect (0, ⅒, 1 − k,
            // ⅓ − ⅒), k = ⅓ − ⅒, skewed by x' = x − y·cos 45° + k + ⅒: its centre (0.383, 0.217)
            // goes to (0.563, 0.217), i.e. (0.063, −0.283) from the seat's centre. A 3 × 3 block there.
            let r = venue.seats[seat]
            let c = cos(r.rotation), sn = sin(r.rotation)
            let dx = 0.063 * r.size, dy = -0.283 * r.size
            let back = chart.view.screenPoint(fromChart: Point(x: r.center.x + dx * c - dy * sn, y: r.center.y + dx * sn + dy * c))
            let look = map.look(status)
            let allowed = [look.fill.premultiplied, look.ink.premultiplied]
            var block: [PremultipliedPixel] = []
            for oy in -1...1 { for ox in -1...1 { block.append(surface.pixel(x: Int(back.x) + ox, y: Int(back.y) + oy)) } }
            for px in block { #expect(allowed.contains(px), "\(status): \(px) is not \(allowed)") }
            seen.append(block)
            // ✓ and ✕ on the squab (its middle: (−0.117, 0.2) seats from the centre, turned): some
            // pixel there within 40 levels of the glyph's colour, none for the other statuses.
            let sx = -0.117 * r.size, sy = 0.2 * r.size
            let squab = chart.view.screenPoint(fromChart: Point(x: r.center.x + sx * c - sy * sn, y: r.center.y + sx * sn + sy * c))
            let g = look.glyphColor.premultiplied
            var marked = false
            for oy in -3...3 {
                for ox in -3...3 {
                    let q = surface.pixel(x: Int(squab.x) + ox, y: Int(squab.y) + oy)
                    if abs(Int(q.red) - Int(g.red)) <= 40 && abs(Int(q.green) - Int(g.green)) <= 40
                        && abs(Int(q.blue) - Int(g.blue)) <= 40 { marked = true }
                }
            }
            #expect(marked == (look.glyph != .none), "\(status): glyph \(marked)")
        }
        for i in seen.indices {
            for j in seen.indices where j > i {
                #expect(Set(seen[i].map(\.rawValue)).isDisjoint(with: seen[j].map(\.rawValue)), "\(statuses[i]) ~ \(statuses[j])")
            }
        }
    }
}
