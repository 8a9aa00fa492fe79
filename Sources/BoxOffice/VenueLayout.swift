import Foundation

/// What the server needs from a venue layout document: its seats (id, category, label, row
/// neighbours) and categories. The document itself is stored byte for byte and served as is;
/// the kiosk's `Seating` module owns the full model.
public struct VenueLayout: Sendable {
    public struct Category: Sendable, Equatable {
        public var name: String
        public var color: String
    }

    public struct Seat: Sendable, Equatable {
        public var guid: String
        public var category: String
        /// "Block {zone name} · Row {row} · Seat {seat}".
        public var label: String
        /// Seats sharing a row key are neighbours in `rowIndex` order (the no-orphan rule).
        public var rowKey: String
        public var rowIndex: Int
    }

    public var name: String
    public var categories: [Category]
    public var seats: [Seat]
    /// The document's bytes as given.
    public var document: Data
    /// `lay_` + the first 24 hex digits of the document's SHA-256: equal documents share an id.
    public var layoutID: String { "lay_" + String(SHA256.hex(document).prefix(24)) }

    /// Parses and validates a layout (pretix-compatible core: `name`, `categories[{name,color}]`,
    /// `zones[{zone_id,name,rows[{row_number,seats[{seat_guid,seat_number,category}]}]}]`).
    /// Checks: seat ids unique, every seat's category exists, at least one seat.
    public init(document: Data) throws(LayoutError) {
        guard let json = JSONValue.parse(document) else { throw LayoutError("the layout is not valid JSON") }
        guard let name = json["name"]?.stringValue else { throw LayoutError("'name' must be a string") }
        guard let categoryList = json["categories"]?.arrayValue else { throw LayoutError("'categories' must be an array") }
        var categories: [Category] = []
        for (i, c) in categoryList.enumerated() {
            guard let n = c["name"]?.stringValue, !n.isEmpty else { throw LayoutError("categories[\(i)].name must be a non-empty string") }
            categories.append(Category(name: n, color: c["color"]?.stringValue ?? "#888888"))
        }
        let categoryNames = Set(categories.map(\.name))
        guard categoryNames.count == categories.count else { throw LayoutError("category names must be unique") }
        guard let zones = json["zones"]?.arrayValue else { throw LayoutError("'zones' must be an array") }
        var seats: [Seat] = []
        var seen = Set<String>()
        for (zi, zone) in zones.enumerated() {
            let zoneID = zone["zone_id"]?.stringValue ?? "\(zi)"
            let zoneName = zone["name"]?.stringValue ?? zoneID
            guard let rows = (zone["rows"] ?? .array([])).arrayValue else { throw LayoutError("zones[\(zi)].rows must be an array") }
            for (ri, row) in rows.enumerated() {
                let rowNumber = row["row_number"]?.stringValue ?? "\(ri + 1)"
                guard let rowSeats = (row["seats"] ?? .array([])).arrayValue else {
                    throw LayoutError("zones[\(zi)].rows[\(ri)].seats must be an array")
                }
                for (si, seat) in rowSeats.enumerated() {
                    let at = "zones[\(zi)].rows[\(ri)].seats[\(si)]"
                    guard let guid = seat["seat_guid"]?.stringValue, !guid.isEmpty, guid.utf8.count <= 200 else {
                        throw LayoutError("\(at).seat_guid must be a non-empty string")
                    }
                    guard let category = seat["category"]?.stringValue, categoryNames.contains(category) else {
                        throw LayoutError("\(at).category must name one of the categories (\(categoryNames.sorted().joined(separator: ", ")))")
                    }
                    guard seen.insert(guid).inserted else { throw LayoutError("\(at).seat_guid '\(guid)' is used twice") }
                    let seatNumber = seat["seat_number"]?.stringValue ?? "\(si + 1)"
                    seats.append(Seat(guid: guid, category: category,
                                      label: "Block \(zoneName) · Row \(rowNumber) · Seat \(seatNumber)",
                                      rowKey: "\(zoneID)/\(rowNumber)", rowIndex: si))
                }
            }
        }
        guard !seats.isEmpty else { throw LayoutError("the layout has no seats") }
        self.name = name
        self.categories = categories
        self.seats = seats
        self.document = document
    }
}

/// Why a layout document was rejected.
public struct LayoutError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "invalid venue layout: \(message)" }
}
