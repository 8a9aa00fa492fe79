import Geometry

/// One seat, as a small plain value stored contiguously in `Venue.seats`.
///
/// Geometry is in venue units, y down. The seat is the `SeatShape` drawn in the square of side
/// `size` centred on `center`, turned by `rotation` radians about its centre (clockwise on a
/// y-down screen; 0 = the seat faces +y, its back at the top).
public struct SeatRecord: Hashable, Sendable {
    /// The centre of the seat's square.
    public var center: Point
    /// Rotation about `center`, radians.
    public var rotation: Double
    /// The side of the seat's square.
    public var size: Double
    /// Index of the tribune in `Venue.tribunes`.
    public var tribune: UInt32
    /// Index of the row in `Venue.rows`.
    public var row: UInt32
    /// Index of the category in `Venue.categories`.
    public var category: UInt16
    public var flags: SeatFlags

    public init(center: Point, rotation: Double, size: Double, tribune: UInt32, row: UInt32,
                category: UInt16, flags: SeatFlags = []) {
        self.center = center; self.rotation = rotation; self.size = size
        self.tribune = tribune; self.row = row; self.category = category; self.flags = flags
    }
}

/// A row of seats: a contiguous run of `Venue.seats`, ordered by seat number (the order in
/// which "adjacent" and "orphan" are judged).
public struct SeatRow: Hashable, Sendable {
    /// Index of the tribune in `Venue.tribunes`.
    public var tribune: UInt32
    /// First seat index in `Venue.seats`.
    public var firstSeat: UInt32
    /// Number of seats.
    public var seatCount: UInt32

    public init(tribune: UInt32, firstSeat: UInt32, seatCount: UInt32) {
        self.tribune = tribune; self.firstSeat = firstSeat; self.seatCount = seatCount
    }

    /// The seat indices of the row.
    @inlinable public var seats: Range<Int> { Int(firstSeat)..<Int(firstSeat + seatCount) }
}
