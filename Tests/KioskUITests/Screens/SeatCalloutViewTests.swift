import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The seat callout's placement at the four panel sizes, with the tapped seat near every edge
/// and corner of the chart's area: always wholly on the screen and inside the safe area (so off
/// the header and the bottom bar), never over the finger (the tap point plus 10 mm), above the
/// finger when there is room.
@Suite struct SeatCalloutViewTests {
    static let sizes = ScreenGalleryTests.sizes

    /// The callout of a wheelchair seat (five lines, the longest content) for `seat` and
    /// `finger` on a `size` screen.
    static func callout(_ d: KioskDriver, at p: Point) -> SessionSnapshot.Callout? {
        let s = d.session
        let seat = d.venue.seats.firstIndex { $0.flags.contains(.wheelchair) } ?? 0
        let lines = s.calloutLines(for: .init(seat: seat, finger: p, outcome: .selected))
        let ppm = s.configuration.pixelsPerMillimetre
        return SeatCalloutView.callout(lines: lines, seat: p, seatRadius: 4 * ppm, finger: p, fingerRadius: 10 * ppm,
                                       pixelsPerMillimetre: ppm, painter: s.painter)
    }

    @Test(arguments: sizes) func placedInsideAndClearOfTheFinger(size: Size) throws {
        let d = KioskDriver(size: size)
        let layout = d.session.layout
        let safe = layout.safeArea
        let ppm = d.session.configuration.pixelsPerMillimetre
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // Seats at the corners, edge middles and centre of the safe area, 2 px and 30 px in.
        var points: [Point] = []
        for inset in [2.0, 30.0] {
            let r = safe.insetBy(dx: inset, dy: inset)
            for fx in [0.0, 0.5, 1.0] {
                for fy in [0.0, 0.5, 1.0] { points.append(Point(x: r.minX + fx * r.width, y: r.minY + fy * r.height)) }
            }
        }
        for p in points {
            let c = try #require(Self.callout(d, at: p), "no callout for a seat at \(p) on \(size)")
            #expect(screen.contains(c.bounds), "\(c.bounds) leaves the \(size) screen")
            #expect(safe.contains(c.bounds), "\(c.bounds) leaves the safe area \(safe)")
            #expect(!c.bounds.intersects(layout.header) && !c.bounds.intersects(layout.bottomBar))
            // The finger: no point of the card or its tail within 10 mm of the tap.
            let r = 10 * ppm
            let dx = max(c.box.minX - p.x, 0, p.x - c.box.maxX), dy = max(c.box.minY - p.y, 0, p.y - c.box.maxY)
            #expect((dx * dx + dy * dy).squareRoot() >= r - 1e-9, "card over the finger at \(p) on \(size)")
            for q in c.tail { #expect(q.distance(to: p) >= r - 1e-9, "tail over the finger at \(p)") }
            // The text fits: every line's width within the card less its padding.
            for (i, line) in c.lines.enumerated() {
                let text = d.session.text, renderer = try #require(text.renderer)
                let l = renderer.layout(line, fontSize: i == 0 ? c.titleSize : c.bodySize,
                                        fonts: SeatCalloutView.isBold(i, of: c.lines.count) ? text.bold : text.regular)
                #expect(!l.isTruncated)
                #expect(l.size.width <= c.box.width - 2 * c.padding + 0.5, "'\(line)' cut on \(size)")
            }
            // Above the finger when the safe area (less its 8-unit margin) has room there for the
            // card and its tail.
            let tail = max(18 * layout.u, 3 * ppm)
            if p.y - r - tail - c.box.height >= safe.minY + 8 * layout.u {
                #expect(c.box.maxY <= p.y - r, "not above the finger at \(p) on \(size)")
            }
        }
    }

    /// The tail leaves the card's side facing the seat and points at it.
    @Test func tailPointsAtTheSeat() throws {
        let d = KioskDriver(size: Size(width: 1920, height: 1080))
        let p = Point(x: 960, y: 700)
        let c = try #require(Self.callout(d, at: p))
        #expect(c.tail.count == 3)
        // Above the finger: the base on the card's bottom edge, the tip below it towards the seat.
        #expect(c.tail[0].y == c.box.maxY && c.tail[1].y == c.box.maxY)
        #expect(c.tail[2].y > c.box.maxY && c.tail[2].y < p.y)
        #expect(abs(c.tail[2].x - p.x) < abs(c.tail[0].x - p.x) + 1)
    }
}
