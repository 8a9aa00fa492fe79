import Foundation
import GRDB

/// The server's storage: SQLite through GRDB in WAL mode. Every write is one `BEGIN IMMEDIATE`
/// transaction, so a check and the write it guards can never interleave with another writer.
/// Seat state is one row per (event, seat); a partial unique index on live tickets is the second
/// guard against selling a seat twice.
public final class BoxOfficeStore: Sendable {
    let pool: DatabasePool
    /// Every write goes through it: concurrent writes share one transaction and one commit.
    let writer: GroupCommitWriter
    /// Milliseconds since 1970; injected so tests can move time.
    let now: @Sendable () -> Int64
    /// The random half of new hold, order and ticket ids.
    let ids: IDRandomness

    /// Opens (creating and migrating) the database at `path`.
    /// `synchronousFull` (the default): every commit is fsynced before it returns, so an
    /// acknowledged order survives power loss (SQLite's documented guarantee for WAL with FULL);
    /// false: WAL's NORMAL, which survives a crash of the server process but may lose the last
    /// commits on power loss.
    public init(path: String, synchronousFull: Bool = true, now: @escaping @Sendable () -> Int64 = Timestamp.systemNow,
                ids: IDRandomness = IDRandomness()) throws {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            try db.execute(sql: synchronousFull ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            // A 40,000-seat event's rows and indexes stay in memory: reads through mmap instead
            // of read() copies, and a page cache large enough not to evict the hot pages.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -65536")
            // Checkpoint every 8,000 WAL frames instead of 1,000: each checkpoint fsyncs the
            // database file while holding up the writer, and the hot pages (event row, index
            // tails) are copied once per checkpoint however often they changed. Commits are as
            // durable as before; only the WAL file grows larger (about 32 MiB) between checkpoints.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 8000")
        }
        do {
            pool = try DatabasePool(path: path, configuration: config)
            // GRDB turns the writer to NORMAL when it switches the pool to WAL, after
            // prepareDatabase ran: the connection that commits is set again, once, here.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: synchronousFull ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            }
        } catch {
            throw SetupError("\(path): cannot open the database (\(error))")
        }
        writer = GroupCommitWriter(pool: pool)
        self.now = now
        self.ids = ids
        try Self.migrator.migrate(pool)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
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
                CREATE INDEX idempotency_age ON idempotency(created_at);
                """)
        }
        // The event's start, as given: ISO 8601 with the venue's UTC offset (nil: not set).
        migrator.registerMigration("v2-event-start") { db in
            try db.execute(sql: "ALTER TABLE event ADD COLUMN starts_at TEXT")
        }
        // Each kiosk's last heartbeat (`tribune-boxoffice kiosks`); times in ms since 1970.
        migrator.registerMigration("v3-kiosk-heartbeat") { db in
            try db.execute(sql: """
                CREATE TABLE kiosk_heartbeat(
                  kiosk_id TEXT PRIMARY KEY, state TEXT NOT NULL, code TEXT, display INTEGER NOT NULL, touch INTEGER NOT NULL,
                  interval_seconds INTEGER NOT NULL, last_seen_at INTEGER NOT NULL)
                """)
        }
        return migrator
    }

    /// `prefix` + 11 hex digits of the milliseconds since 1970 + 12 random hex digits (48 bits
    /// from `randomness`, else the system generator), lowercase. Time first, so new holds, orders and tickets land
    /// at the right edge of their primary-key indexes: a batch of commits dirties a few pages
    /// there instead of one random page per row. Unique by the random part within a millisecond;
    /// ids are not secrets (every lookup is scoped to the kiosk's token).
    static func newID(_ prefix: String, now: Int64 = Timestamp.systemNow(), randomness: IDRandomness? = nil) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = randomness?.next() ?? generator.next() as UInt64
        let digits = Array("0123456789abcdef".utf8)
        var bytes = Array(prefix.utf8)
        bytes.reserveCapacity(bytes.count + 23)
        let time = UInt64(max(0, now))
        for i in 0..<11 { bytes.append(digits[Int((time >> UInt64(40 - 4 * i)) & 15)]) }
        for i in 0..<12 { bytes.append(digits[Int((random >> UInt64(60 - 4 * i)) & 15)]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `body` as if in its own IMMEDIATE write transaction: requests arriving together share
    /// one transaction and one commit (`GroupCommitWriter`), each in its own savepoint, so one
    /// request's failure undoes only its own effect; the answer always comes after the commit.
    /// With `synchronousFull` that saves an fsync per request; with NORMAL it still saves the
    /// per-request BEGIN/COMMIT, the WAL frames of pages every request touches (event row, index
    /// tails) and a thread hop — measured +15–20 % requests/s with 8 kiosks (boxoffice-bench).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(body)
    }

    /// Runs `effect` under an idempotency key: the key, the body's fingerprint and the final
    /// response are stored in the same transaction as the effect. A stored key replays its
    /// response; the same key with another fingerprint is `422 idempotency_key_reused`. A final
    /// business failure (`isFinalOutcome`) is stored with its key while its effect rolls back;
    /// any other error rolls back everything and stores nothing.
    func idempotent(kiosk: String, method: String, route: String, key: String, bodyHash: String, requestID: String,
                    effect: @escaping @Sendable (Database, Int64) throws -> APIReply) async throws -> APIReply {
        let now = self.now()
        return try await write { db in
            if let row = try Row.fetchOne(db, cachedSQL: """
                SELECT body_hash, status, content_type, location, body FROM idempotency
                WHERE kiosk_id = ? AND method = ? AND route = ? AND key = ?
                """, arguments: [kiosk, method, route, key]) {
                guard (row["body_hash"] as String) == bodyHash else {
                    throw APIProblem(status: 422, code: "idempotency_key_reused", title: "Idempotency key reused",
                                     detail: "This Idempotency-Key was already used with a different request body; use a new key for a changed request.")
                }
                var reply = APIReply(status: row["status"], body: row["body"], contentType: row["content_type"], location: row["location"])
                reply.replayed = true
                return reply
            }
            var reply: APIReply?
            do {
                try db.inSavepoint {
                    reply = try effect(db, now)
                    return .commit
                }
            } catch let problem as APIProblem where problem.isFinalOutcome {
                reply = APIReply(problem: problem, requestID: requestID)
            }
            let final = reply!
            try db.executeCached(sql: """
                INSERT INTO idempotency(kiosk_id, method, route, key, body_hash, status, content_type, location, body, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [kiosk, method, route, key, bodyHash, final.status, final.contentType, final.location, final.body, now])
            return final
        }
    }

    /// Bumps the event's availability revision once per transaction and returns it.
    static func bumpRevision(_ db: Database, eventID: String) throws -> Int64 {
        try Int64.fetchOne(db, cachedSQL: "UPDATE event SET revision = revision + 1 WHERE event_id = ? RETURNING revision", arguments: [eventID]) ?? 0
    }

    // MARK: Admin

    /// Creates an event on `layout` (stored once per distinct document). Prices as
    /// `VenueLayout.eventPrices`: `prices` maps category → amount in minor units, other
    /// categories take the venue's own price, then `defaultPrice`. `startsAt`: when the event
    /// starts, ISO 8601 with the venue's UTC offset ("2026-03-14T20:45:00+01:00"), kept as
    /// written. Returns the event id; an id already in use is an error.
    public func createEvent(id: String? = nil, name: String, layout: VenueLayout, currency: String? = nil,
                            prices: [String: Int64] = [:], defaultPrice: Int64? = 1000, maxSeatsPerOrder: Int = 8,
                            noOrphanSeats: Bool = false, holdTTLSeconds: Int = 480,
                            holdMaxTotalSeconds: Int = 900, startsAt: String? = nil) async throws -> String {
        let pricing = try layout.eventPrices(overrides: prices, defaultPrice: defaultPrice, currency: currency)
        if let startsAt, !Self.isDateTimeWithOffset(startsAt) {
            throw SetupError("--starts-at '\(startsAt)': expected an ISO 8601 date and time with the venue's UTC offset, e.g. 2026-03-14T20:45:00+01:00")
        }
        guard maxSeatsPerOrder >= 1 else { throw SetupError("--max-seats must be at least 1, got \(maxSeatsPerOrder)") }
        guard holdTTLSeconds >= 1, holdMaxTotalSeconds >= holdTTLSeconds else {
            throw SetupError("hold times: --hold-ttl (\(holdTTLSeconds) s) must be ≥ 1 and --hold-max (\(holdMaxTotalSeconds) s) at least as long")
        }
        let eventID = id ?? Self.newID("evt_")
        let now = self.now()
        try await write { db in
            if try Bool.fetchOne(db, cachedSQL: "SELECT 1 FROM event WHERE event_id = ?", arguments: [eventID]) == true {
                throw SetupError("an event '\(eventID)' already exists in this database; choose another --id")
            }
            try db.executeCached(sql: "INSERT OR IGNORE INTO layout(layout_id, document, created_at) VALUES (?, ?, ?)",
                           arguments: [layout.layoutID, layout.document, now])
            try db.executeCached(sql: """
                INSERT INTO event(event_id, name, layout_id, currency, max_seats_per_order, no_orphan_seats,
                  hold_ttl_seconds, hold_max_total_seconds, revision, created_at, starts_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
                """, arguments: [eventID, name, layout.layoutID, pricing.currency, maxSeatsPerOrder, noOrphanSeats,
                                 holdTTLSeconds, holdMaxTotalSeconds, now, startsAt])
            for category in layout.categories {
                try db.executeCached(sql: "INSERT INTO event_price(event_id, category, color, amount_minor) VALUES (?, ?, ?, ?)",
                               arguments: [eventID, category.name, category.color, pricing.amounts[category.name]])
            }
            let insert = try db.makeStatement(sql: """
                INSERT INTO seat_state(event_id, seat_guid, category, label, row_key, row_index, state, changed_rev)
                VALUES (?, ?, ?, ?, ?, ?, 'free', 0)
                """)
            for seat in layout.seats {
                try insert.execute(arguments: [eventID, seat.guid, seat.category, seat.label, seat.rowKey, seat.rowIndex])
            }
        }
        return eventID
    }

    /// Whether `text` is an RFC 3339 date-time ("2026-03-14T20:45:00+01:00", "…Z") that names a
    /// real instant.
    static func isDateTimeWithOffset(_ text: String) -> Bool {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        if f.date(from: text) != nil { return true }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text) != nil
    }

    /// Marks seats as blocked (not for sale). Unknown or non-free seats are left alone.
    public func block(eventID: String, seats: [String]) async throws {
        try await write { db in
            let rev = try Self.bumpRevision(db, eventID: eventID)
            for seat in seats {
                try db.executeCached(sql: "UPDATE seat_state SET state = 'blocked', changed_rev = ? WHERE event_id = ? AND seat_guid = ? AND state = 'free'",
                               arguments: [rev, eventID, seat])
            }
        }
    }

    // MARK: Maintenance

    /// Frees seats of expired holds (bumping the revision so availability deltas show them) and
    /// forgets idempotency records older than `retentionSeconds`. Correctness never depends on
    /// it: every query and write treats an expired hold as free.
    public func sweep(retentionSeconds: Int64 = 48 * 3600) async throws {
        let now = self.now()
        try await write { db in
            let events = try String.fetchAll(db, cachedSQL: "SELECT DISTINCT event_id FROM seat_state WHERE state = 'held' AND hold_expires_at <= ?", arguments: [now])
            for eventID in events {
                let rev = try Self.bumpRevision(db, eventID: eventID)
                try db.executeCached(sql: """
                    UPDATE seat_state SET state = 'free', hold_id = NULL, hold_expires_at = NULL, changed_rev = ?
                    WHERE event_id = ? AND state = 'held' AND hold_expires_at <= ?
                    """, arguments: [rev, eventID, now])
            }
            try db.executeCached(sql: "DELETE FROM idempotency WHERE created_at < ?", arguments: [now - retentionSeconds * 1000])
        }
    }
}
