import Foundation

/// The body of `POST /v1/orders/{order_id}/cancel`: which tickets (all the order's live ones
/// when absent) and why.
struct CancelRequest: Sendable {
    var tickets: [String]?
    var reason: String

    init(_ json: JSONValue) throws(APIProblem) {
        let f = try StrictFields(json, allowed: ["tickets", "reason"])
        tickets = f.fields["tickets"] == nil ? nil : try f.strings("tickets", count: 1...100)
        reason = try f.string("reason", maxLength: 500)
        if let tickets, Set(tickets).count != tickets.count {
            throw APIProblem.invalid("Field 'tickets' names a ticket twice.", field: "tickets")
        }
    }
}

extension BoxOfficeStore {
    /// The effect of `POST /v1/orders/{order_id}/cancel` by `operatorID`: cancels the chosen
    /// live tickets, frees their seats (they can be held and sold again at once), records the
    /// cancellation with its reason and refund (the tickets' prices) and audits it — one
    /// transaction. A ticket already cancelled is `409 already_cancelled` (stored with the key).
    static func cancelOrder(_ db: any SQLTransaction, operatorID: String, orderID: String, request: CancelRequest, now: Int64,
                            ids: IDRandomness) throws -> APIReply {
        guard let order = try db.row("SELECT * FROM purchase_order WHERE order_id = ?", [orderID]) else {
            throw APIProblem.notFound("order_not_found", "No order '\(orderID)'.", extra: ["order_id": .string(orderID)])
        }
        let eventID: String = order["event_id"]
        let tickets = try db.rows("SELECT ticket_id, seat_guid, price_minor, cancelled FROM ticket WHERE order_id = ? ORDER BY seat_guid", [orderID])
        let chosen: [SQLRow]
        if let wanted = request.tickets {
            let known = Set(tickets.map { $0["ticket_id"] as String })
            let unknown = wanted.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw APIProblem(status: 422, code: "unknown_tickets", title: "Unknown tickets",
                                 detail: "Order '\(orderID)' has no ticket(s) \(unknown.joined(separator: ", ")).",
                                 extra: ["tickets": .array(unknown.map { .string($0) })])
            }
            chosen = tickets.filter { wanted.contains($0["ticket_id"] as String) }
            let done = chosen.filter { ($0["cancelled"] as Int64) != 0 }.map { $0["ticket_id"] as String }
            guard done.isEmpty else { throw alreadyCancelled(orderID, tickets: done) }
        } else {
            chosen = tickets.filter { ($0["cancelled"] as Int64) == 0 }
            guard !chosen.isEmpty else { throw alreadyCancelled(orderID, tickets: tickets.map { $0["ticket_id"] }) }
        }
        let ticketIDs = chosen.map { $0["ticket_id"] as String }
        let seats = chosen.map { $0["seat_guid"] as String }
        let refund = chosen.reduce(Int64(0)) { $0 + ($1["price_minor"] as Int64) }
        let cancellationID = newID("cnl_", now: now, randomness: ids)
        let rev = try bumpRevision(db, eventID: eventID)
        // Conditional on still being live: on PostgreSQL a concurrent cancel of the same ticket
        // that committed first leaves fewer rows here, and this one answers as the second.
        let cancelled = try db.execute("UPDATE ticket SET cancelled = 1, cancellation_id = ? WHERE ticket_id IN (\(placeholders(ticketIDs.count))) AND cancelled = 0",
                                       [cancellationID] + ticketIDs.map { $0 as any SQLArgument })
        guard cancelled == ticketIDs.count else { throw alreadyCancelled(orderID, tickets: ticketIDs) }
        try db.execute("""
            UPDATE seat_state SET state = 'free', order_id = NULL, changed_rev = ?
            WHERE event_id = ? AND order_id = ? AND state = 'sold' AND seat_guid IN (\(placeholders(seats.count)))
            """, [rev, eventID, orderID] + seats.map { $0 as any SQLArgument })
        try db.execute("INSERT INTO cancellation(cancellation_id, order_id, operator_id, reason, refund_minor, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                       [cancellationID, orderID, operatorID, request.reason, refund, now])
        let currency: String = order["currency"]
        try audit(db, AuditEntry(action: "cancel", actor: .operator(operatorID), eventID: eventID, orderID: orderID, seats: seats,
                                 details: ["cancellation_id": .string(cancellationID), "reason": .string(request.reason),
                                           "tickets": .array(ticketIDs.map { .string($0) }), "refund": money(refund, currency)]),
                  now: now)
        return APIReply(status: 200, json: try orderDocument(db, row: order))
    }

    static func alreadyCancelled(_ orderID: String, tickets: [String]) -> APIProblem {
        APIProblem(status: 409, code: "already_cancelled", title: "Already cancelled",
                   detail: "Order '\(orderID)': ticket(s) \(tickets.joined(separator: ", ")) are cancelled already; nothing was changed.",
                   extra: ["tickets": .array(tickets.map { .string($0) })], isFinalOutcome: true)
    }

    /// Adds an order's cancellations to its document when it has any: each line's `cancelled`,
    /// the `status` (partially_cancelled, cancelled), the `refund` and the `cancellations`
    /// themselves. An order never cancelled keeps the document it had at purchase, byte for byte.
    static func withCancellations(_ db: any SQLTransaction, _ document: JSONValue, orderID: String) throws -> JSONValue {
        let rows = try db.rows("SELECT * FROM cancellation WHERE order_id = ? ORDER BY created_at, cancellation_id", [orderID])
        guard !rows.isEmpty, var fields = document.objectValue else { return document }
        let currency = fields["total"]?["currency"]?.stringValue ?? ""
        let byCancellation = try db.rows("SELECT ticket_id, cancellation_id FROM ticket WHERE order_id = ? AND cancelled = 1 ORDER BY ticket_id", [orderID])
        let cancelledTickets = Set(byCancellation.map { $0["ticket_id"] as String })
        let lines = fields["lines"]?.arrayValue ?? []
        fields["lines"] = .array(lines.map { line in
            guard var line = line.objectValue, let ticket = line["ticket_id"]?.stringValue else { return line }
            line["cancelled"] = .bool(cancelledTickets.contains(ticket))
            return .object(line)
        })
        fields["status"] = .string(cancelledTickets.count == lines.count ? "cancelled" : "partially_cancelled")
        fields["refund"] = money(rows.reduce(Int64(0)) { $0 + ($1["refund_minor"] as Int64) }, currency)
        fields["cancellations"] = .array(rows.map { row in
            let id: String = row["cancellation_id"]
            return ["cancellation_id": .string(id), "operator_id": .string(row["operator_id"]), "reason": .string(row["reason"]),
                    "refund": money(row["refund_minor"], currency), "cancelled_at": .string(Timestamp.iso(row["created_at"])),
                    "tickets": .array(byCancellation.filter { ($0["cancellation_id"] as String?) == id }.map { .string($0["ticket_id"]) })]
        })
        return .object(fields)
    }
}
