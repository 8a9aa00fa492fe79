import Foundation

/// An event's settings as stored.
struct EventRecord: Sendable {
    var id: String
    var name: String
    var layoutID: String
    var currency: String
    var maxSeatsPerOrder: Int
    var noOrphanSeats: Bool
    var holdTTLSeconds: Int64
    var holdMaxTotalSeconds: Int64
    var revision: Int64
    /// ISO 8601 with the venue's offset, as given at creation; nil when not set.
    var startsAt: String?

    init(row: SQLRow) {
        id = row["event_id"]; name = row["name"]; layoutID = row["layout_id"]; currency = row["currency"]
        maxSeatsPerOrder = row["max_seats_per_order"]; noOrphanSeats = row["no_orphan_seats"]
        holdTTLSeconds = row["hold_ttl_seconds"]; holdMaxTotalSeconds = row["hold_max_total_seconds"]
        revision = row["revision"]
        startsAt = row["starts_at"]
    }

    static func fetch(_ db: any SQLTransaction, id: String) throws -> EventRecord? {
        try db.row("SELECT * FROM event WHERE event_id = ?", [id]).map(EventRecord.init)
    }

    static func require(_ db: any SQLTransaction, id: String) throws -> EventRecord {
        guard let event = try fetch(db, id: id) else {
            throw APIProblem.notFound("event_not_found", "No event '\(id)'. GET /v1/events lists the events.", extra: ["event_id": .string(id)])
        }
        return event
    }
}

/// The effective state of a seat row: an expired hold is free.
func effectiveState(_ state: String, holdExpiresAt: Int64?, now: Int64) -> String {
    if state == "held", let expires = holdExpiresAt, expires <= now { return "free" }
    return state
}

/// One ticket of an order, as its document lists it.
struct OrderLine: Sendable {
    var seatGUID: String
    var label: String
    var category: String
    var ticketID: String
    var priceMinor: Int64
}

func money(_ amount: Int64, _ currency: String) -> JSONValue {
    ["amount_minor": .int(amount), "currency": .string(currency)]
}

extension BoxOfficeStore {
    /// `GET /v1/events`.
    func events() async throws -> JSONValue {
        let now = self.now()
        return try await read { db in
            let rows = try db.rows("SELECT * FROM event ORDER BY created_at, event_id")
            return ["events": .array(rows.map { row in
                let e = EventRecord(row: row)
                return ["event_id": .string(e.id), "name": .string(e.name), "layout_id": .string(e.layoutID),
                        "currency": .string(e.currency)]
            }), "server_time": .string(Timestamp.iso(now))]
        }
    }

    /// Every event with its seat counts by effective state, orders and revenue, in creation order.
    public func eventSummaries() async throws -> [EventSummary] {
        let now = self.now()
        return try await read { db in
            try db.rows("SELECT * FROM event ORDER BY created_at, event_id").map { row in
                let e = EventRecord(row: row)
                var summary = EventSummary(id: e.id, name: e.name, currency: e.currency, seats: 0, free: 0, held: 0, sold: 0,
                                           blocked: 0, orders: 0, revenueMinor: 0)
                let states = try db.rows("""
                    SELECT CASE WHEN state = 'held' AND hold_expires_at <= ? THEN 'free' ELSE state END AS effective, COUNT(*) AS n
                    FROM seat_state WHERE event_id = ? GROUP BY effective
                    """, [now, e.id])
                for state in states {
                    let n: Int = state["n"]
                    summary.seats += n
                    switch state["effective"] as String {
                    case "free": summary.free += n
                    case "held": summary.held += n
                    case "sold": summary.sold += n
                    default: summary.blocked += n
                    }
                }
                let orders = try db.row("SELECT COUNT(*) AS n, CAST(COALESCE(SUM(total_minor), 0) AS BIGINT) AS total FROM purchase_order WHERE event_id = ?",
                                              [e.id])
                summary.orders = orders?["n"] ?? 0
                summary.revenueMinor = orders?["total"] ?? 0
                return summary
            }
        }
    }

    /// `GET /v1/events/{event_id}`.
    func event(id: String) async throws -> JSONValue {
        let now = self.now()
        return try await read { db in
            let e = try EventRecord.require(db, id: id)
            let prices = try db.rows("SELECT * FROM event_price WHERE event_id = ? ORDER BY category", [id])
            var fields: [String: JSONValue] = [
                "event_id": .string(e.id), "name": .string(e.name), "layout_id": .string(e.layoutID),
                "layout_url": .string("/v1/layouts/\(e.layoutID)"), "currency": .string(e.currency),
                "categories": .array(prices.map { row in
                    ["name": .string(row["category"]), "color": .string(row["color"]),
                     "price": money(row["amount_minor"], e.currency)]
                }),
                "limits": ["max_seats_per_order": .int(Int64(e.maxSeatsPerOrder)), "no_orphan_seats": .bool(e.noOrphanSeats),
                           "hold_ttl_seconds": .int(e.holdTTLSeconds), "hold_max_total_seconds": .int(e.holdMaxTotalSeconds)],
                "server_time": .string(Timestamp.iso(now)),
            ]
            if let start = e.startsAt { fields["starts_at"] = .string(start) }
            return .object(fields)
        }
    }

    /// `GET /v1/layouts/{layout_id}`: the stored document, nil when unknown.
    func layoutDocument(id: String) async throws -> Data? {
        try await read { db in
            try db.value("SELECT document FROM layout WHERE layout_id = ?", [id])
        }
    }

    /// `GET /v1/events/{event_id}/availability[?since=]`: sparse (non-free seats only) when full,
    /// every seat changed after `since` (free ones included) otherwise.
    func availability(eventID: String, since: Int64?) async throws -> JSONValue {
        let now = self.now()
        return try await read { db in
            let e = try EventRecord.require(db, id: eventID)
            let full = since == nil || since! > e.revision || since! < 0
            let rows: [SQLRow]
            if full {
                rows = try db.rows("SELECT seat_guid, state, hold_expires_at FROM seat_state WHERE event_id = ? AND state != 'free'", [eventID])
            } else {
                rows = try db.rows("SELECT seat_guid, state, hold_expires_at FROM seat_state WHERE event_id = ? AND changed_rev > ?", [eventID, since!])
            }
            var seats: [String: JSONValue] = [:]
            for row in rows {
                let state = effectiveState(row["state"], holdExpiresAt: row["hold_expires_at"], now: now)
                if full && state == "free" { continue }
                seats[row["seat_guid"]] = .string(state)
            }
            let counts = try db.rows("""
                SELECT category, SUM(CASE WHEN state = 'free' OR (state = 'held' AND hold_expires_at <= ?) THEN 1 ELSE 0 END) AS available
                FROM seat_state WHERE event_id = ? GROUP BY category ORDER BY category
                """, [now, eventID])
            var byCategory: [String: JSONValue] = [:]
            for row in counts { byCategory[row["category"]] = ["available": .int(row["available"])] }
            return ["event_id": .string(eventID), "layout_id": .string(e.layoutID), "revision": .int(e.revision),
                    "full": .bool(full), "server_time": .string(Timestamp.iso(now)),
                    "seats": .object(seats), "by_category": .object(byCategory)]
        }
    }

    /// The hold document. Throws `hold_not_found` when it is not this kiosk's.
    static func holdDocument(_ db: any SQLTransaction, holdID: String, kiosk: String, now: Int64) throws -> JSONValue {
        guard let hold = try db.row("SELECT * FROM hold WHERE hold_id = ? AND kiosk_id = ?", [holdID, kiosk]) else {
            throw APIProblem.notFound("hold_not_found", "No hold '\(holdID)' for this kiosk.", extra: ["hold_id": .string(holdID)])
        }
        let eventID: String = hold["event_id"]
        let currency = try db.value("SELECT currency FROM event WHERE event_id = ?", [eventID]) ?? "EUR"
        let expiresAt: Int64 = hold["expires_at"]
        var status: String = hold["status"]
        if status == "active" && expiresAt <= now { status = "expired" }
        let seats = status == "active" ? try db.rows("""
            SELECT s.seat_guid, s.label, s.category, p.amount_minor FROM seat_state s
            JOIN event_price p ON p.event_id = s.event_id AND p.category = s.category
            WHERE s.hold_id = ? AND s.state = 'held' ORDER BY s.seat_guid
            """, [holdID]) : []
        return holdJSON(holdID: holdID, status: status, eventID: eventID, lines: seats, currency: currency, expiresAt: expiresAt, now: now)
    }

    /// The hold document from its parts; `lines` are rows with seat_guid, label, category and
    /// amount_minor, in seat_guid order.
    static func holdJSON(holdID: String, status: String, eventID: String, lines seats: [SQLRow], currency: String,
                         expiresAt: Int64, now: Int64) -> JSONValue {
        var total: Int64 = 0
        let lines: [JSONValue] = seats.map { row in
            total += row["amount_minor"] as Int64
            return ["seat_guid": .string(row["seat_guid"]), "label": .string(row["label"]), "category": .string(row["category"]),
                    "price": money(row["amount_minor"], currency)]
        }
        return ["hold_id": .string(holdID), "status": .string(status), "event_id": .string(eventID),
                "seats": .array(lines), "total": money(total, currency),
                "expires_at": .string(Timestamp.iso(expiresAt)),
                "expires_in_seconds": .int(max(0, (expiresAt - now) / 1000)),
                "server_time": .string(Timestamp.iso(now))]
    }

    /// `GET /v1/holds/{hold_id}`.
    func hold(id: String, kiosk: String) async throws -> JSONValue {
        let now = self.now()
        return try await read { db in try Self.holdDocument(db, holdID: id, kiosk: kiosk, now: now) }
    }

    static func orderDocument(_ db: any SQLTransaction, row: SQLRow) throws -> JSONValue {
        let orderID: String = row["order_id"]
        let tickets = try db.rows("SELECT * FROM ticket WHERE order_id = ? ORDER BY seat_guid", [orderID])
        let lines = tickets.map { t in
            OrderLine(seatGUID: t["seat_guid"], label: t["label"], category: t["category"], ticketID: t["ticket_id"], priceMinor: t["price_minor"])
        }
        let document = orderJSON(orderID: orderID, code: row["code"], eventID: row["event_id"], clientOrderRef: row["client_order_ref"],
                                 holdID: row["hold_id"], lines: lines, totalMinor: row["total_minor"], currency: row["currency"],
                                 createdAt: row["created_at"])
        return try withCancellations(db, document, orderID: orderID)
    }

    /// The order document from its parts (`lines` in seat_guid order): one shape whether the
    /// order was just created or is looked up.
    static func orderJSON(orderID: String, code: String, eventID: String, clientOrderRef: String, holdID: String,
                          lines: [OrderLine], totalMinor: Int64, currency: String, createdAt: Int64) -> JSONValue {
        ["order_id": .string(orderID), "code": .string(code), "status": "confirmed",
         "event_id": .string(eventID), "client_order_ref": .string(clientOrderRef),
         "hold_id": .string(holdID),
         "lines": .array(lines.map { line in
             ["seat_guid": .string(line.seatGUID), "label": .string(line.label), "category": .string(line.category),
              "ticket_id": .string(line.ticketID), "price": money(line.priceMinor, currency)]
         }),
         "total": money(totalMinor, currency), "created_at": .string(Timestamp.iso(createdAt))]
    }

    /// `GET /v1/orders?client_order_ref=` and `GET /v1/orders/{order_id}`, scoped to the kiosk.
    func order(kiosk: String, orderID: String? = nil, clientOrderRef: String? = nil) async throws -> JSONValue {
        try await read { db in
            let row: SQLRow?
            if let orderID {
                row = try db.row("SELECT * FROM purchase_order WHERE order_id = ? AND kiosk_id = ?", [orderID, kiosk])
            } else {
                row = try db.row("SELECT * FROM purchase_order WHERE client_order_ref = ? AND kiosk_id = ?", [clientOrderRef, kiosk])
            }
            guard let row else {
                throw APIProblem.notFound("order_not_found", orderID.map { "No order '\($0)' for this kiosk." }
                                          ?? "No order with client_order_ref '\(clientOrderRef ?? "")' for this kiosk.")
            }
            return try Self.orderDocument(db, row: row)
        }
    }
}
