import AsyncHTTPClient
import BoxOfficeTestSupport
import Foundation
import GRDB
import NIOCore
import NIOHTTP1
import Spawn
import Testing
@testable import BoxOffice

/// `tribune-boxoffice migrate --db …` and `--db` URLs through the executable, on both engines: from
/// an empty database, from SQLite files an earlier box office made at each schema version, and a
/// purchase served from PostgreSQL end to end.
@Suite("tribune-boxoffice migrate and --db")
struct MigrateCommandTests {
    /// The tables of schema versions v1–v3, written out (later versions may add more).
    static let tablesOfV3: Set<String> = ["layout", "event", "event_price", "seat_state", "hold", "purchase_order", "ticket",
                                          "idempotency", "kiosk_heartbeat"]
    static var allVersions: [String] { BoxOfficeSchema.migrations.map(\.name) }

    @Test(arguments: StorageEngineKind.allCases) func migrateFromAnEmptyDatabaseThenAgain(engine: StorageEngineKind) throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first")
        let directory = NSTemporaryDirectory() + "boxoffice-migrate-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = try engine.newDatabaseURL(directory: directory)

        let first = try BoxOfficeCommandTests.run(["migrate", "--db", url])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output == "applied: \(Self.allVersions.joined(separator: " "))\nschema: \(Self.allVersions.joined(separator: " "))\n")
        let again = try BoxOfficeCommandTests.run(["migrate", "--db", url])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == "applied: none (up to date)\nschema: \(Self.allVersions.joined(separator: " "))\n")

        // The tables, as each database lists them itself.
        let tables: Set<String>
        switch engine {
        case .sqlite:
            let path = String(url.dropFirst("sqlite:".count))
            tables = try DatabaseQueue(path: path).read { db in
                Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            }
        case .postgres:
            let name = String(url[url.index(after: try #require(url.lastIndex(of: "/")))...])
            let listed = try PostgresTestCluster.shared().psql("SELECT tablename FROM pg_tables WHERE schemaname = 'public'", database: name)
            tables = Set(listed.split(separator: "\n").map(String.init))
            let recorded = try PostgresTestCluster.shared().psql("SELECT count(*) FROM schema_migration", database: name)
            #expect(recorded == "\(Self.allVersions.count)\n")
        }
        #expect(Self.tablesOfV3.isSubset(of: tables), "\(tables.sorted())")
    }

    /// A file made by an earlier box office at v1, v2 or v3 (its schema: the list's first steps,
    /// recorded in GRDB's `grdb_migrations` as that box office did) with an event, a sold seat,
    /// a live hold, an order, its ticket, an idempotency record (and, from v3, a heartbeat):
    /// `migrate` applies exactly the later versions and every row is still there.
    @Test(arguments: [1, 2, 3]) func migrateASQLiteFileMadeAtAnEarlierVersion(version: Int) throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first")
        let directory = NSTemporaryDirectory() + "boxoffice-migrate-v\(version)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/old.sqlite"
        try Self.makeOldDatabase(path: path, version: version)

        let result = try BoxOfficeCommandTests.run(["migrate", "--db", "sqlite:" + path])
        #expect(result.status == 0, "\(result.error)")
        let later = Array(Self.allVersions.dropFirst(version))
        #expect(result.output == "applied: \(later.joined(separator: " "))\nschema: \(Self.allVersions.joined(separator: " "))\n")

        try DatabaseQueue(path: path).read { db in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == Self.allVersions.sorted())
            #expect(try String.fetchAll(db, sql: "SELECT code FROM purchase_order") == ["OLD123"])
            #expect(try String.fetchAll(db, sql: "SELECT seat_guid FROM ticket WHERE order_id = 'ord_old' AND cancelled = 0") == ["A-1"])
            #expect(try String.fetchAll(db, sql: "SELECT state FROM seat_state ORDER BY seat_guid") == ["sold", "held", "free"])
            #expect(try String.fetchAll(db, sql: "SELECT status FROM hold ORDER BY hold_id") == ["active", "converted"])
            #expect(try Int.fetchOne(db, sql: "SELECT status FROM idempotency WHERE key = 'key-old'") == 201)
            let startsAt = try String?.fetchOne(db, sql: "SELECT starts_at FROM event WHERE event_id = 'evt_old'") ?? nil
            #expect(startsAt == (version >= 2 ? "2026-03-14T20:45:00+01:00" : nil))
            #expect(try String.fetchAll(db, sql: "SELECT kiosk_id FROM kiosk_heartbeat") == (version >= 3 ? ["k1"] : []))
        }
        // The box office reads it as its own: one seat of each state, the order's revenue.
        let listed = try BoxOfficeCommandTests.run(["event", "list", "--db", path])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output == "evt_old  \"Old Match\"  3 seats: 1 free, 1 held, 1 sold, 0 blocked; 1 order, revenue 4500 EUR (minor units)\n")
        let again = try BoxOfficeCommandTests.run(["migrate", "--db", path])
        #expect(again.output.hasPrefix("applied: none (up to date)\n"), "\(again.output)")
    }

    /// The earlier box office's database at `version` (1…3) with its rows.
    static func makeOldDatabase(path: String, version: Int) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in BoxOfficeSchema.migrations.prefix(version) {
                try db.execute(sql: migration.sql)
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.name])
            }
            try db.execute(sql: """
                INSERT INTO layout VALUES ('lay_old', X'7B7D', 1000);
                INSERT INTO event(event_id, name, layout_id, currency, max_seats_per_order, no_orphan_seats, hold_ttl_seconds,
                                  hold_max_total_seconds, revision, created_at)
                  VALUES ('evt_old', 'Old Match', 'lay_old', 'EUR', 8, 0, 480, 900, 3, 1000);
                INSERT INTO event_price VALUES ('evt_old', 'CAT1', '#E87722', 4500);
                INSERT INTO seat_state VALUES
                  ('evt_old', 'A-1', 'CAT1', 'Row 1 · Seat 1', 'A/1', 1, 'sold', NULL, 'ord_old', NULL, 2),
                  ('evt_old', 'A-2', 'CAT1', 'Row 1 · Seat 2', 'A/1', 2, 'held', 'hld_live', NULL, 99999999999999, 3),
                  ('evt_old', 'A-3', 'CAT1', 'Row 1 · Seat 3', 'A/1', 3, 'free', NULL, NULL, NULL, 0);
                INSERT INTO hold VALUES ('hld_live', 'evt_old', 'k1', 'active', 1000, 99999999999999),
                                        ('hld_sold', 'evt_old', 'k1', 'converted', 1000, 2000);
                INSERT INTO purchase_order VALUES ('ord_old', 'OLD123', 'evt_old', 'k1', 'ref-old', 'hld_sold', 4500, 'EUR', 1500);
                INSERT INTO ticket VALUES ('tkt_old', 'ord_old', 'evt_old', 'A-1', 'CAT1', 'Row 1 · Seat 1', 4500, 0);
                INSERT INTO idempotency VALUES ('k1', 'POST', '/v1/orders', 'key-old', 'hash', 201, 'application/json', NULL, X'7B7D', 1500)
                """)
            if version >= 2 { try db.execute(sql: "UPDATE event SET starts_at = '2026-03-14T20:45:00+01:00'") }
            if version >= 3 { try db.execute(sql: "INSERT INTO kiosk_heartbeat VALUES ('k1', 'in_service', NULL, 1, 1, 30, 1600)") }
        }
    }

    /// `event create` and `serve` on a PostgreSQL database: a hold and an order over HTTP, the
    /// health naming the engine, and `event list` afterwards from the same server.
    @Test func servePostgresSellsEndToEnd() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first")
        let (directory, venuePath) = try TribuneVenueFixture.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = try PostgresTestCluster.shared().newDatabase() + "?pool=4"
        let (server, port, _, _) = try await BoxOfficeCommandTests.createCupFinalAndServe(db: url, directory: directory, venuePath: venuePath,
                                                                                          serveArguments: ["--db-pool", "3"])
        defer { server.signal(SIGKILL) }

        func send(_ method: HTTPMethod, _ path: String, body: String? = nil) async throws -> (Int, JSONValue?) {
            let (status, json, _) = try await BoxOfficeCommandTests.send(method, port: port, path, body: body)
            return (status, json)
        }
        let (_, health) = try await send(.GET, "/v1/health")
        #expect(health?["database"] == ["engine": "postgresql", "synchronous": "on"])
        // A wheelchair place and a CAT2 seat: 1900 (the venue's) + 3100 (--price).
        let (holdStatus, hold) = try await send(.POST, "/v1/events/evt_cup/holds", body: "{\"seats\":[\"S-1-1\",\"S-2-1\"]}")
        #expect(holdStatus == 201)
        #expect(hold?["total"] == ["amount_minor": 5000, "currency": "CHF"])
        let holdID = try #require(hold?["hold_id"]?.stringValue)
        let (orderStatus, order) = try await send(.POST, "/v1/orders", body: """
            {"client_order_ref":"ref-1","hold_id":"\(holdID)","expected_total":{"amount_minor":5000,"currency":"CHF"}}
            """)
        #expect(orderStatus == 201)
        #expect(order?["lines"]?.arrayValue?.map { $0["label"]?.stringValue } == ["Block South · Row 1 · Seat 1", "Block South · Row 2 · Seat 1"])

        server.signal(SIGTERM)
        #expect(server.wait() == .exited(0))
        let listed = try BoxOfficeCommandTests.run(["event", "list", "--db", url])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output == "evt_cup  \"Cup Final\"  12 seats: 10 free, 0 held, 2 sold, 0 blocked; 1 order, revenue 5000 CHF (minor units)\n")
    }

    /// A bad `--db` stops every command before anything is opened, naming the part at fault.
    @Test(arguments: [
        (["migrate", "--db", "postgres://127.0.0.1:5432/boxoffice"], "the user is missing"),
        (["migrate", "--db", "postgres://tribune@127.0.0.1:99999/boxoffice"], "the port '99999' is not a port number"),
        (["migrate", "--db", "mysql://tribune@127.0.0.1/boxoffice"], "the scheme 'mysql' is not one of sqlite, postgres, postgresql"),
        (["migrate", "--db", "postgres://tribune:hunter2@127.0.0.1/boxoffice?pool=0"], "--db 'postgres://tribune:***@127.0.0.1/boxoffice?pool=0': the query parameter pool '0' is not a pool size"),
        (["event", "list", "--db", "postgres://tribune@127.0.0.1/"], "the database '' is not a database name"),
        (["kiosks", "--db", "sqlite:"], "the path is empty"),
        (["migrate", "--db", "postgres://tribune@127.0.0.1/b?sslmode=allow"], "the query parameter sslmode 'allow' is not one of disable, require, verify-full"),
        (["migrate", "--db", "sqlite:/tmp/x.sqlite", "--db-pool", "4"], "--db-pool is for a postgres:// database"),
        (["event", "create", "--db", "postgres://tribune@127.0.0.1/b?timeout=3", "--venue", "/nonexistent", "--name", "X"],
         "the query parameter 'timeout' is not supported"),
    ])
    func badDatabaseURLIsNamed(arguments: [String], expected: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first")
        let result = try BoxOfficeCommandTests.run(arguments)
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(expected), "\(result.error)")
        #expect(!result.error.contains("hunter2"))
    }
}
