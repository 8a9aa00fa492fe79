import Foundation

extension BoxOfficeStore {
    static func placeholders(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ",") }

    /// Throws `422 unknown_seats` naming the seats the event does not have.
    static func requireSeats(_ db: any SQLTransaction, eventID: String, seats: [String]) throws {
        let known = try db.stringSet("SELECT seat_guid FROM seat_state WHERE event_id = ? AND seat_guid IN (\(placeholders(seats.count)))",
                                  [eventID] + seats)
        let unknown = seats.filter { !known.contains($0) }
        if !unknown.isEmpty {
            throw APIProblem(status: 422, code: "unknown_seats", title: "Unknown seats",
                             detail: "Event '\(eventID)' has no seat(s) \(unknown.joined(separator: ", ")).",
                             extra: ["seats": .array(unknown.map { .string($0) })])
        }
    }

    /// `409 seat_unavailable` listing each requested seat that is not free, with its state.
    static func unavailable(_ db: any SQLTransaction, eventID: String, seats: [String], now: Int64, exceptHold: String? = nil) throws -> APIProblem {
        let rows = try db.rows("SELECT seat_guid, state, hold_id, hold_expires_at FROM seat_state WHERE event_id = ? AND seat_guid IN (\(placeholders(seats.count))) ORDER BY seat_guid",
                              [eventID] + seats)
        var taken: [JSONValue] = []
        for row in rows {
            let state = effectiveState(row["state"], holdExpiresAt: row["hold_expires_at"], now: now)
            if state != "free" && (exceptHold == nil || (row["hold_id"] as String?) != exceptHold) {
                taken.append(["seat_guid": .string(row["seat_guid"]), "state": .string(state)])
            }
        }
        let revision: Int64 = try db.value("SELECT revision FROM event WHERE event_id = ?", [eventID]) ?? 0
        return APIProblem(status: 409, code: "seat_unavailable", title: "Seat no longer available",
                          detail: "\(taken.count) of the requested seats are taken; refresh availability and choose others.",
                          extra: ["unavailable": .array(taken), "availability_revision": .int(revision)], isFinalOutcome: true)
    }

    /// Takes `seats` for `holdID` with one conditional update (free, or held under an expired
    /// hold); all or nothing.
    static func takeSeats(_ db: any SQLTransaction, eventID: String, seats: [String], holdID: String, expiresAt: Int64, now: Int64) throws {
        let rev = try bumpRevision(db, eventID: eventID)
        try auditExpiry(db, eventID: eventID, seats: seats, now: now)
        let taken = try db.execute("""
            UPDATE seat_state SET state = 'held', hold_id = ?, hold_expires_at = ?, order_id = NULL, changed_rev = ?
            WHERE event_id = ? AND seat_guid IN (\(placeholders(seats.count)))
              AND (state = 'free' OR (state = 'held' AND hold_expires_at <= ?))
            """, [holdID, expiresAt, rev, eventID] + seats.map { $0 as any SQLArgument } + [now])
        if taken != seats.count {
            throw try unavailable(db, eventID: eventID, seats: seats, now: now)
        }
    }

    /// The effect of `POST /v1/events/{event_id}/holds`. One query reads the requested seats
    /// with their prices (finding unknown ones and giving the hold document its lines), so the
    /// document is built without reading back what was just written.
    static func createHold(_ db: any SQLTransaction, kiosk: String, eventID: String, request: HoldRequest, now: Int64,
                           ids: IDRandomness) throws -> APIReply {
        let event = try EventRecord.require(db, id: eventID)
        let lines = try db.rows("""
            SELECT s.seat_guid, s.label, s.category, p.amount_minor FROM seat_state s
            JOIN event_price p ON p.event_id = s.event_id AND p.category = s.category
            WHERE s.event_id = ? AND s.seat_guid IN (\(placeholders(request.seats.count))) ORDER BY s.seat_guid
            """, ([eventID] + request.seats))
        if lines.count != Set(request.seats).count {
            let known = Set(lines.map { $0["seat_guid"] as String })
            let unknown = request.seats.filter { !known.contains($0) }
            throw APIProblem(status: 422, code: "unknown_seats", title: "Unknown seats",
                             detail: "Event '\(eventID)' has no seat(s) \(unknown.joined(separator: ", ")).",
                             extra: ["seats": .array(unknown.map { .string($0) })])
        }
        guard request.seats.count <= event.maxSeatsPerOrder else {
            throw APIProblem(status: 422, code: "limit_exceeded", title: "Too many seats",
                             detail: "At most \(event.maxSeatsPerOrder) seats per order; \(request.seats.count) requested.",
                             extra: ["max_seats_per_order": .int(Int64(event.maxSeatsPerOrder))], isFinalOutcome: true)
        }
        let holdID = newID("hld_", randomness: ids)
        let expiresAt = now + event.holdTTLSeconds * 1000
        try db.execute("INSERT INTO hold(hold_id, event_id, kiosk_id, status, created_at, expires_at) VALUES (?, ?, ?, 'active', ?, ?)",
                       [holdID, eventID, kiosk, now, expiresAt])
        try takeSeats(db, eventID: eventID, seats: request.seats, holdID: holdID, expiresAt: expiresAt, now: now)
        try audit(db, AuditEntry(action: "hold", actor: .kiosk(kiosk), eventID: eventID, holdID: holdID, seats: request.seats,
                                 details: ["expires_at": .string(Timestamp.iso(expiresAt))]), now: now)
        let document = holdJSON(holdID: holdID, status: "active", eventID: eventID, lines: lines, currency: event.currency,
                                expiresAt: expiresAt, now: now)
        return APIReply(status: 201, json: document, location: "/v1/holds/\(holdID)")
    }

    /// An active, unexpired hold of this kiosk, or the problem saying why not.
    static func activeHold(_ db: any SQLTransaction, holdID: String, kiosk: String, now: Int64) throws -> (event: EventRecord, row: SQLRow) {
        guard let row = try db.row("SELECT * FROM hold WHERE hold_id = ? AND kiosk_id = ?", [holdID, kiosk]) else {
            throw APIProblem.notFound("hold_not_found", "No hold '\(holdID)' for this kiosk.", extra: ["hold_id": .string(holdID)])
        }
        let status: String = row["status"]
        guard status == "active" else {
            throw APIProblem(status: 409, code: "hold_not_active", title: "Hold not active",
                             detail: "Hold '\(holdID)' was \(status); start a new hold.", extra: ["hold_status": .string(status)], isFinalOutcome: true)
        }
        guard (row["expires_at"] as Int64) > now else {
            throw APIProblem(status: 409, code: "hold_expired", title: "Hold expired",
                             detail: "Hold '\(holdID)' expired at \(Timestamp.iso(row["expires_at"])); its seats are free again.", isFinalOutcome: true)
        }
        return (try EventRecord.require(db, id: row["event_id"]), row)
    }

    /// `PUT /v1/holds/{hold_id}/seats/{seat_guid}`: naturally idempotent.
    func addSeat(holdID: String, seat: String, kiosk: String) async throws -> APIReply {
        let now = self.now()
        return try await write { db in
            let (event, row) = try Self.activeHold(db, holdID: holdID, kiosk: kiosk, now: now)
            try Self.requireSeats(db, eventID: event.id, seats: [seat])
            let current = try db.stringSet("SELECT seat_guid FROM seat_state WHERE hold_id = ? AND state = 'held'", [holdID])
            if !current.contains(seat) {
                guard current.count + 1 <= event.maxSeatsPerOrder else {
                    throw APIProblem(status: 422, code: "limit_exceeded", title: "Too many seats",
                                     detail: "At most \(event.maxSeatsPerOrder) seats per order.",
                                     extra: ["max_seats_per_order": .int(Int64(event.maxSeatsPerOrder))])
                }
                try Self.takeSeats(db, eventID: event.id, seats: [seat], holdID: holdID, expiresAt: row["expires_at"], now: now)
                try Self.audit(db, AuditEntry(action: "hold_add_seat", actor: .kiosk(kiosk), eventID: event.id, holdID: holdID, seats: [seat]), now: now)
            }
            return APIReply(status: 200, json: try Self.holdDocument(db, holdID: holdID, kiosk: kiosk, now: now))
        }
    }

    /// `DELETE /v1/holds/{hold_id}/seats/{seat_guid}`: naturally idempotent.
    func removeSeat(holdID: String, seat: String, kiosk: String) async throws -> APIReply {
        let now = self.now()
        return try await write { db in
            let (event, _) = try Self.activeHold(db, holdID: holdID, kiosk: kiosk, now: now)
            try Self.requireSeats(db, eventID: event.id, seats: [seat])
            if try db.exists("SELECT 1 FROM seat_state WHERE event_id = ? AND seat_guid = ? AND hold_id = ? AND state = 'held'", [event.id, seat, holdID]) {
                let rev = try Self.bumpRevision(db, eventID: event.id)
                try db.execute("UPDATE seat_state SET state = 'free', hold_id = NULL, hold_expires_at = NULL, changed_rev = ? WHERE event_id = ? AND seat_guid = ?",
                               [rev, event.id, seat])
                try Self.audit(db, AuditEntry(action: "hold_remove_seat", actor: .kiosk(kiosk), eventID: event.id, holdID: holdID, seats: [seat]), now: now)
            }
            return APIReply(status: 200, json: try Self.holdDocument(db, holdID: holdID, kiosk: kiosk, now: now))
        }
    }

    /// `POST /v1/holds/{hold_id}/extend`: the hold then expires `seconds` from now, but never
    /// later than `hold_max_total_seconds` after it was created, and never earlier than before.
    func extend(holdID: String, seconds: Int64, kiosk: String) async throws -> APIReply {
        let now = self.now()
        return try await write { db in
            let (event, row) = try Self.activeHold(db, holdID: holdID, kiosk: kiosk, now: now)
            let created: Int64 = row["created_at"]
            let current: Int64 = row["expires_at"]
            let target = max(current, min(now + seconds * 1000, created + event.holdMaxTotalSeconds * 1000))
            if target != current {
                try db.execute("UPDATE hold SET expires_at = ? WHERE hold_id = ?", [target, holdID])
                try db.execute("UPDATE seat_state SET hold_expires_at = ? WHERE hold_id = ? AND state = 'held'", [target, holdID])
            }
            return APIReply(status: 200, json: try Self.holdDocument(db, holdID: holdID, kiosk: kiosk, now: now))
        }
    }

    /// `DELETE /v1/holds/{hold_id}`: 204 whether or not it was still active.
    func release(holdID: String, kiosk: String) async throws -> APIReply {
        let now = self.now()
        return try await write { db in
            guard let row = try db.row("SELECT * FROM hold WHERE hold_id = ? AND kiosk_id = ?", [holdID, kiosk]) else {
                throw APIProblem.notFound("hold_not_found", "No hold '\(holdID)' for this kiosk.", extra: ["hold_id": .string(holdID)])
            }
            guard (row["status"] as String) == "active" else { return .noContent }
            let eventID: String = row["event_id"]
            // The event's row first, then seats, then the hold: the order every writer locks in.
            let held: [String] = try db.values("SELECT seat_guid FROM seat_state WHERE hold_id = ? AND state = 'held' ORDER BY seat_guid", [holdID])
            if !held.isEmpty {
                let rev = try Self.bumpRevision(db, eventID: eventID)
                try db.execute("UPDATE seat_state SET state = 'free', hold_id = NULL, hold_expires_at = NULL, changed_rev = ? WHERE hold_id = ? AND state = 'held'",
                               [rev, holdID])
            }
            try db.execute("UPDATE hold SET status = 'released' WHERE hold_id = ? AND status = 'active'", [holdID])
            try Self.audit(db, AuditEntry(action: "release", actor: .kiosk(kiosk), eventID: eventID, holdID: holdID, seats: held), now: now)
            return .noContent
        }
    }

    /// The effect of `POST /v1/orders`: verifies the hold, the total and the no-orphan rule, then
    /// moves the hold's seats to sold with a conditional update whose row count must match, and
    /// inserts the order and its tickets — one transaction. An existing order with the same
    /// `client_order_ref` is returned (200) instead of a second one.
    static func createOrder(_ db: any SQLTransaction, kiosk: String, request: OrderRequest, now: Int64,
                            ids: IDRandomness) throws -> APIReply {
        if let existing = try existingOrder(db, kiosk: kiosk, request: request) { return existing }
        let (event, _) = try activeHold(db, holdID: request.holdID, kiosk: kiosk, now: now)
        let seats = try db.rows("""
            SELECT s.seat_guid, s.label, s.category, s.row_key, s.row_index, p.amount_minor FROM seat_state s
            JOIN event_price p ON p.event_id = s.event_id AND p.category = s.category
            WHERE s.hold_id = ? AND s.state = 'held' AND s.hold_expires_at > ? ORDER BY s.seat_guid
            """, [request.holdID, now])
        guard !seats.isEmpty else {
            throw APIProblem(status: 422, code: "hold_empty", title: "Hold has no seats",
                             detail: "Hold '\(request.holdID)' holds no seats; add seats before ordering.", isFinalOutcome: true)
        }
        let total = seats.reduce(Int64(0)) { $0 + ($1["amount_minor"] as Int64) }
        guard total == request.expectedAmountMinor, event.currency == request.expectedCurrency else {
            throw APIProblem(status: 422, code: "price_mismatch", title: "Total differs",
                             detail: "The kiosk showed \(request.expectedAmountMinor) \(request.expectedCurrency); the total is \(total) \(event.currency).",
                             extra: ["total": money(total, event.currency)], isFinalOutcome: true)
        }
        if event.noOrphanSeats {
            let orphans = try orphanSeats(db, eventID: event.id, holdID: request.holdID, seats: seats, now: now)
            if !orphans.isEmpty {
                throw APIProblem(status: 422, code: "orphan_seat", title: "Single seat left alone",
                                 detail: "This order would leave \(orphans.joined(separator: ", ")) as a single free seat; include it or choose seats next to each other.",
                                 extra: ["orphans": .array(orphans.map { .string($0) })], isFinalOutcome: true)
            }
        }
        let orderID = newID("ord_", randomness: ids)
        let rev = try bumpRevision(db, eventID: event.id)
        let sold = try db.execute("""
            UPDATE seat_state SET state = 'sold', order_id = ?, hold_id = NULL, hold_expires_at = NULL, changed_rev = ?
            WHERE hold_id = ? AND state = 'held' AND hold_expires_at > ?
            """, [orderID, rev, request.holdID, now])
        guard sold == seats.count else {
            // On PostgreSQL another process may have sold this hold under the same
            // client_order_ref while this one waited for the event's row: its order, committed
            // now, is visible to this statement (READ COMMITTED) and is the answer.
            if let existing = try existingOrder(db, kiosk: kiosk, request: request) { return existing }
            throw APIProblem(status: 409, code: "seats_lost", title: "Seats lost",
                             detail: "Some seats of the hold were taken meanwhile.", isFinalOutcome: true)
        }
        // From the random end of the id (its start is the time, shared by orders of the same hour).
        let code = String(orderID.suffix(6)).uppercased()
        try db.execute("""
            INSERT INTO purchase_order(order_id, code, event_id, kiosk_id, client_order_ref, hold_id, total_minor, currency, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [orderID, code, event.id, kiosk, request.clientOrderRef, request.holdID, total, event.currency, now])
        var lines: [OrderLine] = []
        lines.reserveCapacity(seats.count)
        for seat in seats {
            let line = OrderLine(seatGUID: seat["seat_guid"], label: seat["label"], category: seat["category"],
                                 ticketID: newID("tkt_", randomness: ids), priceMinor: seat["amount_minor"])
            try db.execute("INSERT INTO ticket(ticket_id, order_id, event_id, seat_guid, category, label, price_minor) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           [line.ticketID, orderID, event.id, line.seatGUID, line.category, line.label, line.priceMinor])
            lines.append(line)
        }
        try db.execute("UPDATE hold SET status = 'converted' WHERE hold_id = ?", [request.holdID])
        try audit(db, AuditEntry(action: "order", actor: .kiosk(kiosk), eventID: event.id, holdID: request.holdID, orderID: orderID,
                                 seats: lines.map(\.seatGUID),
                                 details: ["code": .string(code), "client_order_ref": .string(request.clientOrderRef),
                                           "total": money(total, event.currency)]), now: now)
        // Built from what was just written (seats are in seat_guid order, as a lookup lists them).
        let document = orderJSON(orderID: orderID, code: code, eventID: event.id, clientOrderRef: request.clientOrderRef,
                                 holdID: request.holdID, lines: lines, totalMinor: total, currency: event.currency, createdAt: now)
        return APIReply(status: 201, json: document, location: "/v1/orders/\(orderID)")
    }

    /// The order this kiosk already made under `request`'s client_order_ref (200), nil when there
    /// is none; `409 client_order_ref_conflict` when that order was for another hold or total.
    static func existingOrder(_ db: any SQLTransaction, kiosk: String, request: OrderRequest) throws -> APIReply? {
        guard let existing = try db.row("SELECT * FROM purchase_order WHERE kiosk_id = ? AND client_order_ref = ?",
                                        [kiosk, request.clientOrderRef]) else { return nil }
        guard (existing["hold_id"] as String) == request.holdID, (existing["total_minor"] as Int64) == request.expectedAmountMinor else {
            throw APIProblem(status: 409, code: "client_order_ref_conflict", title: "Order reference already used",
                             detail: "client_order_ref '\(request.clientOrderRef)' belongs to order \(existing["order_id"] as String) with another hold or total.",
                             extra: ["order_id": .string(existing["order_id"])], isFinalOutcome: true)
        }
        return APIReply(status: 200, json: try orderDocument(db, row: existing), location: "/v1/orders/\(existing["order_id"] as String)")
    }

    /// Free seats next to the hold's seats that would be left with no free neighbour in their row.
    static func orphanSeats(_ db: any SQLTransaction, eventID: String, holdID: String, seats: [SQLRow], now: Int64) throws -> [String] {
        var orphans: [String] = []
        for rowKey in Set(seats.map { $0["row_key"] as String }).sorted() {
            let row = try db.rows("SELECT seat_guid, state, hold_id, hold_expires_at FROM seat_state WHERE event_id = ? AND row_key = ? ORDER BY row_index",
                                       [eventID, rowKey])
            let taken = row.map { effectiveState($0["state"], holdExpiresAt: $0["hold_expires_at"], now: now) != "free" }
            let mine = row.map { ($0["hold_id"] as String?) == holdID }
            for i in row.indices where !taken[i] {
                let leftTaken = i == 0 || taken[i - 1]
                let rightTaken = i == row.count - 1 || taken[i + 1]
                let nextToMine = (i > 0 && mine[i - 1]) || (i < row.count - 1 && mine[i + 1])
                if leftTaken && rightTaken && nextToMine { orphans.append(row[i]["seat_guid"]) }
            }
        }
        return orphans
    }
}
