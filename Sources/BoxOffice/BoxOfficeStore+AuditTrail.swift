import Foundation

/// One entry of the audit trail: who changed which seats how, written by the change's own
/// transaction so the trail and the seats can never disagree.
struct AuditEntry: Sendable {
    enum Actor: Sendable {
        case kiosk(String)
        case `operator`(String)
        /// The box office itself: hold expiry.
        case system

        var kind: String {
            switch self {
            case .kiosk: "kiosk"
            case .operator: "operator"
            case .system: "system"
            }
        }

        var id: String {
            switch self {
            case .kiosk(let id), .operator(let id): id
            case .system: "box-office"
            }
        }
    }

    /// hold, hold_add_seat, hold_remove_seat, release, expire, order, cancel.
    var action: String
    var actor: Actor
    var eventID: String
    var holdID: String?
    var orderID: String?
    var seats: [String]
    var details: [String: JSONValue] = [:]
}

extension BoxOfficeStore {
    /// Appends `entry` to the audit trail inside the caller's transaction, at `now` (ms) and the
    /// event's current revision.
    static func audit(_ db: any SQLTransaction, _ entry: AuditEntry, now: Int64) throws {
        let auditID = newID("aud_", now: now)
        let seats = entry.seats.sorted()
        try db.execute("""
            INSERT INTO audit(audit_id, at, revision, actor_kind, actor, action, event_id, hold_id, order_id, seats, details)
            SELECT ?, ?, revision, ?, ?, ?, event_id, ?, ?, ?, ? FROM event WHERE event_id = ?
            """, [auditID, now, entry.actor.kind, entry.actor.id, entry.action, entry.holdID, entry.orderID,
                  String(decoding: JSONValue.array(seats.map { .string($0) }).encoded(), as: UTF8.self),
                  String(decoding: JSONValue.object(entry.details).encoded(), as: UTF8.self), entry.eventID])
        guard !seats.isEmpty else { return }
        try db.execute("INSERT INTO audit_seat(seat_guid, event_id, audit_id) VALUES \(Array(repeating: "(?, ?, ?)", count: seats.count).joined(separator: ", "))",
                       seats.flatMap { [$0, entry.eventID, auditID] as [any SQLArgument] })
    }

    /// Audits the expiry of the holds whose seats among `seats` are held past their time: they
    /// are about to be taken (`takeSeats`) or freed (`sweep`).
    static func auditExpiry(_ db: any SQLTransaction, eventID: String, seats: [String]?, now: Int64) throws {
        var sql = "SELECT hold_id, seat_guid FROM seat_state WHERE event_id = ? AND state = 'held' AND hold_expires_at <= ?"
        var arguments: [any SQLArgument] = [eventID, now]
        if let seats {
            sql += " AND seat_guid IN (\(placeholders(seats.count)))"
            arguments += seats.map { $0 as any SQLArgument }
        }
        var byHold: [String: [String]] = [:]
        for row in try db.rows(sql, arguments) { byHold[row["hold_id"] as String, default: []].append(row["seat_guid"]) }
        for (holdID, held) in byHold.sorted(by: { $0.key < $1.key }) {
            try audit(db, AuditEntry(action: "expire", actor: .system, eventID: eventID, holdID: holdID, seats: held), now: now)
        }
    }

    /// `GET /v1/audit?order=…` (with its hold's) or `?seat=…[&event=…]`: the entries, oldest first (time, then the
    /// event's revision; an expiry before what its transaction did next).
    func auditTrail(orderID: String? = nil, seat: String? = nil, eventID: String? = nil) async throws -> JSONValue {
        try await read { db in
            let rows: [SQLRow]
            let order = "ORDER BY a.at, a.revision, CASE a.action WHEN 'expire' THEN 0 ELSE 1 END, a.audit_id"
            if let orderID {
                // The order's own entries and those of the hold it was bought from.
                rows = try db.rows("""
                    SELECT a.* FROM audit a WHERE a.order_id = ?
                      OR a.hold_id = (SELECT hold_id FROM purchase_order WHERE order_id = ?) \(order)
                    """, [orderID, orderID])
            } else {
                var sql = "SELECT a.* FROM audit_seat s JOIN audit a ON a.audit_id = s.audit_id WHERE s.seat_guid = ?"
                var arguments: [any SQLArgument] = [seat ?? ""]
                if let eventID { sql += " AND s.event_id = ?"; arguments.append(eventID) }
                rows = try db.rows("\(sql) \(order)", arguments)
            }
            return ["entries": .array(rows.map(Self.auditJSON))]
        }
    }

    static func auditJSON(_ row: SQLRow) -> JSONValue {
        var fields: [String: JSONValue] = [
            "at": .string(Timestamp.iso(row["at"])), "at_ms": .int(row["at"]), "revision": .int(row["revision"]),
            "actor_kind": .string(row["actor_kind"]), "actor": .string(row["actor"]), "action": .string(row["action"]),
            "event_id": .string(row["event_id"]),
            "seats": JSONValue.parse(Data((row["seats"] as String).utf8)) ?? .array([]),
            "details": JSONValue.parse(Data((row["details"] as String).utf8)) ?? .object([:]),
        ]
        if let hold = row["hold_id"] as String? { fields["hold_id"] = .string(hold) }
        if let order = row["order_id"] as String? { fields["order_id"] = .string(order) }
        return .object(fields)
    }
}
