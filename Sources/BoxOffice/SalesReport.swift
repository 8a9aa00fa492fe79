import Foundation

/// `tribune-boxoffice report`: an event's seats by state and revenue per category, and its sales
/// per kiosk and per hour (UTC). Revenue is the prices of live tickets: a cancelled ticket's
/// price is refunded and counts nowhere.
public struct SalesReport: Sendable, Equatable {
    public struct Category: Sendable, Equatable {
        public var name: String
        public var sold = 0, held = 0, free = 0, blocked = 0
        public var revenueMinor: Int64 = 0
    }

    /// Orders and live tickets sold by a kiosk, or in an hour.
    public struct Sales: Sendable, Equatable {
        /// The kiosk id, or the hour's start ("2026-03-14T18:00:00Z").
        public var key: String
        public var orders = 0, tickets = 0
        public var revenueMinor: Int64 = 0
    }

    public var eventID: String
    public var currency: String
    public var categories: [Category]
    public var kiosks: [Sales]
    public var hours: [Sales]

    /// The report as text tables.
    public var text: String {
        var out = "event \(eventID) (\(currency), amounts in minor units)\n"
        out += "category  sold  held  free  blocked  revenue\n"
        for c in categories { out += "\(c.name)  \(c.sold)  \(c.held)  \(c.free)  \(c.blocked)  \(c.revenueMinor)\n" }
        for (title, rows) in [("kiosk", kiosks), ("hour", hours)] {
            out += "\(title)  orders  tickets  revenue\n"
            for r in rows { out += "\(r.key)  \(r.orders)  \(r.tickets)  \(r.revenueMinor)\n" }
        }
        return out
    }
}

extension BoxOfficeStore {
    /// The report of `eventID`, or of the only event when nil (an error when there are several).
    public func salesReport(eventID: String?) async throws -> SalesReport {
        let now = self.now()
        return try await read { db in
            let id: String
            if let eventID { id = eventID } else {
                let events: [String] = try db.values("SELECT event_id FROM event ORDER BY created_at, event_id")
                guard events.count == 1 else {
                    throw SetupError(events.isEmpty ? "the database has no event" : "the database has \(events.count) events (\(events.joined(separator: ", "))); choose one with --event")
                }
                id = events[0]
            }
            guard let event = try EventRecord.fetch(db, id: id) else { throw SetupError("no event '\(id)' in this database") }
            var categories: [String: SalesReport.Category] = [:]
            for row in try db.rows("""
                SELECT category, CASE WHEN state = 'held' AND hold_expires_at <= ? THEN 'free' ELSE state END AS effective, COUNT(*) AS n
                FROM seat_state WHERE event_id = ? GROUP BY category, effective
                """, [now, id]) {
                let name: String = row["category"], n: Int = row["n"]
                var c = categories[name] ?? SalesReport.Category(name: name)
                switch row["effective"] as String {
                case "sold": c.sold += n
                case "held": c.held += n
                case "free": c.free += n
                default: c.blocked += n
                }
                categories[name] = c
            }
            for row in try db.rows("SELECT category, CAST(SUM(price_minor) AS BIGINT) AS revenue FROM ticket WHERE event_id = ? AND cancelled = 0 GROUP BY category", [id]) {
                categories[row["category"], default: SalesReport.Category(name: row["category"])].revenueMinor = row["revenue"]
            }
            // Live tickets with their order's kiosk and time; an order all cancelled counts in neither.
            let tickets = try db.rows("""
                SELECT o.order_id, o.kiosk_id, o.created_at, t.price_minor FROM ticket t JOIN purchase_order o ON o.order_id = t.order_id
                WHERE t.event_id = ? AND t.cancelled = 0
                """, [id])
            func sales(by key: (SQLRow) -> String) -> [SalesReport.Sales] {
                var table: [String: (orders: Set<String>, sales: SalesReport.Sales)] = [:]
                for t in tickets {
                    let k = key(t)
                    var entry = table[k] ?? ([], SalesReport.Sales(key: k))
                    entry.orders.insert(t["order_id"])
                    entry.sales.tickets += 1
                    entry.sales.revenueMinor += t["price_minor"] as Int64
                    table[k] = entry
                }
                return table.values.map { entry in
                    var s = entry.sales
                    s.orders = entry.orders.count
                    return s
                }.sorted { $0.key < $1.key }
            }
            return SalesReport(eventID: id, currency: event.currency,
                               categories: categories.values.sorted { $0.name < $1.name },
                               kiosks: sales { $0["kiosk_id"] },
                               hours: sales { Timestamp.iso(($0["created_at"] as Int64) / 3_600_000 * 3_600_000) })
        }
    }
}
