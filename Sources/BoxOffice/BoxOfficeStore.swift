import Foundation

/// The server's storage: the sales logic, written once against the storage seam
/// (`SQLTransaction`), over one of two engines (`StorageEngine`): embedded SQLite (the default;
/// one process) or a PostgreSQL server (any number of box-office processes on one database).
/// Every write is one transaction, so a check and the write it guards can never interleave with
/// another writer's; seat state is one row per (event, seat), and a partial unique index on live
/// tickets is the second guard against selling a seat twice.
public final class BoxOfficeStore: Sendable {
    let engine: any StorageEngine
    /// Milliseconds since 1970; injected so tests can move time.
    let now: @Sendable () -> Int64
    /// The random half of new hold, order and ticket ids.
    let ids: IDRandomness

    /// Opens (creating and migrating) the SQLite database at `path`.
    /// `synchronousFull` (the default): every commit is fsynced before it returns, so an
    /// acknowledged order survives power loss (SQLite's documented guarantee for WAL with FULL);
    /// false: WAL's NORMAL, which survives a crash of the server process but may lose the last
    /// commits on power loss.
    public init(path: String, synchronousFull: Bool = true, now: @escaping @Sendable () -> Int64 = Timestamp.systemNow,
                ids: IDRandomness = IDRandomness()) throws {
        engine = try SQLiteEngine(path: path, synchronousFull: synchronousFull)
        self.now = now
        self.ids = ids
    }

    /// Opens (creating and migrating) the database `url` names: SQLite as `init(path:…)`, or a
    /// PostgreSQL server (its own durability settings apply: `synchronous_commit`, `fsync`).
    /// `leaseTimeout` is the longest a PostgreSQL transaction, the migrations at open included,
    /// waits for one of the pool's connections before it fails with `PostgresLeaseTimeout`
    /// (nil: `PostgresEngine.defaultLeaseTimeout`, 10 s: a request finds out in seconds that
    /// the database is away). SQLite has no pool and ignores it.
    public init(url: DatabaseURL, synchronousFull: Bool = true, now: @escaping @Sendable () -> Int64 = Timestamp.systemNow,
                ids: IDRandomness = IDRandomness(), leaseTimeout: Duration? = nil) async throws {
        switch url {
        case .sqlite(let path): engine = try SQLiteEngine(path: path, synchronousFull: synchronousFull)
        case .postgres(let location): engine = try await PostgresEngine(location, leaseTimeout: leaseTimeout ?? PostgresEngine.defaultLeaseTimeout)
        }
        self.now = now
        self.ids = ids
    }

    /// The schema versions applied to the database, oldest first.
    public func appliedMigrations() async throws -> [String] { try await engine.appliedMigrations() }

    /// Closes the engine's connections (PostgreSQL's pool); call once, when done.
    public func close() async { await engine.shutdown() }

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
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await engine.write(body)
    }

    /// Runs `body` on a consistent snapshot (a reader on SQLite, a read-only transaction on PostgreSQL).
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await engine.read(body)
    }

    /// Runs `effect` under an idempotency key: the key, the body's fingerprint and the final
    /// response are stored in the same transaction as the effect. A stored key replays its
    /// response; the same key with another fingerprint is `422 idempotency_key_reused`. A final
    /// business failure (`isFinalOutcome`) is stored with its key while its effect rolls back;
    /// any other error rolls back everything and stores nothing.
    func idempotent(kiosk: String, method: String, route: String, key: String, bodyHash: String, requestID: String,
                    effect: @escaping @Sendable (any SQLTransaction, Int64) throws -> APIReply) async throws -> APIReply {
        let now = self.now()
        return try await write { db in
            if let row = try db.row("""
                SELECT body_hash, status, content_type, location, body FROM idempotency
                WHERE kiosk_id = ? AND method = ? AND route = ? AND key = ?
                """, [kiosk, method, route, key]) {
                guard (row["body_hash"] as String) == bodyHash else {
                    throw APIProblem(status: 422, code: "idempotency_key_reused", title: "Idempotency key reused",
                                     detail: "This Idempotency-Key was already used with a different request body; use a new key for a changed request.")
                }
                var reply = APIReply(status: row["status"], body: row["body"], contentType: row["content_type"], location: row["location"])
                reply.replayed = true
                return reply
            }
            let final: APIReply
            do {
                final = try db.savepoint { try effect(db, now) }
            } catch let problem as APIProblem where problem.isFinalOutcome {
                final = APIReply(problem: problem, requestID: requestID)
            }
            try db.execute("""
                INSERT INTO idempotency(kiosk_id, method, route, key, body_hash, status, content_type, location, body, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [kiosk, method, route, key, bodyHash, final.status, final.contentType, final.location, final.body, now])
            return final
        }
    }

    /// Bumps the event's availability revision once per transaction and returns it.
    static func bumpRevision(_ db: any SQLTransaction, eventID: String) throws -> Int64 {
        try db.value("UPDATE event SET revision = revision + 1 WHERE event_id = ? RETURNING revision", [eventID]) ?? 0
    }

    // MARK: Admin

    /// An event's hold lifetime and its ceiling with extensions unless given, s.
    public static let defaultHoldSeconds = (ttl: 480, max: 900)

    /// Creates an event on `layout` (stored once per distinct document). Prices as
    /// `VenueLayout.eventPrices`: `prices` maps category → amount in minor units, other
    /// categories take the venue's own price, then `defaultPrice`. `startsAt`: when the event
    /// starts, ISO 8601 with the venue's UTC offset ("2026-03-14T20:45:00+01:00"), kept as
    /// written. Returns the event id; an id already in use is an error.
    public func createEvent(id: String? = nil, name: String, layout: VenueLayout, currency: String? = nil,
                            prices: [String: Int64] = [:], defaultPrice: Int64? = 1000, maxSeatsPerOrder: Int = 8,
                            noOrphanSeats: Bool = false, holdTTLSeconds: Int = defaultHoldSeconds.ttl,
                            holdMaxTotalSeconds: Int = defaultHoldSeconds.max, startsAt: String? = nil) async throws -> String {
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
            if try db.exists("SELECT 1 FROM event WHERE event_id = ?", [eventID]) {
                throw SetupError("an event '\(eventID)' already exists in this database; choose another --id")
            }
            try db.execute("INSERT INTO layout(layout_id, document, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           [layout.layoutID, layout.document, now])
            try db.execute("""
                INSERT INTO event(event_id, name, layout_id, currency, max_seats_per_order, no_orphan_seats,
                  hold_ttl_seconds, hold_max_total_seconds, revision, created_at, starts_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
                """, [eventID, name, layout.layoutID, pricing.currency, maxSeatsPerOrder, noOrphanSeats,
                                 holdTTLSeconds, holdMaxTotalSeconds, now, startsAt])
            for category in layout.categories {
                try db.execute("INSERT INTO event_price(event_id, category, color, amount_minor) VALUES (?, ?, ?, ?)",
                               [eventID, category.name, category.color, pricing.amounts[category.name]])
            }
            // 500 seats a statement: a 40,000-seat venue in 80 round trips to PostgreSQL, not 40,000.
            var start = 0
            while start < layout.seats.count {
                let chunk = layout.seats[start..<min(start + 500, layout.seats.count)]
                var arguments: [any SQLArgument] = []
                arguments.reserveCapacity(chunk.count * 6)
                for seat in chunk { arguments += [eventID, seat.guid, seat.category, seat.label, seat.rowKey, seat.rowIndex] as [any SQLArgument] }
                try db.execute("""
                    INSERT INTO seat_state(event_id, seat_guid, category, label, row_key, row_index, state, changed_rev) VALUES
                    \(Array(repeating: "(?, ?, ?, ?, ?, ?, 'free', 0)", count: chunk.count).joined(separator: ", "))
                    """, arguments)
                start += chunk.count
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
                try db.execute("UPDATE seat_state SET state = 'blocked', changed_rev = ? WHERE event_id = ? AND seat_guid = ? AND state = 'free'",
                               [rev, eventID, seat])
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
            let events: [String] = try db.values("SELECT DISTINCT event_id FROM seat_state WHERE state = 'held' AND hold_expires_at <= ?", [now])
            for eventID in events {
                let rev = try Self.bumpRevision(db, eventID: eventID)
                try Self.auditExpiry(db, eventID: eventID, seats: nil, now: now)
                try db.execute("""
                    UPDATE seat_state SET state = 'free', hold_id = NULL, hold_expires_at = NULL, changed_rev = ?
                    WHERE event_id = ? AND state = 'held' AND hold_expires_at <= ?
                    """, [rev, eventID, now])
            }
            try db.execute("DELETE FROM idempotency WHERE created_at < ?", [now - retentionSeconds * 1000])
        }
    }
}
