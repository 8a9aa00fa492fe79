import GRDB

extension BoxOfficeStore {
    /// A confirmed order as stored: who sold it and which seats it holds live tickets for.
    public struct StoredOrder: Sendable, Equatable {
        public var orderID: String
        public var kioskID: String
        public var eventID: String
        /// Seat ids of the order's live tickets, sorted.
        public var seats: [String]
        /// Minor units.
        public var totalMinor: Int64
    }

    /// The order with `orderID` straight from the database (no kiosk scoping: for operators,
    /// the demo and tests); nil when there is none.
    public func storedOrder(id orderID: String) async throws -> StoredOrder? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT kiosk_id, event_id, total_minor FROM purchase_order WHERE order_id = ?",
                                             arguments: [orderID]) else { return nil }
            let seats = try String.fetchAll(db, sql: "SELECT seat_guid FROM ticket WHERE order_id = ? AND cancelled = 0 ORDER BY seat_guid",
                                            arguments: [orderID])
            return StoredOrder(orderID: orderID, kioskID: row["kiosk_id"], eventID: row["event_id"], seats: seats, totalMinor: row["total_minor"])
        }
    }

    /// How many orders the database holds.
    public func orderCount() async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM purchase_order") ?? 0 }
    }
}
