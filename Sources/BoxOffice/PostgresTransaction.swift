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
        try run(sql, arguments).rows.map { row throws in try Self.row(row) }
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
        // Cut already (a statement before this one found out): no statement to wait for.
        guard !connection.isClosed else { throw PostgresConnectionLost(statement: sql) }
        let query = PostgresQuery(unsafeSQL: Self.numberingPlaceholders(sql), binds: binds)
        return try Self.wait(for: connection.query(query, logger: logger), on: connection, sql: sql)
    }

    /// How often a waiting statement looks whether its connection is still open, s.
    static let closedConnectionCheckSeconds = 1.0

    /// `answer`'s value, or a `PostgresConnectionLost` once `connection` has closed without
    /// answering: a statement written to a connection PostgreSQL had just cut (a server restart)
    /// is dropped without failing its future, and waiting for the future alone held a blocking
    /// thread, its request and the server's shutdown for good. Looks every
    /// `closedConnectionCheckSeconds` rather than hooking the connection's close, which would
    /// add a callback per statement to a connection that lives for months.
    static func wait<T>(for answer: EventLoopFuture<T>, on connection: PostgresConnection, sql: String) throws -> T {
        let answered = DispatchSemaphore(value: 0)
        answer.whenComplete { _ in answered.signal() }
        while answered.wait(timeout: .now() + closedConnectionCheckSeconds) == .timedOut {
            // Closed: a future the handler still had fails now; one it never saw does not.
            if connection.isClosed, answered.wait(timeout: .now() + closedConnectionCheckSeconds) == .timedOut {
                throw PostgresConnectionLost(statement: sql)
            }
        }
        return try answer.wait()
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
    /// bytea as `.blob`, booleans as 0/1. Any other type (numeric from an uncast SUM, a
    /// timestamp) is not in the schema: a `PostgresValueError` naming the column and the type,
    /// never a silent NULL.
    static func row(_ row: PostgresRow) throws(PostgresValueError) -> SQLRow {
        var columns: [String: SQLValue] = [:]
        for cell in row {
            columns[cell.columnName] = try value(cell)
        }
        return SQLRow(columns: columns)
    }

    /// The text types PostgreSQL answers with for TEXT columns, names and `SHOW`.
    static let textTypes: Set<PostgresDataType> = [.text, .varchar, .name, .bpchar]

    static func value(_ cell: PostgresCell) throws(PostgresValueError) -> SQLValue {
        guard cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int8, .int4, .int2: return .integer(try cell.decode(Int64.self))
            case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
            case .bytea: return .blob(try cell.decode(Data.self))
            case let type where textTypes.contains(type): return .text(try cell.decode(String.self))
            default:
                throw PostgresValueError(column: cell.columnName, type: "\(cell.dataType)",
                                         problem: "is not a type of the box office's schema (integer, text, bytea, boolean); CAST it in the query")
            }
        } catch let error as PostgresValueError {
            throw error
        } catch {
            throw PostgresValueError(column: cell.columnName, type: "\(cell.dataType)", problem: "could not be decoded (\(error))")
        }
    }
}

/// A PostgreSQL result cell the storage seam cannot represent: the column, its type and why.
struct PostgresValueError: Error, CustomStringConvertible {
    var column: String
    var type: String
    var problem: String
    var description: String { "PostgreSQL column '\(column)' of type \(type) \(problem)" }
}
