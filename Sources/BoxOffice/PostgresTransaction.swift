import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The storage seam over one PostgreSQL connection inside `BEGIN … COMMIT`. Each statement is
/// sent and waited for on the calling thread, which is a thread of `PostgresEngine`'s blocking
/// pool (never an event loop or a cooperative thread): the sales logic stays synchronous, as on
/// SQLite.
final class PostgresTransaction: SQLTransaction {
    let connection: PostgresConnection
    let logger: Logger
    private var savepoints = 0

    init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    func rows(_ sql: String, _ arguments: [any SQLArgument]) throws -> [SQLRow] {
        try run(sql, arguments).rows.map(Self.row)
    }

    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLArgument]) throws -> Int {
        try run(sql, arguments).metadata.rows ?? 0
    }

    func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepoints += 1
        let name = "sp\(savepoints)"
        try execute("SAVEPOINT \(name)", [])
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(name)", [])
            return result
        } catch {
            try execute("ROLLBACK TO SAVEPOINT \(name)", [])
            throw error
        }
    }

    func run(_ sql: String, _ arguments: [any SQLArgument]) throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument.sqlValue {
            case .null: binds.appendNull()
            case .integer(let n): binds.append(n)
            case .text(let s): binds.append(s)
            case .blob(let d): binds.append(ByteBuffer(bytes: d))
            }
        }
        let query = PostgresQuery(unsafeSQL: Self.numberingPlaceholders(sql), binds: binds)
        return try connection.query(query, logger: logger).wait()
    }

    /// `?` → `$1`, `$2`, … in order, leaving quoted text ('…', "…") alone.
    static func numberingPlaceholders(_ sql: String) -> String {
        var out = "", n = 0
        var quote: Character?
        out.reserveCapacity(sql.utf8.count + 8)
        for c in sql {
            if let q = quote {
                if c == q { quote = nil }
                out.append(c)
            } else if c == "'" || c == "\"" {
                quote = c
                out.append(c)
            } else if c == "?" {
                n += 1
                out += "$\(n)"
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// A row's cells as `SQLValue`s: integers of every width as `.integer`, text as `.text`,
    /// bytea as `.blob`, booleans as 0/1. Other types are not in the schema.
    static func row(_ row: PostgresRow) -> SQLRow {
        var columns: [String: SQLValue] = [:]
        for cell in row {
            columns[cell.columnName] = value(cell)
        }
        return SQLRow(columns: columns)
    }

    static func value(_ cell: PostgresCell) -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int8, .int4, .int2:
            return (try? cell.decode(Int64.self)).map(SQLValue.integer) ?? .null
        case .bool:
            return (try? cell.decode(Bool.self)).map { .integer($0 ? 1 : 0) } ?? .null
        case .bytea:
            return (try? cell.decode(Data.self)).map(SQLValue.blob) ?? .null
        default:
            return (try? cell.decode(String.self)).map(SQLValue.text) ?? .null
        }
    }
}
