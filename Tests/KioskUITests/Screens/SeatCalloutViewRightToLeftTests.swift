import Testing
import Geometry
@testable import KioskUI

/// Right to left the callout beside a seat prefers the seat's left (where the eye reads on),
/// left to right its right; above the seat stays first either way, and below last.
@Suite struct SeatCalloutViewRightToLeftTests {
    /// A seat near the top of a 1000×600 area (no room above), room on both sides.
    static let area = Rect(x: 0, y: 100, width: 1000, height: 500)
    static let seat = Point(x: 500, y: 130)

    static func box(rightToLeft: Bool, seat: Point = seat) throws -> Rect {
        try #require(SeatCalloutView.place(size: Size(width: 300, height: 120), seat: seat, seatRadius: 10, finger: seat,
                                           fingerRadius: 20, within: area, tail: 12, rightToLeft: rightToLeft)).0
    }

    @Test func besideTheSeatOnTheReadingSide() throws {
        let ltr = try Self.box(rightToLeft: false), rtl = try Self.box(rightToLeft: true)
        #expect(ltr.minX >= Self.seat.x + 20, "left to right: right of the seat, \(ltr)")
        #expect(rtl.maxX <= Self.seat.x - 20, "right to left: left of the seat, \(rtl)")
        // Mirror images of each other about the seat.
        #expect(abs((ltr.minX - Self.seat.x) - (Self.seat.x - rtl.maxX)) < 1e-9 && ltr.minY == rtl.minY)
    }

    @Test func otherSideWhenTheReadingSideHasNoRoom() throws {
        // Near the area's left edge right to left takes the right side, as left to right does.
        let seat = Point(x: 150, y: 130)
        let rtl = try Self.box(rightToLeft: true, seat: seat)
        #expect(rtl.minX >= seat.x + 20)
        // With room above, above comes first in both directions.
        let high = Point(x: 500, y: 450)
        #expect(try Self.box(rightToLeft: true, seat: high) == Self.box(rightToLeft: false, seat: high))
        #expect(try Self.box(rightToLeft: true, seat: high).maxY <= high.y - 20)
    }
}
