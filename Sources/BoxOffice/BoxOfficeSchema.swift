import Foundation

/// The box office's schema versions, written once for both engines in SQLite's words and turned
/// into PostgreSQL's by `postgres(_:)`: INTEGER → BIGINT (every number is an Int64), BLOB →
/// BYTEA, no `WITHOUT ROWID`. The names are what each database records as applied (GRDB's
/// `grdb_migrations` on SQLite, `schema_migration` on PostgreSQL), so a database made by an
/// earlier box office carries on from where it stands.
enum BoxOfficeSchema {
    struct Migration: Sendable {
        var name: String
        /// Statements separated by ";\n".
        var sql: String
    }

    static let migrations: [Migration] = [
        Migration(name: "v1", sql: """
            CREATE TABLE layout(layout_id TEXT PRIMARY KEY, document BLOB NOT NULL, created_at INTEGER NOT NULL);
            CREATE TABLE event(
              event_id TEXT PRIMARY KEY, name TEXT NOT NULL, layout_id TEXT NOT NULL REFERENCES layout(layout_id),
              currency TEXT NOT NULL, max_seats_per_order INTEGER NOT NULL, no_orphan_seats INTEGER NOT NULL,
              hold_ttl_seconds INTEGER NOT NULL, hold_max_total_seconds INTEGER NOT NULL,
              revision INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
            CREATE TABLE event_price(
              event_id TEXT NOT NULL REFERENCES event(event_id), category TEXT NOT NULL, color TEXT NOT NULL,
              amount_minor INTEGER NOT NULL CHECK(amount_minor >= 0), PRIMARY KEY(event_id, category));
            CREATE TABLE seat_state(
              event_id TEXT NOT NULL, seat_guid TEXT NOT NULL, category TEXT NOT NULL, label TEXT NOT NULL,
              row_key TEXT NOT NULL, row_index INTEGER NOT NULL,
              state TEXT NOT NULL CHECK(state IN ('free','held','sold','blocked')),
              hold_id TEXT, order_id TEXT, hold_expires_at INTEGER, changed_rev INTEGER NOT NULL DEFAULT 0,
              PRIMARY KEY(event_id, seat_guid)) WITHOUT ROWID;
            CREATE INDEX seat_state_rev ON seat_state(event_id, changed_rev);
            CREATE INDEX seat_state_hold ON seat_state(hold_id) WHERE hold_id IS NOT NULL;
            CREATE INDEX seat_state_row ON seat_state(event_id, row_key, row_index);
            CREATE TABLE hold(
              hold_id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES event(event_id), kiosk_id TEXT NOT NULL,
              status TEXT NOT NULL CHECK(status IN ('active','released','converted')),
              created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
            CREATE TABLE purchase_order(
              order_id TEXT PRIMARY KEY, code TEXT NOT NULL, event_id TEXT NOT NULL, kiosk_id TEXT NOT NULL,
              client_order_ref TEXT NOT NULL, hold_id TEXT NOT NULL, total_minor INTEGER NOT NULL,
              currency TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE(kiosk_id, client_order_ref));
            CREATE TABLE ticket(
              ticket_id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES purchase_order(order_id),
              event_id TEXT NOT NULL, seat_guid TEXT NOT NULL, category TEXT NOT NULL, label TEXT NOT NULL,
              price_minor INTEGER NOT NULL, cancelled INTEGER NOT NULL DEFAULT 0);
            CREATE UNIQUE INDEX one_live_ticket ON ticket(event_id, seat_guid) WHERE cancelled = 0;
            CREATE TABLE idempotency(
              kiosk_id TEXT NOT NULL, method TEXT NOT NULL, route TEXT NOT NULL, key TEXT NOT NULL,
              body_hash TEXT NOT NULL, status INTEGER NOT NULL, content_type TEXT NOT NULL, location TEXT,
              body BLOB, created_at INTEGER NOT NULL, PRIMARY KEY(kiosk_id, method, route, key));
            CREATE INDEX idempotency_age ON idempotency(created_at)
            """),
        // The event's start, as given: ISO 8601 with the venue's UTC offset (nil: not set).
        Migration(name: "v2-event-start", sql: "ALTER TABLE event ADD COLUMN starts_at TEXT"),
        // Each kiosk's last heartbeat (`tribune-boxoffice kiosks`); times in ms since 1970.
        Migration(name: "v3-kiosk-heartbeat", sql: """
            CREATE TABLE kiosk_heartbeat(
              kiosk_id TEXT PRIMARY KEY, state TEXT NOT NULL, code TEXT, display INTEGER NOT NULL, touch INTEGER NOT NULL,
              interval_seconds INTEGER NOT NULL, last_seen_at INTEGER NOT NULL)
            """),
        // The audit trail (every hold, release, expiry, order and cancellation, written in the
        // transaction of its effect; `audit_seat` finds a seat's history) and cancellations.
        // `revision`: the event's after the change, ordering a millisecond's entries.
        Migration(name: "v4-audit-cancel", sql: """
            CREATE TABLE audit(
              audit_id TEXT PRIMARY KEY, at INTEGER NOT NULL, revision INTEGER NOT NULL, actor_kind TEXT NOT NULL,
              actor TEXT NOT NULL, action TEXT NOT NULL, event_id TEXT NOT NULL, hold_id TEXT, order_id TEXT,
              seats TEXT NOT NULL, details TEXT NOT NULL);
            CREATE INDEX audit_order ON audit(order_id) WHERE order_id IS NOT NULL;
            CREATE INDEX audit_hold ON audit(hold_id) WHERE hold_id IS NOT NULL;
            CREATE INDEX audit_time ON audit(at);
            CREATE TABLE audit_seat(
              seat_guid TEXT NOT NULL, event_id TEXT NOT NULL, audit_id TEXT NOT NULL,
              PRIMARY KEY(seat_guid, event_id, audit_id)) WITHOUT ROWID;
            CREATE TABLE cancellation(
              cancellation_id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES purchase_order(order_id),
              operator_id TEXT NOT NULL, reason TEXT NOT NULL, refund_minor INTEGER NOT NULL, created_at INTEGER NOT NULL);
            CREATE INDEX cancellation_order ON cancellation(order_id);
            ALTER TABLE ticket ADD COLUMN cancellation_id TEXT
            """),
    ]

    /// Refuses a database that records versions not in `migrations`: a newer box office made it,
    /// and this one would not know its tables.
    static func checkKnown(_ applied: Set<String>) throws(SetupError) {
        let unknown = applied.subtracting(migrations.map(\.name))
        guard unknown.isEmpty else {
            throw SetupError("the database has schema versions this tribune-boxoffice does not know: \(unknown.sorted().joined(separator: ", ")) (made by a newer one); its versions end at \(migrations.last?.name ?? "none")")
        }
    }

    /// A migration's statements in PostgreSQL's words, one by one.
    static func postgres(_ migration: Migration) -> [String] {
        migration.sql
            .replacingOccurrences(of: "INTEGER", with: "BIGINT")
            .replacingOccurrences(of: "BLOB", with: "BYTEA")
            .replacingOccurrences(of: " WITHOUT ROWID", with: "")
            .components(separatedBy: ";\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}
