/// The storage seam: one transaction on either engine, as the sales logic sees it. The logic
/// (holds, orders, expiry, idempotency, client_order_ref) is written once against it in portable
/// SQL: `?` placeholders (PostgreSQL's side numbers them), `ON CONFLICT`, `RETURNING`, partial
/// unique indexes, and `CAST(… AS BIGINT)` where a sum must stay an integer.
///
/// Synchronous on purpose: SQLite's transactions are synchronous closures on GRDB's writer
/// (kept so `GroupCommitWriter` batches them), and PostgreSQL's run on a thread of a blocking
/// pool that waits for each statement (`PostgresEngine`), so no `await` sits inside the logic.
public protocol SQLTransaction {
    /// Runs a query and returns every row.
    func rows(_ sql: String, _ arguments: [any SQLArgument]) throws -> [SQLRow]
    /// Runs a statement and returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLArgument]) throws -> Int
    /// Runs `body` in a savepoint: an error rolls back what it did, and only that.
    func savepoint<T>(_ body: () throws -> T) throws -> T
}

extension SQLTransaction {
    func rows(_ sql: String) throws -> [SQLRow] { try rows(sql, []) }

    /// The first row, nil when none.
    func row(_ sql: String, _ arguments: [any SQLArgument] = []) throws -> SQLRow? {
        try rows(sql, arguments).first
    }

    /// A one-column query's first value, nil when there is no row or it holds NULL.
    func value<T: SQLColumnValue>(_ sql: String, _ arguments: [any SQLArgument] = []) throws -> T? {
        guard let first = try rows(sql, arguments).first, let value = first.columns.values.first else { return nil }
        return T?(sqlValue: value) ?? nil
    }

    /// A one-column query's values, row by row.
    func values<T: SQLColumnValue>(_ sql: String, _ arguments: [any SQLArgument] = []) throws -> [T] {
        try rows(sql, arguments).compactMap { row in row.columns.values.first.flatMap { T(sqlValue: $0) } }
    }

    /// A one-column query's text values as a set.
    func stringSet(_ sql: String, _ arguments: [any SQLArgument] = []) throws -> Set<String> {
        Set(try values(sql, arguments) as [String])
    }

    /// Whether the query returns a row.
    func exists(_ sql: String, _ arguments: [any SQLArgument] = []) throws -> Bool {
        try !rows(sql, arguments).isEmpty
    }
}
