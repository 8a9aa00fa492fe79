import Foundation
import GRDB

/// The kiosk's durable write-ahead journal of purchases (SQLite in WAL mode, in the kiosk's state
/// directory). An intent — its `client_order_ref` and idempotency key — is committed before the
/// first byte is sent, so a crash at any point leaves something to reconcile, never a lost or a
/// second order.
public final class PurchaseJournal: Sendable {
    /// Where a purchase stands.
    public enum State: String, Sendable, Codable {
        /// Sent or about to be; the outcome is not known yet.
        case pending
        /// The server confirmed the order.
        case confirmed
        /// The server refused it for good (hold expired, seats lost, …).
        case rejected
    }

    public struct Entry: Sendable, Equatable {
        public var clientOrderRef: String
        public var idempotencyKey: String
        public var eventID: String
        public var holdID: String
        public var expectedTotal: Money
        public var state: State
        public var orderID: String?
        public var lastError: String?
        /// Seconds since 1970.
        public var createdAt: Double
    }

    let queue: DatabaseQueue
    public let path: String

    /// Opens or creates `purchase-journal.sqlite` in `directory`.
    public init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = (directory as NSString).appendingPathComponent("purchase-journal.sqlite")
        var config = Configuration()
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        queue = try DatabaseQueue(path: path, configuration: config)
        try queue.writeWithoutTransaction { db in _ = try db.execute(sql: "PRAGMA journal_mode = WAL") }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE purchase(
                  client_order_ref TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, event_id TEXT NOT NULL,
                  hold_id TEXT NOT NULL, amount_minor INTEGER NOT NULL, currency TEXT NOT NULL,
                  state TEXT NOT NULL CHECK(state IN ('pending','confirmed','rejected')),
                  order_id TEXT, last_error TEXT, created_at REAL NOT NULL, updated_at REAL NOT NULL)
                """)
        }
        try migrator.migrate(queue)
    }

    /// Records a new intent (state `pending`) with fresh ids; returns it once it is durable.
    public func begin(eventID: String, holdID: String, expectedTotal: Money, now: Double) throws -> Entry {
        let entry = Entry(clientOrderRef: UUID().uuidString.lowercased(), idempotencyKey: UUID().uuidString.lowercased(),
                          eventID: eventID, holdID: holdID, expectedTotal: expectedTotal, state: .pending,
                          orderID: nil, lastError: nil, createdAt: now)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO purchase(client_order_ref, idempotency_key, event_id, hold_id, amount_minor, currency, state, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)
                """, arguments: [entry.clientOrderRef, entry.idempotencyKey, eventID, holdID,
                                 expectedTotal.amountMinor, expectedTotal.currency, now, now])
        }
        return entry
    }

    public func markConfirmed(clientOrderRef: String, orderID: String, now: Double) throws {
        try queue.write { db in
            try db.execute(sql: "UPDATE purchase SET state = 'confirmed', order_id = ?, last_error = NULL, updated_at = ? WHERE client_order_ref = ?",
                           arguments: [orderID, now, clientOrderRef])
        }
    }

    public func markRejected(clientOrderRef: String, reason: String, now: Double) throws {
        try queue.write { db in
            try db.execute(sql: "UPDATE purchase SET state = 'rejected', last_error = ?, updated_at = ? WHERE client_order_ref = ?",
                           arguments: [reason, now, clientOrderRef])
        }
    }

    public func noteError(clientOrderRef: String, _ error: String, now: Double) throws {
        try queue.write { db in
            try db.execute(sql: "UPDATE purchase SET last_error = ?, updated_at = ? WHERE client_order_ref = ?",
                           arguments: [error, now, clientOrderRef])
        }
    }

    /// Entries, oldest first; only those in `state` when given.
    public func entries(_ state: State? = nil) throws -> [Entry] {
        try queue.read { db in
            let rows = state == nil
                ? try Row.fetchAll(db, sql: "SELECT * FROM purchase ORDER BY created_at, client_order_ref")
                : try Row.fetchAll(db, sql: "SELECT * FROM purchase WHERE state = ? ORDER BY created_at, client_order_ref", arguments: [state!.rawValue])
            return rows.map { row in
                Entry(clientOrderRef: row["client_order_ref"], idempotencyKey: row["idempotency_key"], eventID: row["event_id"],
                      holdID: row["hold_id"], expectedTotal: Money(amountMinor: row["amount_minor"], currency: row["currency"]),
                      state: State(rawValue: row["state"]) ?? .pending, orderID: row["order_id"], lastError: row["last_error"],
                      createdAt: row["created_at"])
            }
        }
    }
}
