import Foundation
import GRDB

/// The storage seam over one GRDB connection inside a transaction (the writer's, in a
/// `GroupCommitWriter` batch, or a reader's). Statements are prepared once per connection and
/// reused: the hot paths run a dozen per request, and preparing them each time cost more than
/// running them.
struct SQLiteTransaction: SQLTransaction {
    let db: Database

    func rows(_ sql: String, _ arguments: [any SQLArgument]) throws -> [SQLRow] {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(Self.arguments(arguments))
        let names = statement.columnNames.map { $0.lowercased() }
        return try Row.fetchAll(statement).map { row in
            var columns: [String: SQLValue] = [:]
            columns.reserveCapacity(names.count)
            for (index, name) in names.enumerated() { columns[name] = Self.value(row[index] as DatabaseValue) }
            return SQLRow(columns: columns)
        }
    }

    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLArgument]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: Self.arguments(arguments))
        return db.changesCount
    }

    func savepoint<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try db.inSavepoint {
            result = try body()
            return .commit
        }
        guard let result else { preconditionFailure("savepoint committed without a result") }
        return result
    }

    static func arguments(_ values: [any SQLArgument]) -> StatementArguments {
        StatementArguments(values.map { value -> DatabaseValue in
            switch value.sqlValue {
            case .null: return .null
            case .integer(let n): return n.databaseValue
            case .text(let s): return s.databaseValue
            case .blob(let d): return d.databaseValue
            }
        })
    }

    static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: return .null
        case .int64(let n): return .integer(n)
        case .double(let d): return .integer(Int64(d))
        case .string(let s): return .text(s)
        case .blob(let d): return .blob(d)
        }
    }
}
