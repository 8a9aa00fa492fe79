/// One of the box office's two databases behind the storage seam. `BoxOfficeStore` holds one and
/// writes its logic once against `SQLTransaction`; the engines differ only in how a transaction
/// is run, how concurrent writers are kept apart, and how the schema is kept.
///
/// - `SQLiteEngine`: one process, one writer connection; concurrent writes are batched into one
///   `BEGIN IMMEDIATE` transaction by `GroupCommitWriter`, each in its own savepoint.
/// - `PostgresEngine`: any number of processes on one server; each write is its own
///   transaction on a pooled connection, seat contention is decided by the database (conditional
///   updates, the event row locked first, the partial unique index on live tickets), and a
///   transaction that lost a race (serialization failure, deadlock, unique violation) is run
///   again from the start.
protocol StorageEngine: Sendable {
    /// Runs `body` in a write transaction and returns its result after the commit.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T
    /// Runs `body` on a consistent snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T
    /// The engine and its durability setting in force, for `/v1/health`.
    func health() async throws -> JSONValue
    /// The schema versions this engine applied when it opened the database, oldest first (empty
    /// when the database was up to date).
    var migrationsAppliedAtOpen: [String] { get }
    /// The schema versions applied, oldest first.
    func appliedMigrations() async throws -> [String]
    /// Calls `observer` with how long each commit took (`/metrics`' commit duration): one
    /// shared commit per batch on SQLite, one per transaction on PostgreSQL.
    func observeCommits(_ observer: @escaping @Sendable (Duration) -> Void)
    /// Closes connections (PostgreSQL's pool); the engine is not used afterwards.
    func shutdown() async
}
