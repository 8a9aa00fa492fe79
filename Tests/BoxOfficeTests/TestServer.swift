import AsyncHTTPClient
import BoxOfficeTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
@testable import BoxOffice

/// A settable clock in milliseconds since 1970 for the server under test.
final class TestClock: Sendable {
    let milliseconds = Mutex<Int64>(1_800_000_000_000)
    var now: @Sendable () -> Int64 { { [self] in milliseconds.withLock { $0 } } }
    func advance(seconds: Double) { milliseconds.withLock { $0 += Int64(seconds * 1000) } }
}

/// A generated venue: `zones` blocks of `rows` rows of `seatsPerRow` seats; rows 1–2 are CAT1,
/// the rest CAT2. Seat ids are `Z{zone}-{row}-{seat}`.
enum TestVenue {
    static func document(zones: Int = 2, rows: Int = 5, seatsPerRow: Int = 10) -> Data {
        var zoneList: [[String: Any]] = []
        for z in 1...zones {
            var rowList: [[String: Any]] = []
            for r in 1...rows {
                let seats: [[String: Any]] = (1...seatsPerRow).map { s in
                    ["seat_guid": "Z\(z)-\(r)-\(s)", "seat_number": "\(s)", "position": ["x": s * 25, "y": 0],
                     "category": r <= 2 ? "CAT1" : "CAT2"]
                }
                rowList.append(["row_number": "\(r)", "position": ["x": 0, "y": r * 30], "seats": seats])
            }
            zoneList.append(["name": "Block \(z)", "zone_id": "Z\(z)", "position": ["x": z * 400, "y": 0], "rows": rowList, "areas": []])
        }
        let document: [String: Any] = ["name": "Test Arena", "size": ["width": 2000, "height": 1000],
                                       "categories": [["name": "CAT1", "color": "#E87722"], ["name": "CAT2", "color": "#1D3557"]],
                                       "zones": zoneList]
        return try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }
}

/// One HTTP exchange as the tests see it.
struct Exchange {
    var status: Int
    var headers: [String: String]
    var body: Data
    var json: JSONValue? { JSONValue.parse(body) }
    var code: String? { json?["code"]?.stringValue }
}

/// The real server on 127.0.0.1 with a temporary database on either engine, an event and kiosk
/// tokens `token-k1` … `token-k8` for kiosks `k1` … `k8`.
struct TestServer {
    let server: BoxOfficeServer
    let port: Int
    let directory: String
    let eventID: String
    let layout: VenueLayout
    /// The `--db` URL of the server's database (`sqlite:…/boxoffice.sqlite` or `postgres://…`).
    let databaseURL: String
    var databasePath: String { directory + "/boxoffice.sqlite" }

    static let tokens: [String: String] = Dictionary(uniqueKeysWithValues: (1...8).map { ("token-k\($0)", "k\($0)") })

    static func start(engine: StorageEngineKind = .sqlite, clock: TestClock? = nil, venue: Data = TestVenue.document(), noOrphanSeats: Bool = false,
                      maxSeats: Int = 8, inFlightPause: (@Sendable (String) async -> Void)? = nil, directory: String? = nil,
                      database: String? = nil) async throws -> TestServer {
        let dir = directory ?? NSTemporaryDirectory() + "boxoffice-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let url = try database ?? engine.newDatabaseURL(directory: dir)
        var configuration = BoxOfficeServer.Configuration(databasePath: dir + "/boxoffice.sqlite", port: 0, tokens: tokens)
        configuration.useTestDeadlines()
        configuration.sweepInterval = nil
        configuration.inFlightPauseForTesting = inFlightPause
        if let clock { configuration.now = clock.now }
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: url), synchronousFull: configuration.synchronousFull,
                                             now: configuration.now, ids: configuration.ids, leaseTimeout: BoxOfficeStore.testLeaseTimeout)
        let server = BoxOfficeServer(configuration: configuration, store: store)
        let layout = try VenueLayout(document: venue)
        let existing = try await server.store.events()["events"]?.arrayValue?.first?["event_id"]?.stringValue
        let eventID: String
        if let existing {
            eventID = existing
        } else {
            eventID = try await server.store.createEvent(id: "evt_test", name: "Test Match", layout: layout, prices: ["CAT1": 4500],
                                                         maxSeatsPerOrder: maxSeats, noOrphanSeats: noOrphanSeats)
        }
        let port = try await server.start()
        return TestServer(server: server, port: port, directory: dir, eventID: eventID, layout: layout, databaseURL: url)
    }

    /// Stops the server and closes its store; then removes its folder (the database with it)
    /// unless `keepingDirectory` (a test that reads the database afterwards removes it itself).
    func stop(keepingDirectory: Bool = false) async {
        await server.stop()
        await server.store.close()
        if !keepingDirectory { try? FileManager.default.removeItem(atPath: directory) }
    }

    func send(_ method: HTTPMethod, _ path: String, token: String? = "token-k1", body: Data? = nil,
              headers: [(String, String)] = []) async throws -> Exchange {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            if !headers.contains(where: { $0.0 == "Content-Type" }) { request.headers.add(name: "Content-Type", value: "application/json") }
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        // A ceiling, not a measure: a pre-check run beside an ASan build and the fuzz build had
        // the in-process server's handlers wait past 30 s (deadlineExceeded in 10 suites).
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(180))
        let buffer = try await response.body.collect(upTo: 32 << 20)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return Exchange(status: Int(response.status.code), headers: fields, body: Data(buffer.readableBytesView))
    }

    func send(_ method: HTTPMethod, _ path: String, token: String? = "token-k1", json: String,
              key: String? = UUID().uuidString) async throws -> Exchange {
        try await send(method, path, token: token, body: Data(json.utf8), headers: key.map { [("Idempotency-Key", $0)] } ?? [])
    }

    /// Creates a hold and returns its document.
    func hold(_ seats: [String], token: String = "token-k1") async throws -> Exchange {
        let list = seats.map { "\"\($0)\"" }.joined(separator: ",")
        return try await send(.POST, "/v1/events/\(eventID)/holds", token: token, json: "{\"seats\":[\(list)]}")
    }

    func orderBody(ref: String, holdID: String, amount: Int64, currency: String = "EUR") -> String {
        "{\"client_order_ref\":\"\(ref)\",\"hold_id\":\"\(holdID)\",\"expected_total\":{\"amount_minor\":\(amount),\"currency\":\"\(currency)\"}}"
    }

    /// Every table's rows in a fixed order, hashed: equal before and after means nothing changed.
    func databaseChecksum() async throws -> String {
        let text = try await server.store.read { db in
            var text = ""
            for table in ["layout", "event", "event_price", "seat_state", "hold", "purchase_order", "ticket", "idempotency"] {
                for row in try db.rows("SELECT * FROM \(table) ORDER BY 1, 2") {
                    text += table + ":" + row.columns.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "\n"
                }
            }
            return text
        }
        return SHA256.hex(Array(text.utf8))
    }

    /// Runs a read on the server's database, whichever engine it is on.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await server.store.read(body)
    }
}
