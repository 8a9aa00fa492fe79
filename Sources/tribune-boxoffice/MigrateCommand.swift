import ArgumentParser
import BoxOffice

/// `tribune-boxoffice migrate`: brings a database to this box office's schema and says what it did.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or update the database's schema; prints the versions applied now and the versions in force.",
        discussion: """
            Safe to run again (nothing more is applied) and while other box-office processes serve the same PostgreSQL \
            database (an advisory lock lets one process apply each version). `serve` and `event create` migrate too; this \
            command does it on its own, e.g. before starting several instances.
            """)

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let (applied, inForce) = try await database.open().using { store in
            (store.migrationsAppliedAtOpen, try await store.appliedMigrations())
        }
        print("applied: \(applied.isEmpty ? "none (up to date)" : applied.joined(separator: " "))")
        print("schema: \(inForce.joined(separator: " "))")
    }
}
