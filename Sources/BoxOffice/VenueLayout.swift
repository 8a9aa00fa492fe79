import Foundation

/// What the server needs from a venue layout document: its seats (id, category, label, row
/// neighbours) and categories. The document itself is stored byte for byte and served as is;
/// the kiosk's `Seating` module owns the full model.
///
/// Two document formats are read (chosen by the top-level `"format"` key):
/// - Tribune's own venue file, `"format": "tribune-venue"` (docs/venue-format.md, what
///   `tribune venue generate` writes); its categories carry prices.
/// - A pretix seating plan (no `"format"` key); its categories carry no prices.
///
/// BoxOffice imports nothing of ours (DESIGN.md), so it reads the few keys it needs itself
/// rather than through `Seating`; geometry is not checked here (`tribune venue validate` does).
public struct VenueLayout: Sendable {
    public struct Category: Sendable, Equatable {
        /// The id seats refer to (`id` in a Tribune venue, `name` in a pretix plan).
        public var name: String
        /// `#RRGGBB`.
        public var color: String
        /// The venue's price in minor units of `currency`; nil when the format has none (pretix).
        public var priceMinor: Int64?
        /// ISO 4217 code of `priceMinor`; nil when the format has none.
        public var currency: String?
        /// Where the category sits in the document, e.g. `categories[2]` (for error messages).
        public var jsonPath: String

        public init(name: String, color: String, priceMinor: Int64? = nil, currency: String? = nil, jsonPath: String = "") {
            self.name = name
            self.color = color
            self.priceMinor = priceMinor
            self.currency = currency
            self.jsonPath = jsonPath
        }
    }

    /// A seat's accessibility and sight-line flags, named as in the venue file.
    public enum SeatFlag: String, Sendable, CaseIterable {
        case wheelchair
        case companion
        case restrictedView = "restricted_view"
    }

    public struct Seat: Sendable, Equatable {
        public var guid: String
        public var category: String
        /// "Block {zone or tribune} · Row {row} · Seat {seat}".
        public var label: String
        /// Seats sharing a row key are neighbours in `rowIndex` order (the no-orphan rule).
        public var rowKey: String
        public var rowIndex: Int
        /// Wheelchair space, companion seat, restricted view: from the venue file's `flags`, or
        /// from a pretix category named `CATEGORY+flag` (how Tribune exports them). In
        /// `SeatFlag.allCases` order.
        public var flags: [SeatFlag] = []
    }

    /// The document format a layout was read from.
    public enum Format: String, Sendable {
        case tribuneVenue = "tribune-venue"
        case pretixSeatingPlan = "pretix-seating-plan"
    }

    public var name: String
    public var format: Format
    public var categories: [Category]
    public var seats: [Seat]
    /// The document's bytes as given.
    public var document: Data
    /// `lay_` + the first 24 hex digits of the document's SHA-256: equal documents share an id.
    public var layoutID: String { "lay_" + String(SHA256.hex(document).prefix(24)) }

    /// Parses and validates a layout document, a Tribune venue file or a pretix seating plan.
    /// Checks: seat ids unique, every seat's category exists, at least one seat; errors name
    /// the JSON path (and, for malformed JSON, the line and column).
    public init(document: Data) throws(LayoutError) {
        let json: JSONValue
        switch JSONValue.parseReportingError(document) {
        case .success(let value): json = value
        case .failure(let failure):
            let (line, column) = Self.lineAndColumn(of: failure.offset ?? document.count, in: document)
            throw LayoutError("not valid JSON at line \(line), column \(column)")
        }
        guard case .object = json else { throw LayoutError("the top level must be a JSON object") }
        self.document = document
        switch json["format"] {
        case nil:
            format = .pretixSeatingPlan
            (name, categories, seats) = try Self.readPretixPlan(json)
        case .string(Format.tribuneVenue.rawValue):
            format = .tribuneVenue
            (name, categories, seats) = try Self.readTribuneVenue(json)
        case let other?:
            throw LayoutError(path: "format", "expected \"tribune-venue\" (or no format key for a pretix seating plan), found \(other.summary)")
        }
        guard !seats.isEmpty else { throw LayoutError("the layout has no seats") }
    }

    /// 1-based line and column (in bytes) of a byte offset.
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == 10 { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}

/// Why a layout document was rejected: the JSON path of the offending value (empty for the
/// document as a whole) and what was expected.
public struct LayoutError: Error, Sendable, CustomStringConvertible {
    /// E.g. `tribunes[3].seats[12].category`; empty when the problem is not at one value.
    public var path: String
    public var message: String
    public init(path: String = "", _ message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "invalid venue layout: " + (path.isEmpty ? message : "\(path): \(message)") }
}

extension JSONValue {
    /// A short rendering of a value for error messages ("found -5", "found a string").
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let v): "\(v)"
        case .int(let v): "\(v)"
        case .double(let v): "\(v)"
        case .string(let s): s.count <= 40 ? "\"\(s)\"" : "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
