import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The seat callout in a session: a tap on a seat shows it with the seat's names, category,
/// price and accessibility; the next gesture of any kind hides it; it is drawn and repainted.
@Suite struct KioskSessionSeatCalloutTests {
    /// A seat of the zoomed tribune near its middle, on screen.
    static func zoomedSeat(_ d: KioskDriver) -> Int {
        let t = d.zoomIn()
        return d.middleSeats(t).0
    }

    @Test func tapShowsTheSeatAndItsCategoryAndPrice() throws {
        let d = KioskDriver()
        let seat = Self.zoomedSeat(d)
        d.tap(d.seatPoint(seat))
        let c = try #require(d.session.snapshot().callout)
        // Written out from the venue's records (the ticket's names) and the configured prices.
        let r = d.venue.seats[seat]
        let category = d.venue.categories[Int(r.category)]
        let price = ["CAT1": "€65.00", "CAT2": "€45.00", "CAT3": "€29.00", "WHEEL": "€29.00"][category.id]
        #expect(c.lines[0] == d.venue.tribunes[Int(r.tribune)].label)
        #expect(c.lines[1] == "Row\u{A0}\(d.venue.rowLabels[Int(r.row)])\u{A0}· Seat\u{A0}\(d.venue.seatNumbers[seat])")
        #expect(c.lines[2] == "\(category.name) · \(try #require(price))")
        #expect(c.lines.last == "Added to your seats")
        // A second tap on it deselects, and says so.
        d.tap(d.seatPoint(seat))
        #expect(d.session.snapshot().callout?.lines.last == "Removed from your seats")
    }

    @Test func accessibilityIsNamed() throws {
        let venue = KioskDriver.design
        let d = KioskDriver()
        let wheel = try #require(venue.seats.firstIndex { $0.flags.contains(.wheelchair) })
        let lines = d.session.calloutLines(for: .init(seat: wheel, finger: .zero, outcome: .refused))
        #expect(lines.contains("Wheelchair space"))
        #expect(lines.last == "Cannot be chosen")
        if let companion = venue.seats.firstIndex(where: { $0.flags.contains(.companion) }) {
            #expect(d.session.calloutLines(for: .init(seat: companion, finger: .zero, outcome: .selected)).contains("Companion seat"))
        }
        let plain = try #require(venue.seats.firstIndex { $0.flags.isEmpty })
        #expect(d.session.calloutLines(for: .init(seat: plain, finger: .zero, outcome: .selected)).count == 4)
    }

    @Test func nextGestureHidesIt() throws {
        let d = KioskDriver()
        let seat = Self.zoomedSeat(d)
        d.tap(d.seatPoint(seat))
        #expect(d.session.snapshot().callout != nil)
        // A drag.
        let p = d.seatPoint(seat)
        let id = d.touchDown(p)
        d.frame(d.now + 0.02, [.init(id: id, location: Point(x: p.x + 60, y: p.y), phase: .moved)])
        #expect(d.session.snapshot().callout == nil)
        d.lift(id, at: Point(x: p.x + 60, y: p.y))
        d.run(to: d.now + 1)
        // Shown again by a tap on a seat; a finger landing elsewhere hides it at once.
        d.tap(d.seatPoint(seat))
        #expect(d.session.snapshot().callout != nil)
        let elsewhere = Point(x: 5, y: d.session.layout.safeArea.midY)
        let other = d.touchDown(elsewhere)
        #expect(d.session.snapshot().callout == nil)
        d.lift(other, at: elsewhere)
    }

    @Test func pinchHidesIt() {
        let d = KioskDriver()
        let seat = Self.zoomedSeat(d)
        d.tap(d.seatPoint(seat))
        #expect(d.session.snapshot().callout != nil)
        d.pinch(centre: d.seatPoint(seat), from: 200, to: 260)
        #expect(d.session.snapshot().callout == nil)
    }

    /// The home control (a control, not a chart gesture) leaves the tribune: the callout goes.
    @Test func goesWithItsTribune() throws {
        let d = KioskDriver()
        let seat = Self.zoomedSeat(d)
        d.tap(d.seatPoint(seat))
        #expect(d.session.snapshot().callout != nil)
        let home = try #require(d.session.frame(of: .zoomOut))
        d.tap(home.center)
        d.run(to: d.now + 2)
        #expect(d.session.interaction.chart.selectedTribune == nil)
        #expect(d.session.snapshot().callout == nil)
    }

    /// The callout is drawn where the snapshot puts it, and repainted away when it goes.
    @Test func drawnAndDamaged() throws {
        let d = KioskDriver()
        let seat = Self.zoomedSeat(d)
        let surface = Surface(width: 1920, height: 1080)
        d.session.render(into: surface)
        d.tap(d.seatPoint(seat))
        d.run(to: d.now + 0.5)
        let damage = d.session.render(into: surface)
        let c = try #require(d.session.snapshot().callout)
        #expect(damage.contains { r in
            r.minX <= Int(c.box.minX) && r.maxX >= Int(c.box.maxX) && r.minY <= Int(c.box.minY) && r.maxY >= Int(c.box.maxY)
        })
        // The card's fill (the toast colour over the chart) at a point inside its padding.
        let inside = surface.pixel(x: Int(c.box.minX + c.padding / 3), y: Int(c.box.maxY - c.padding / 3))
        let toast = d.session.palette.toast
        #expect(abs(Double(inside.red) - toast.red * 255) < 16 && abs(Double(inside.blue) - toast.blue * 255) < 16)
    }
}
