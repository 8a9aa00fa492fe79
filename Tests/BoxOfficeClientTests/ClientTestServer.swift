import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import GRDB
import Synchronization

/// The real box office on 127.0.0.1 with a file database and an event `evt_test` on a
/// 1 block × 10 rows × 10 seats venue (rows 1–2 CAT1 at 4500, the rest CAT2 at 1000), kiosk
/// tokens `token-k1` … `token-k4`; over HTTPS when given a certificate. On either engine: a
/// SQLite file, or a fresh database on the process's PostgreSQL test server.
final class ClientTestServer: Sendable {
    let directory: String
    let engine: StorageEngineKind
    /// The `--db` URL of the server's database.
    let databaseURL: String
    let certificate: ServerCertificate?
    let server: Mutex<BoxOfficeServer?>
    let port: Mutex<Int>
    static let tokens = Dictionary(uniqueKeysWithValues: (1...4).map { ("token-k\($0)", "k\($0)") })
    var databasePath: String { directory + "/boxoffice.sqlite" }
    var baseURL: String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port.withLock { $0 })" }

    static func venue() -> Data {
        let rows: [[String: Any]] = (1...10).map { r in
            ["row_number": "\(r)", "position": ["x": 0, "y": r * 30], "seats": (1...10).map { s in
                ["seat_guid": "A-\(r)-\(s)", "seat_number": "\(s)", "position": ["x": s * 25, "y": 0],
                 "category": r <= 2 ? "CAT1" : "CAT2"] as [String: Any]
            }]
        }
        let document: [String: Any] = ["name": "Client Arena", "categories": [["name": "CAT1", "color": "#E87722"], ["name": "CAT2", "color": "#1D3557"]],
                                       "size": ["width": 400, "height": 400],
                                       "zones": [["zone_id": "A", "name": "A", "position": ["x": 50, "y": 50], "rows": rows, "areas": []]]]
        return try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    init(certificate: ServerCertificate? = nil, engine: StorageEngineKind = .sqlite) async throws {
        self.certificate = certificate
        self.engine = engine
        directory = NSTemporaryDirectory() + "boxoffice-client-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        databaseURL = try engine.newDatabaseURL(directory: directory)
        server = Mutex(nil)
        port = Mutex(0)
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: databaseURL), leaseTimeout: BoxOfficeStore.testLeaseTimeout)
        _ = try await store.createEvent(id: "evt_test", name: "Client Match", layout: try VenueLayout(document: Self.venue()), prices: ["CAT1": 4500])
        await store.close()
        try await start()
    }

    /// Starts (or restarts) the server on the same database; the port may change.
    func start() async throws {
        var configuration = BoxOfficeServer.Configuration(databasePath: databasePath, port: 0, tokens: Self.tokens)
        configuration.useTestDeadlines()
        configuration.sweepInterval = nil
        configuration.tls = try certificate?.tlsConfiguration()
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: databaseURL), leaseTimeout: BoxOfficeStore.testLeaseTimeout)
        let server = BoxOfficeServer(configuration: configuration, store: store)
        let port = try await server.start()
        self.server.withLock { $0 = server }
        self.port.withLock { $0 = port }
    }

    /// The folder (database, kiosk journals) goes with the last reference.
    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func stop() async {
        let server = self.server.withLock { s in defer { s = nil }; return s }
        await server?.stop()
        await server?.store.close()
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try DatabaseQueue(path: databasePath).read(body)
    }

    /// client_order_ref → order id for a kiosk, from the server's database.
    func orders(kiosk: String) throws -> [String: String] {
        if engine == .postgres {
            let rows = try psql("SELECT client_order_ref, order_id FROM purchase_order WHERE kiosk_id = '\(kiosk)'")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0[1]) })
        }
        return try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT client_order_ref, order_id FROM purchase_order WHERE kiosk_id = ?", arguments: [kiosk])
                .map { ($0["client_order_ref"] as String, $0["order_id"] as String) })
        }
    }

    /// Seats with more than one live ticket, and holds converted into more than one order.
    func doubleSoldAndDuplicates() throws -> (doubleSold: Int, duplicateOrders: Int) {
        let doubleSold = "SELECT COUNT(*) FROM (SELECT seat_guid FROM ticket WHERE cancelled = 0 GROUP BY event_id, seat_guid HAVING COUNT(*) > 1) AS d"
        let duplicates = "SELECT COUNT(*) FROM (SELECT hold_id FROM purchase_order GROUP BY hold_id HAVING COUNT(*) > 1) AS d"
        if engine == .postgres {
            return (Int(try psql(doubleSold)[0][0]) ?? -1, Int(try psql(duplicates)[0][0]) ?? -1)
        }
        return try read { db in (try Int.fetchOne(db, sql: doubleSold)!, try Int.fetchOne(db, sql: duplicates)!) }
    }

    /// A query on the PostgreSQL database through `psql`: rows of columns.
    func psql(_ sql: String) throws -> [[String]] {
        let name = String(databaseURL[databaseURL.index(after: databaseURL.lastIndex(of: "/") ?? databaseURL.startIndex)...])
        let text = try PostgresTestCluster.shared().psql(sql, database: name)
        return text.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A purchase client of this server (or of the proxy on `port`). `timeout`: each request's
    /// ceiling, s; generous by default, since a full parallel run on two cores made 2 s run out
    /// on plain requests (tests whose faults must time out pass a short one).
    func makeClient(token: String = "token-k1", through port: Int? = nil, timeout: Double = 60, stateDirectory: String? = nil,
                    retry: RetryPolicy = RetryPolicy(baseDelay: 0.02, maxDelay: 0.2, maxAttempts: 8, jitter: 0.5),
                    outOfServiceAfter: Double = 30, sleeper: any Sleeper = TaskSleeper(), trust: BoxOfficeTrust? = nil,
                    now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws -> PurchaseClient {
        let state = stateDirectory ?? directory + "/kiosk-" + UUID().uuidString
        var configuration = PurchaseClient.Configuration(cacheDirectory: state)
        configuration.retry = retry
        configuration.outOfServiceAfter = outOfServiceAfter
        let url = port.map { "http://127.0.0.1:\($0)" } ?? baseURL
        return PurchaseClient(connection: BoxOfficeConnection(baseURL: url, token: token, requestTimeout: timeout, trust: trust),
                              journal: try PurchaseJournal(directory: state), configuration: configuration, sleeper: sleeper, now: now)
    }
}

/// A settable clock in seconds.
final class ManualTime: Sendable {
    let seconds = Mutex<Double>(1_000_000)
    var now: @Sendable () -> Double { { [self] in seconds.withLock { $0 } } }
    func advance(_ s: Double) { seconds.withLock { $0 += s } }
}
