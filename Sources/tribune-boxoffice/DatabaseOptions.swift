import ArgumentParser
import BoxOffice
import Foundation

/// `--db` and `--db-pool`, for every command that names the database.
struct DatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        The database: a SQLite file (sqlite:/path, or a plain path) or a PostgreSQL server, \
        postgres://user[:password]@host[:port]/database (host may be a socket folder, %2Frun%2Fpostgresql), \
        with settings after a ?, joined by &: pool=N, sslmode=disable|require|verify-full, sslrootcert=ca.pem.
        """, valueName: "url"))
    var db: String
    @Option(name: .customLong("db-pool"), help: ArgumentHelp("PostgreSQL: most connections this process opens (default \(DatabaseURL.PostgresLocation.defaultPoolSize); overrides ?pool=).", valueName: "n"))
    var dbPool: Int?

    /// The parsed `--db`, with `--db-pool` applied; errors name the part of the URL at fault.
    func url() throws -> DatabaseURL {
        var url = try DatabaseURL(parsing: db)
        if let dbPool {
            let sizes = DatabaseURL.PostgresLocation.poolSizes
            guard sizes.contains(dbPool) else {
                throw ValidationError("--db-pool \(dbPool): expected \(sizes.lowerBound)–\(sizes.upperBound) connections")
            }
            guard case .postgres(var location) = url else { throw ValidationError("--db-pool is for a postgres:// database; SQLite has one writer") }
            location.poolSize = dbPool
            url = .postgres(location)
        }
        return url
    }

    /// Opens (creating and migrating) the database.
    func open(synchronousFull: Bool = true) async throws -> BoxOfficeStore {
        try await BoxOfficeStore(url: url(), synchronousFull: synchronousFull)
    }

    /// Opens a database that must exist already: a SQLite file that is missing is an error
    /// rather than a new, empty database (a PostgreSQL database always exists once named).
    func openExisting() async throws -> BoxOfficeStore {
        let url = try url()
        if case .sqlite(let path) = url, !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("\(path): no such database")
        }
        return try await BoxOfficeStore(url: url)
    }
}

extension BoxOfficeStore {
    /// Runs `body` on the store, then closes it (PostgreSQL's pool) whether or not `body` threw.
    func using<T>(_ body: (BoxOfficeStore) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }
}
