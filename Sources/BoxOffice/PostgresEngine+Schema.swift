import Logging
import NIOPosix
import PostgresNIO

extension PostgresEngine {
    /// Applies the schema's migrations not yet recorded in `schema_migration`, all in one
    /// transaction under an advisory lock, so several processes starting at once apply each once.
    /// Returns the names it applied, oldest first. A database that records a version this box
    /// office does not know (made by a newer one) is refused before anything is changed.
    static func migrate(client: PostgresClient, blocking: NIOThreadPool, logger: Logger, leaseTimeout: Duration) async throws -> [String] {
        try await transaction(client: client, blocking: blocking, logger: logger, begin: "BEGIN", leaseTimeout: leaseTimeout) { tx in
            try tx.execute("SELECT pg_advisory_xact_lock(2028)", [])
            try tx.execute("CREATE TABLE IF NOT EXISTS schema_migration(name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)", [])
            let applied = Set(try tx.values("SELECT name FROM schema_migration") as [String])
            try BoxOfficeSchema.checkKnown(applied)
            var done: [String] = []
            for migration in BoxOfficeSchema.migrations where !applied.contains(migration.name) {
                for statement in BoxOfficeSchema.postgres(migration) { try tx.execute(statement, []) }
                try tx.execute("INSERT INTO schema_migration(name, applied_at) VALUES (?, ?)", [migration.name, Timestamp.systemNow()])
                done.append(migration.name)
            }
            return done
        }
    }

    /// The versions recorded, in the schema list's order (several are applied in one
    /// millisecond, so their times cannot order them).
    func appliedMigrations() async throws -> [String] {
        let applied = try await read { tx in try tx.stringSet("SELECT name FROM schema_migration") }
        return BoxOfficeSchema.migrations.map(\.name).filter(applied.contains)
    }
}
