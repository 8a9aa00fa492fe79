import Foundation

/// One value crossing the storage seam (`SQLTransaction`), in either direction: the four kinds
/// both engines store the box office's columns as (SQLite's INTEGER, TEXT, BLOB and NULL;
/// PostgreSQL's BIGINT, TEXT, BYTEA and NULL).
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob(Data)
}

/// A Swift value that can be bound to a `?` placeholder.
public protocol SQLArgument: Sendable {
    var sqlValue: SQLValue { get }
}

/// A Swift value a column can be read as; nil when the stored value is of another kind.
public protocol SQLColumnValue {
    init?(sqlValue: SQLValue)
}

extension String: SQLArgument, SQLColumnValue {
    public var sqlValue: SQLValue { .text(self) }
    public init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self = text
    }
}

extension Int64: SQLArgument, SQLColumnValue {
    public var sqlValue: SQLValue { .integer(self) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let n) = sqlValue else { return nil }
        self = n
    }
}

extension Int: SQLArgument, SQLColumnValue {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let n) = sqlValue else { return nil }
        self = Int(n)
    }
}

/// Stored as 0 or 1 (both engines' schemas keep flags as integers).
extension Bool: SQLArgument, SQLColumnValue {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    public init?(sqlValue: SQLValue) {
        guard case .integer(let n) = sqlValue else { return nil }
        self = n != 0
    }
}

extension Data: SQLArgument, SQLColumnValue {
    public var sqlValue: SQLValue { .blob(self) }
    public init?(sqlValue: SQLValue) {
        guard case .blob(let data) = sqlValue else { return nil }
        self = data
    }
}

extension Optional: SQLArgument where Wrapped: SQLArgument {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Optional: SQLColumnValue where Wrapped: SQLColumnValue {
    public init?(sqlValue: SQLValue) {
        if case .null = sqlValue { self = .none; return }
        guard let value = Wrapped(sqlValue: sqlValue) else { return nil }
        self = .some(value)
    }
}
