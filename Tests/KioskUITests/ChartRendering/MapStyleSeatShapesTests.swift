import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The high-contrast theme's seats (`MapStyle.seatShapes`): on a rendered zoomed frame each
/// status's mark, binarised after normalising its colours, differs in shape from every other's
/// by at least half of what the marks' geometry (written out here) says; each mark stands
/// ≥ 7:1 against its seat's fill; the legend's swatches carry the same marks; and with the
/// theme off the frame is the usual one, byte for byte.
@Suite struct MapStyleSeatShapesTests {
    /// The marks as specified, in the unit square of the mark's box (y down): strokes of width
    /// `strokeWidth` with round caps along these segments.
    static let strokes: [SeatLook.Glyph: [(Point, Point)]] = [
        .none: [],
        .check: [(Point(x: 0.20, y: 0.52), Point(x: 0.42, y: 0.74)), (Point(x: 0.42, y: 0.74), Point(x: 0.80, y: 0.28))],
        .cross: [(Point(x: 0.26, y: 0.26), Point(x: 0.74, y: 0.74)), (Point(x: 0.74, y: 0.26), Point(x: 0.26, y: 0.74))],
        .pause: [(Point(x: 0.32, y: 0.22), Point(x: 0.32, y: 0.78)), (Point(x: 0.68, y: 0.22), Point(x: 0.68, y: 0.78))],
        .dash: [(Point(x: 0.18, y: 0.5), Point(x: 0.82, y: 0.5))],
    ]
    static let strokeWidth = 0.16

    static let statuses: [SeatLook.Status] = [.free(category: 0), .selected, .held, .sold, .blocked]
    static let marks: [SeatLook.Glyph] = [.none, .check, .pause, .cross, .dash]

    /// The distance from (x, y) of the unit square to `glyph`'s stroke axes (∞ without a mark).
    static func distance(_ glyph: SeatLook.Glyph, _ x: Double, _ y: Double) -> Double {
        strokes[glyph, default: []].map { a, b in
            let dx = b.x - a.x, dy = b.y - a.y
            let t = max(0, min(1, ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy)))
            let ex = a.x + t * dx - x, ey = a.y + t * dy - y
            return (ex * ex + ey * ey).squareRoot()
        }.min() ?? .infinity
    }

    /// Whether (x, y) of the unit square is inside `glyph`'s strokes.
    static func inside(_ glyph: SeatLook.Glyph, _ x: Double, _ y: Double) -> Bool { distance(glyph, x, y) <= strokeWidth / 2 }

    /// The fraction of the unit square where exactly one of the two marks is, sampled 200².
    static func expectedDifference(_ a: SeatLook.Glyph, _ b: SeatLook.Glyph) -> Double {
        let n = 200
        var count = 0
        for j in 0..<n {
            for i in 0..<n where inside(a, (Double(i) + 0.5) / Double(n), (Double(j) + 0.5) / Double(n))
                != inside(b, (Double(i) + 0.5) / Double(n), (Double(j) + 0.5) / Double(n)) { count += 1 }
        }
        return Double(count) / Double(n * n)
    }

    static func luminance(_ p: PremultipliedPixel) -> Double { ChartLabelsContrastTests.luminance(p) }
    static func luminance(_ c: Color) -> Double { ChromeLayoutTests.luminance(c.red, c.green, c.blue) }

    /// The mark's pixels in a `side`² window centred at (`cx`, `cy`): a pixel is ink when its
    /// luminance lies more than half way from the fill's toward the mark colour's (or, for a
    /// look without a mark, more than 0.1 from the fill's).
    static func binarised(_ surface: Surface, cx: Int, cy: Int, side: Int, look: SeatLook) -> [Bool] {
        let f = luminance(look.fill)
        let threshold = look.glyph == .none ? 0.1 : abs(luminance(look.glyphColor) - f) / 2
        var out: [Bool] = []
        for y in 0..<side {
            for x in 0..<side {
                out.append(abs(luminance(surface.pixel(x: cx - side / 2 + x, y: cy - side / 2 + y)) - f) > threshold)
            }
        }
        return out
    }

    static func differing(_ a: [Bool], _ b: [Bool]) -> Int { zip(a, b).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) } }

    /// Five consecutive seats of `row` from its fourth, one per status (free, the visitor's,
    /// held, sold, not for sale), seats `seatSide` px wide on a 480×320 screen, the middle one
    /// centred; and the seats.
    static func fiveStatuses(_ venue: Venue, row: SeatRow, seatSide: Double) -> (SeatingChart, [Int]) {
        let size = Size(width: 480, height: 320)
        var chart = SeatingChart(venue: venue, viewSize: size)
        let s = (0..<5).map { Int(row.firstSeat) + 3 + $0 }
        chart.selection.add([s[1]])
        chart.availability.set(s[2], .held(hold: "other kiosk", until: 100))
        chart.availability.set(s[3], .sold)
        chart.availability.set(s[4], .blocked)
        let k = chart.view.contentTransform.a
        chart.view.zoomLimits = 0.1...400
        chart.view.zoom = seatSide / (venue.seats[s[2]].size * k)
        let p = chart.view.screenPoint(fromChart: venue.seats[s[2]].center)
        chart.view.offset = Vector(dx: size.width / 2 - p.x, dy: size.height / 2 - p.y)
        return (chart, s)
    }

    /// `fiveStatuses` in a row of category 0 (the solid cue), rendered.
    static func frame(seatSide: Double, shapes: Bool) -> (Surface, SeatingChart, [Int]) {
        let venue = StadiumGenerator.generate(.design())
        let row = venue.rows.first { r in (0..<5).allSatisfy { venue.seats[Int(r.firstSeat) + 3 + $0].category == 0 } }!
        let (chart, s) = fiveStatuses(venue, row: row, seatSide: seatSide)
        let renderer = ChartFrameRenderer(venue: venue, size: chart.view.viewSize)
        renderer.seatShapes = shapes
        let surface = Surface(width: Int(chart.view.viewSize.width), height: Int(chart.view.viewSize.height))
        renderer.render(chart, view: chart.view, into: surface)
        return (surface, chart, s)
    }

    /// The screen centre of seat `seat`'s mark box: (−0.117, 0.2) seat sides from the seat's
    /// centre (the squab's middle), turned with the seat.
    static func markCentre(_ chart: SeatingChart, _ seat: Int) -> Point {
        let r = chart.venue.seats[seat]
        let c = cos(r.rotation), sn = sin(r.rotation)
        let sx = -0.117 * r.size, sy = 0.2 * r.size
        return chart.view.screenPoint(fromChart: Point(x: r.center.x + sx * c - sy * sn, y: r.center.y + sx * sn + sy * c))
    }

    @Test(arguments: [30.0, 60.0])
    func statusMarksDifferInShapeAndStandOut(seatSide: Double) throws {
        let (surface, chart, seats) = Self.frame(seatSide: seatSide, shapes: true)
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try surface.writePNG(to: dir + "/map-status-shapes-\(Int(seatSide)).png")
        }
        let map = MapStyle(venue: chart.venue, seatShapes: true)
        // The mark's box is 0.36 seat sides (its strokes stay inside it); one pixel less, so
        // that a window shifted by a pixel stays on the squab (0.4 sides high).
        let side = Int((0.36 * seatSide).rounded(.down)) - 1
        var masks: [[Bool]] = [], centres: [(Int, Int)] = []
        for (seat, status) in zip(seats, Self.statuses) {
            let look = map.look(status)
            let c = Self.markCentre(chart, seat)
            let cx = Int(c.x.rounded(.down)), cy = Int(c.y.rounded(.down))
            centres.append((cx, cy))
            masks.append(Self.binarised(surface, cx: cx, cy: cy, side: side, look: look))
            #expect(look.glyph == Self.marks[masks.count - 1])
            guard look.glyph != .none else { continue }
            // The mark against its fill: the most distant pixel of the window against the fill.
            let f = Self.luminance(look.fill)
            var far = f
            for y in -side / 2..<side / 2 {
                for x in -side / 2..<side / 2 {
                    let l = Self.luminance(surface.pixel(x: cx + x, y: cy + y))
                    if abs(l - f) > abs(far - f) { far = l }
                }
            }
            let ratio = ChromeLayoutTests.ratio(far, f)
            #expect(ratio >= 7, "\(status) at \(seatSide) px: mark against fill \(ratio):1")
        }
        for i in masks.indices {
            for j in masks.indices where j > i {
                // Shapes, not positions: the least difference over shifts of up to a pixel.
                var least = Int.max
                for dy in -1...1 {
                    for dx in -1...1 {
                        let shifted = Self.binarised(surface, cx: centres[j].0 + dx, cy: centres[j].1 + dy, side: side,
                                                     look: map.look(Self.statuses[j]))
                        least = min(least, Self.differing(masks[i], shifted))
                    }
                }
                let expected = Self.expectedDifference(Self.marks[i], Self.marks[j])
                let measured = Double(least) / Double(side * side)
                #expect(measured >= expected / 2, "\(Self.statuses[i]) ~ \(Self.statuses[j]) at \(seatSide) px: \(measured) < \(expected) / 2")
            }
        }
    }

    @Test func theUsualLookIsUnchangedAndComesBack() {
        let (plain, _, _) = Self.frame(seatSide: 40, shapes: false)
        let (shaped, chart, seats) = Self.frame(seatSide: 40, shapes: true)
        #expect(!ChartFrameRendererTests.same(plain, shaped))
        // The same renderer, shapes on then off: the usual frame again.
        let renderer = ChartFrameRenderer(venue: chart.venue, size: Size(width: 480, height: 320))
        let surface = Surface(width: 480, height: 320)
        renderer.seatShapes = true
        renderer.render(chart, view: chart.view, into: surface)
        renderer.seatShapes = false
        renderer.render(chart, view: chart.view, into: surface)
        #expect(ChartFrameRendererTests.same(surface, plain))
        // The usual look marks only the visitor's and sold seats.
        let map = MapStyle(venue: chart.venue)
        #expect(Self.statuses.map { map.look($0).glyph } == [.none, .check, .none, .cross, .none])
        #expect(map.markedPaints == 1 << UInt32(ChartScene.Paint.selected) | 1 << UInt32(ChartScene.Paint.sold))
        #expect(map.shaped(true).markedPaints == 0b1111)
        _ = seats
    }

    @Test func legendSwatchesCarryTheMarks() throws {
        let venue = StadiumGenerator.generate(.design())
        let map = MapStyle(venue: venue, seatShapes: true)
        let swatch = 48.0
        let surface = Surface(width: Int(swatch) * 5 + 40, height: Int(swatch) + 20)
        let context = DrawingContext(surface: surface)
        surface.fill(surface.bounds, with: Color(red: 0, green: 0, blue: 0).premultiplied)
        var masks: [[Bool]] = []
        // The swatch draws the mark in its box inset by 0.08 sides (a box of 0.84 sides); the
        // middle 0.66 sides hold every mark's strokes and none of the rounded corners.
        let side = Int((0.66 * swatch).rounded(.down))
        for (k, status) in Self.statuses.enumerated() {
            let rect = Rect(x: 10 + Double(k) * (swatch + 5), y: 10, width: swatch, height: swatch)
            map.drawLegendSwatch(status, in: rect, into: context)
            masks.append(Self.binarised(surface, cx: Int(rect.midX), cy: Int(rect.midY), side: side, look: map.look(status)))
        }
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try surface.writePNG(to: dir + "/legend-status-shapes.png")
        }
        for i in masks.indices {
            for j in masks.indices where j > i {
                let expected = Self.expectedDifference(Self.marks[i], Self.marks[j])
                let measured = Double(Self.differing(masks[i], masks[j])) / Double(side * side)
                #expect(measured >= expected / 2, "legend \(Self.statuses[i]) ~ \(Self.statuses[j]): \(measured) < \(expected) / 2")
            }
        }
    }
}
