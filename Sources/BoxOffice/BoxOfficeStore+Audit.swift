
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
        try await read { db -> StoredOrder? in
            guard let row = try db.row("SELECT kiosk_id, event_id, total_minor FROM purchase_order WHERE order_id = ?",
                                             [orderID]) else { return nil }
            let seats: [String] = try db.values("SELECT seat_guid FROM ticket WHERE order_id = ? AND cancelled = 0 ORDER BY seat_guid",
                                            [orderID])
            return StoredOrder(orderID: orderID, kioskID: row["kiosk_id"], eventID: row["event_id"], seats: seats, totalMinor: row["total_minor"])
        }
    }

    /// How many orders the database holds.
    public func orderCount() async throws -> Int {
        try await read { db in try db.value("SELECT COUNT(*) FROM purchase_order") ?? 0 }
    }
}
