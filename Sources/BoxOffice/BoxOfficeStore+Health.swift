extension BoxOfficeStore {
    /// The database as `/v1/health` reports it: the engine and the durability in force where
    /// commits happen (SQLite: the writer's `synchronous`; PostgreSQL: `synchronous_commit`, or
    /// "off" when the server runs without fsync), so an operator or a test sees whether an
    /// acknowledged order survives power loss.
    func databaseHealth() async throws -> JSONValue {
        try await engine.health()
    }
}
