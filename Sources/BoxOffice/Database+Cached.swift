import GRDB

/// Prepared statements reused across transactions: the hot paths run a dozen statements per
/// request, and preparing them each time cost more than running them.
extension Database {
    func executeCached(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}

extension FetchableRecord {
    static func fetchOne(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
    static func fetchAll(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    static func fetchOne(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
    static func fetchAll(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible & Hashable {
    static func fetchSet(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> Set<Self> {
        try fetchSet(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension Row {
    static func fetchOne(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
    static func fetchAll(_ db: Database, cachedSQL sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}
