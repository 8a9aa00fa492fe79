import Geometry

/// A venue: the field, price categories, tribunes and seats, in the venue's own units (y down).
///
/// Seats are stored flat: one contiguous array of `SeatRecord` plus string tables for ids, row
/// labels and seat numbers, so 100 000 seats take a few megabytes and no per-seat allocation.
/// Tribunes own contiguous runs of rows, rows own contiguous runs of seats.
public struct Venue: Sendable {
    /// Stable id of the layout (e.g. "sportfan-stadium").
    public var id: String
    public var name: String
    /// `name` in other languages (the file's optional `names`).
    public var names: LocalizedNames = [:]
    /// The unit of every coordinate, free text (e.g. "pt").
    public var units: String
    /// The chart's extent; the chart is drawn in `Rect(origin: .zero, size: size)`.
    public var size: Size
    /// The playing field (a rectangle; markings come from `FieldMarkings`).
    public var field: Rect
    /// The stadium's concentric rings (each drawn as a continuous-corner rounded rect with
    /// corner radius width / 4), outermost first. Empty for venues not made by the generator.
    public var rings: [Rect]
    public var categories: [SeatCategory]
    public var tribunes: [Tribune]
    public var rows: [SeatRow]
    /// Row label of each row (parallel to `rows`).
    public var rowLabels: StringTable
    public var seats: [SeatRecord]
    /// Stable id of each seat (parallel to `seats`).
    public var seatIDs: StringTable
    /// Seat number (a label, usually digits) of each seat (parallel to `seats`).
    public var seatNumbers: StringTable

    public init(id: String, name: String, units: String, size: Size, field: Rect, rings: [Rect] = [],
                categories: [SeatCategory], tribunes: [Tribune] = [], rows: [SeatRow] = [],
                rowLabels: StringTable = StringTable(), seats: [SeatRecord] = [],
                seatIDs: StringTable = StringTable(), seatNumbers: StringTable = StringTable()) {
        self.id = id; self.name = name; self.units = units; self.size = size; self.field = field
        self.rings = rings; self.categories = categories; self.tribunes = tribunes; self.rows = rows
        self.rowLabels = rowLabels; self.seats = seats; self.seatIDs = seatIDs; self.seatNumbers = seatNumbers
    }

    public var seatCount: Int { seats.count }

    /// The seat's outline in venue units (`SeatShape` in its square, rotated).
    public func seatPath(_ seat: Int) -> Path {
        let s = seats[seat]
        return SeatShape.path(in: Rect(x: s.center.x - s.size / 2, y: s.center.y - s.size / 2,
                                       width: s.size, height: s.size), rotation: s.rotation)
    }

    /// The index of the seat with id `id` (linear scan; build a `SeatLookup` for many lookups).
    public func seatIndex(id: String) -> Int? {
        for i in 0..<seatIDs.count where seatIDs.equals(i, id) { return i }
        return nil
    }

    /// The index of the category with id `id`.
    public func categoryIndex(id: String) -> Int? { categories.firstIndex { $0.id == id } }

    /// "Tribune label · Row r · Seat n", for receipts and error messages.
    public func seatDescription(_ seat: Int) -> String {
        let s = seats[seat]
        return "\(tribunes[Int(s.tribune)].label) · Row \(rowLabels[Int(s.row)]) · Seat \(seatNumbers[seat])"
    }

    /// Bytes held by the seat storage (records, rows and string tables).
    public var memoryFootprint: Int {
        seats.capacity * MemoryLayout<SeatRecord>.stride + rows.capacity * MemoryLayout<SeatRow>.stride
            + seatIDs.memoryFootprint + seatNumbers.memoryFootprint + rowLabels.memoryFootprint
    }
}
