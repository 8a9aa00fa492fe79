import GRDB

extension BoxOfficeStore {
    /// SQLite's `synchronous` levels by number (PRAGMA synchronous answers 0…3).
    static let synchronousLevels = ["off", "normal", "full", "extra"]

    /// The database as `/v1/health` reports it: the engine, and the `synchronous` level in force
    /// on the connection that commits (the pool's writer, read from it, not from the
    /// configuration; readers may differ), so an operator or a test sees whether an acknowledged
    /// order survives power loss.
    func databaseHealth() async throws -> JSONValue {
        let level = try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
        let name = Self.synchronousLevels.indices.contains(level) ? Self.synchronousLevels[level] : "unknown"
        return ["engine": "sqlite", "synchronous": .string(name)]
    }
}
