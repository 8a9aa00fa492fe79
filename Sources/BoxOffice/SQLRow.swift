/// One result row from either engine, its columns by (lowercase) name.
public struct SQLRow: Sendable {
    public var columns: [String: SQLValue]

    public init(columns: [String: SQLValue]) { self.columns = columns }

    /// The column `name` as `T`. A missing column or one of another kind is a fault of the SQL
    /// beside the read (the schemas are this module's own), not of a request, so it traps with
    /// both named — as GRDB's row subscript does.
    public subscript<T: SQLColumnValue>(_ name: String) -> T {
        let value = columns[name] ?? .null
        guard let decoded = T(sqlValue: value) else {
            preconditionFailure("column '\(name)' holds \(value), not \(T.self)")
        }
        return decoded
    }
}
