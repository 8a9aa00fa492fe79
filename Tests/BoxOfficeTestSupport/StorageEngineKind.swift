import Foundation

/// The box office's two storage engines, as a test parameter: each storage test runs once per
/// engine (`@Test(arguments: StorageEngineKind.allCases)`).
public enum StorageEngineKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    /// A new, empty database's `--db` URL: a file in `directory`, or a fresh database on the
    /// process's PostgreSQL test server (`PostgresTestCluster.shared()`).
    public func newDatabaseURL(directory: String) throws -> String {
        switch self {
        case .sqlite: return "sqlite:" + directory + "/boxoffice.sqlite"
        case .postgres: return try PostgresTestCluster.shared().newDatabase()
        }
    }
}
