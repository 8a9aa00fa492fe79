import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Row labels and seat numbers where they meet: a row label keeps a millimetre clear of every
/// seat number, two rows of the same name ending side by side get one label, and no seat
/// number is drawn over a seat's ✓, ✕ or wheelchair glyph. Boxes are measured on screen from
/// the venue's seats, not asked of the labels.
@Suite struct ChartLabelsDetailTests {
    /// The screen box (px) of seat `s`'s square through `m`.
    static func seatBox(_ venue: Venue, _ s: Int, _ m: Geometry.AffineTransform) -> Rect {
        let r = venue.seats[s]
        return ViewBounds.screenBox(of: Rect(x: r.center.x - r.size / 2, y: r.center.y - r.size / 2, width: r.size, height: r.size), through: m)
    }

    /// Row labels against seat numbers and each other in `placed`, at `ppm`.
    static func checkRows(_ labels: ChartLabels, ppm: Double, _ what: String) -> Int {
        let rows = labels.placed.filter { $0.kind == .row }, seats = labels.placed.filter { $0.kind == .seat }
        let clearance = ChartLabels.rowClearanceMillimetres * ppm - 0.5
        for r in rows {
            let grown = r.box.insetBy(dx: -clearance, dy: -clearance)
            for s in seats where grown.intersects(s.box) {
                Issue.record("\(what): row \(labels.spriteText[Int(r.sprite)]) at \(r.box) within 1 mm of seat \(labels.spriteText[Int(s.sprite)]) at \(s.box)")
            }
        }
        for i in rows.indices {
            for j in rows.indices where j > i && rows[i].sprite == rows[j].sprite {
                let d = rows[i].centre.distance(to: rows[j].centre)
                #expect(d >= rows[i].box.width, "\(what): two row \(labels.spriteText[Int(rows[i].sprite)]) labels \(d) px apart")
            }
        }
        return rows.count
    }

    /// The 800×480 zoomed tribune of the map goldens (tapped as a visitor would), and views of
    /// straight and arc tribunes from 6 to 20 mm seats at three rotations.
    @Test func rowLabelsKeepClearOfSeatNumbers() throws {
        let d = KioskDriver(size: Size(width: 800, height: 480))
        d.run(to: ViewBoundsMapGoldenTests.settle)
        d.tap(ViewBoundsMapGoldenTests.inside(d.rectTribune, d))
        d.run(to: d.now + ViewBoundsMapGoldenTests.settle)
        _ = d.render()
        let labels = try #require(d.session.frameCache.labels)
        #expect(labels.placed.contains { $0.kind == .seat })
        #expect(Self.checkRows(labels, ppm: 4, "800x480 zoomed") >= 3)
        let l = try ChartLabelsTests.labels()
        var total = 0
        for size in [Size(width: 800, height: 480), Size(width: 1920, height: 1080)] {
            for t in [ChartLabelsTests.rectTribune, ChartLabelsTests.arcTribune] {
                for mm in [6.0, 9.0, 14.0, 20.0] {
                    for rotation in [0.0, 0.6, 2.2] {
                        l.place(view: ChartLabelsTests.view(size: size, tribune: t, seatMillimetres: mm, rotation: rotation), size: size)
                        total += Self.checkRows(l, ppm: ChartLabelsTests.ppm, "\(size) tribune \(t) \(mm) mm \(rotation) rad")
                    }
                }
            }
        }
        #expect(total > 100)
    }

    /// The glyphs a frame draws, as screen boxes: ✓ and ✕ on the squab of selected and sold
    /// seats, and the wheelchair (0.62 of the seat, centred) on the spaces of the tribune shown.
    static func glyphBoxes(_ d: KioskDriver) -> [Rect] {
        let chart = d.session.interaction.chart, m = d.session.interaction.presentedView.chartToScreen
        var boxes: [Rect] = []
        for t in d.venue.tribunes.indices {
            for s in d.venue.tribunes[t].seats {
                let r = d.venue.seats[s]
                let status = SeatLook.Status(chart, seat: s, now: d.now)
                if status == .selected || status == .sold {
                    boxes.append(ViewBounds.screenBox(of: SeatLook.glyphBox(center: r.center, size: r.size, rotation: r.rotation), through: m))
                }
                if t == chart.selectedTribune && r.flags.contains(.wheelchair) {
                    let side = r.size * 0.62
                    boxes.append(ViewBounds.screenBox(of: Rect(x: r.center.x - side / 2, y: r.center.y - side / 2, width: side, height: side), through: m))
                }
            }
        }
        let screen = Rect(origin: .zero, size: d.session.configuration.screenSize)
        return boxes.filter { $0.intersects(screen) }
    }

    /// Zoomed into the first straight tribune with two seats chosen and two sold, and into the
    /// innermost north tribune (wheelchair spaces in its first row): seat numbers show, glyphs
    /// show, and no number's box meets a glyph's.
    @Test(arguments: ["chosen and sold", "wheelchair"]) func noNumberOverAGlyph(_ scene: String) throws {
        let d = KioskDriver()
        if scene == "wheelchair" {
            let t = try #require(d.venue.tribunes.firstIndex { $0.label == "Ring 4 · North 1" })
            d.run(to: 1.2)
            d.tap(d.tribunePoint(t))
            d.run(to: d.now + 1.1)
        } else {
            let t = d.zoomIn()
            let (a, b) = d.middleSeats(t)
            d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
            let sold = [a - 3, a - 4].map { SeatStatusChange(seatID: d.venue.seatIDs[$0], status: "sold") }
            d.session.receive(.availability(sold))
            d.run(to: d.now + 1)
        }
        _ = d.render()
        let labels = try #require(d.session.frameCache.labels)
        let numbers = labels.placed.filter { $0.kind == .seat }
        let glyphs = Self.glyphBoxes(d)
        #expect(numbers.count > 20)
        #expect(glyphs.count >= 2, "\(scene): \(glyphs.count) glyphs on screen")
        for n in numbers {
            for g in glyphs where n.box.intersects(g) {
                Issue.record("\(scene): seat number \(labels.spriteText[Int(n.sprite)]) at \(n.box) over a glyph at \(g)")
            }
        }
    }
}
