import Foundation

/// One order as `tribune-boxoffice orders` lists it.
public struct OrderListing: Sendable, Equatable {
    public var orderID: String
    public var code: String
    public var eventID: String
    public var kioskID: String
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Every ticket's seat, sorted; `cancelledSeats` those cancelled.
    public var seats: [String]
    public var cancelledSeats: [String]
    /// Minor units: what was paid, and what was refunded by cancellations.
    public var totalMinor: Int64
    public var refundMinor: Int64
    public var currency: String

    public static let csvHeader = "order_id,code,event_id,kiosk_id,created_at,seats,cancelled_seats,total_minor,refund_minor,currency"

    /// The CSV row (RFC 4180: a field with a comma, quote or line break is quoted); seats are
    /// separated by spaces.
    public var csvRow: String {
        [orderID, code, eventID, kioskID, Timestamp.iso(createdAt), seats.joined(separator: " "), cancelledSeats.joined(separator: " "),
         String(totalMinor), String(refundMinor), currency].map(Self.csvField).joined(separator: ",")
    }

    /// One line for people.
    public var line: String {
        let cancelled = cancelledSeats.isEmpty ? "" : "  cancelled \(cancelledSeats.joined(separator: " ")) (refund \(refundMinor))"
        return "\(code)  \(orderID)  \(Timestamp.iso(createdAt))  \(kioskID)  \(eventID)  \(seats.joined(separator: " "))  \(totalMinor) \(currency)\(cancelled)"
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Which orders `orders` lists: by code, by seat, or created in [from, to) (ms since 1970); all
/// when nothing is given.
public enum OrderQuery: Sendable, Equatable {
    case all
    case code(String)
    case seat(String)
    case created(from: Int64, to: Int64)
}

extension BoxOfficeStore {
    /// The orders matching `query`, oldest first.
    public func orders(matching query: OrderQuery) async throws -> [OrderListing] {
        try await read { db in
            let select = "SELECT DISTINCT o.* FROM purchase_order o"
            let rows: [SQLRow]
            switch query {
            case .all: rows = try db.rows("\(select) ORDER BY o.created_at, o.order_id")
            case .code(let code): rows = try db.rows("\(select) WHERE o.code = ? ORDER BY o.created_at, o.order_id", [code.uppercased()])
            case .seat(let seat):
                rows = try db.rows("\(select) JOIN ticket t ON t.order_id = o.order_id WHERE t.seat_guid = ? ORDER BY o.created_at, o.order_id", [seat])
            case .created(let from, let to):
                rows = try db.rows("\(select) WHERE o.created_at >= ? AND o.created_at < ? ORDER BY o.created_at, o.order_id", [from, to])
            }
            return try rows.map { row in
                let orderID: String = row["order_id"]
                let tickets = try db.rows("SELECT seat_guid, price_minor, cancelled FROM ticket WHERE order_id = ? ORDER BY seat_guid", [orderID])
                let cancelled = tickets.filter { ($0["cancelled"] as Int64) != 0 }
                return OrderListing(orderID: orderID, code: row["code"], eventID: row["event_id"], kioskID: row["kiosk_id"],
                                    createdAt: row["created_at"], seats: tickets.map { $0["seat_guid"] }, cancelledSeats: cancelled.map { $0["seat_guid"] },
                                    totalMinor: row["total_minor"], refundMinor: cancelled.reduce(0) { $0 + ($1["price_minor"] as Int64) },
                                    currency: row["currency"])
            }
        }
    }
}
