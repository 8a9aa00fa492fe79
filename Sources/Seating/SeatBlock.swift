import Geometry

/// A run of adjacent seats in one row: consecutive indices of `Venue.seats` inside one
/// `SeatRow` (adjacent = next in the row's seat order; a row has no gaps, an aisle ends it).
public struct SeatBlock: Hashable, Sendable, CustomStringConvertible {
    /// Index of the row in `Venue.rows`.
    public var row: Int
    /// The seats, indices of `Venue.seats`, in seat order.
    public var seats: Range<Int>

    public init(row: Int, seats: Range<Int>) { self.row = row; self.seats = seats }

    public var count: Int { seats.count }
    public var first: Int { seats.lowerBound }
    public var last: Int { seats.upperBound - 1 }

    /// The block's centre in venue units: the midpoint between the centres of its first and
    /// last seats (on a straight row the mean of all its seats; on a curved row the chord's
    /// midpoint). Every distance a placement rule measures starts here.
    @inlinable public func centre(in venue: Venue) -> Point {
        SeatBlock.centre(venue.seats[seats.lowerBound].center, venue.seats[seats.upperBound - 1].center)
    }

    @inlinable static func centre(_ a: Point, _ b: Point) -> Point {
        Point(x: (a.x + b.x) * 0.5, y: (a.y + b.y) * 0.5)
    }

    public var description: String { "row \(row) seats \(seats.lowerBound)…\(seats.upperBound - 1)" }
}
