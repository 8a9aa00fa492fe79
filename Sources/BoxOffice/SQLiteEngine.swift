import Foundation
import GRDB

/// Embedded SQLite through GRDB in WAL mode: the default, and the demo's (nothing to install).
/// Writes go through `GroupCommitWriter` on the pool's one writer connection; reads run on the
/// pool's readers, each on a snapshot.
final class SQLiteEngine: StorageEngine {
    let pool: DatabasePool
    /// Every write goes through it: concurrent writes share one transaction and one commit.
    let writer: GroupCommitWriter
    /// The schema versions this engine applied when it opened the database (oldest first).
    let migrationsAppliedAtOpen: [String]

    /// Opens (creating and migrating) the database at `path`. `synchronousFull`: see
    /// `BoxOfficeStore.init(path:synchronousFull:now:ids:)`.
    init(path: String, synchronousFull: Bool) throws {
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
        let migrator = Self.migrator
        let before = try pool.read { db in try migrator.appliedIdentifiers(db) }
        try BoxOfficeSchema.checkKnown(before)
        try migrator.migrate(pool)
        migrationsAppliedAtOpen = try pool.read { db in try migrator.appliedMigrations(db) }.filter { !before.contains($0) }
    }

    /// The shared schema's versions, in GRDB's migrator (which records them in grdb_migrations).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in BoxOfficeSchema.migrations {
            migrator.registerMigration(migration.name) { db in try db.execute(sql: migration.sql) }
        }
        return migrator
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await writer.write { db in try body(SQLiteTransaction(db: db)) }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await pool.read { db in try body(SQLiteTransaction(db: db)) }
    }

    /// SQLite's `synchronous` levels by number (PRAGMA synchronous answers 0…3).
    static let synchronousLevels = ["off", "normal", "full", "extra"]

    /// The engine, and the `synchronous` level in force on the connection that commits (the
    /// pool's writer, read from it, not from the configuration; readers may differ), so an
    /// operator or a test sees whether an acknowledged order survives power loss.
    func health() async throws -> JSONValue {
        let level = try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
        let name = Self.synchronousLevels.indices.contains(level) ? Self.synchronousLevels[level] : "unknown"
        return ["engine": "sqlite", "synchronous": .string(name)]
    }

    func appliedMigrations() async throws -> [String] {
        try await pool.read { db in try Self.migrator.appliedMigrations(db) }
    }

    func observeCommits(_ observer: @escaping @Sendable (Duration) -> Void) {
        writer.commitObserver.withLock { $0 = observer }
    }

    func shutdown() async {}

    /// A constraint refused the write (a race the checks before it did not see).
    static func isConstraintViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
    }
}

extension BoxOfficeStore {
    /// The SQLite engine when the store is on SQLite (its pool and writer, for tests and metrics).
    var sqlite: SQLiteEngine? { engine as? SQLiteEngine }
}
