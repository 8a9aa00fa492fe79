import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// `POST /v1/kiosks/heartbeat` and `tribune-boxoffice kiosks`: what each kiosk said last and
/// when, judged OK, Warning, Error or Offline.
@Suite("Kiosk heartbeats and the fleet")
struct KioskFleetTests {
    static func beat(_ state: String, code: String? = nil, display: Bool = true, touch: Bool = true, interval: Int = 10) -> String {
        "{\"state\":\"\(state)\",\(code.map { "\"code\":\"\($0)\"," } ?? "")\"display\":\(display),\"touch\":\(touch),\"interval_seconds\":\(interval)}"
    }

    @Test(arguments: StorageEngineKind.allCases) func eachKioskIsJudgedByItsLastHeartbeat(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.start(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        func send(_ token: String, _ body: String) async throws -> Int {
            try await t.send(.POST, "/v1/kiosks/heartbeat", token: token, body: Data(body.utf8)).status
        }
        let start = clock.now()
        #expect(try await send("token-k4", Self.beat("in_service")) == 204)  // then stops
        clock.advance(seconds: 25)
        #expect(try await send("token-k1", Self.beat("in_service")) == 204)
        #expect(try await send("token-k2", Self.beat("out_of_service", code: "box_office_unreachable")) == 204)
        #expect(try await send("token-k3", Self.beat("in_service", touch: false)) == 204)
        #expect(try await send("token-k5", Self.beat("in_service", display: false)) == 204)
        clock.advance(seconds: 6)  // k4: 31 s > 3 × 10 s
        let fleet = try await t.server.store.kioskFleet()
        #expect(fleet.now == start + 31_000)
        let health = Dictionary(uniqueKeysWithValues: fleet.entries.map { ($0.kiosk, $0.health(now: fleet.now)) })
        #expect(health == ["k1": .ok, "k2": .error, "k3": .warning, "k4": .offline, "k5": .error])
        #expect(fleet.entries.first { $0.kiosk == "k4" }?.lastSeenAt == start)
        #expect(fleet.entries.first { $0.kiosk == "k2" }?.code == "box_office_unreachable")
        // Exactly at 3 intervals a kiosk is still online; one millisecond later it is not.
        let k1 = try #require(fleet.entries.first { $0.kiosk == "k1" })
        #expect(k1.health(now: k1.lastSeenAt + 30_000) == .ok)
        #expect(k1.health(now: k1.lastSeenAt + 30_001) == .offline)
        // A second beat replaces the first.
        #expect(try await send("token-k4", Self.beat("standalone", interval: 60)) == 204)
        let again = try await t.server.store.kioskFleet()
        #expect(again.entries.count == 5)
        #expect(again.entries.first { $0.kiosk == "k4" }.map { $0.health(now: again.now) } == .warning)
    }

    @Test(arguments: StorageEngineKind.allCases) func badHeartbeatsAreRefusedNamingTheField(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        func send(_ body: String) async throws -> Exchange {
            try await t.send(.POST, "/v1/kiosks/heartbeat", body: Data(body.utf8))
        }
        let cases: [(String, Int, String, String)] = [
            (Self.beat("sleeping"), 422, "validation_failed", "state"),
            (Self.beat("in_service", code: "x"), 422, "validation_failed", "code"),
            (Self.beat("in_service", interval: 0), 422, "validation_failed", "interval_seconds"),
            ("{\"state\":\"in_service\",\"display\":\"yes\",\"touch\":true,\"interval_seconds\":5}", 400, "wrong_type", "display"),
            ("{\"state\":\"in_service\",\"display\":true,\"interval_seconds\":5}", 400, "missing_field", "touch"),
            ("{\"state\":\"in_service\",\"display\":true,\"touch\":true,\"interval_seconds\":5,\"x\":1}", 400, "unknown_field", ""),
        ]
        for (body, status, code, field) in cases {
            let reply = try await send(body)
            #expect(reply.status == status && reply.code == code, "\(body): \(reply.status) \(reply.code ?? "")")
            if !field.isEmpty { #expect(reply.json?["field"]?.stringValue == field, "\(body)") }
        }
        #expect(try await t.server.store.kioskFleet().entries.isEmpty)
    }

    /// The executable on a database where two kiosks beat just now and a third an hour ago.
    @Test(arguments: StorageEngineKind.allCases) func theCommandListsTwoOKAndOneOffline(engine: StorageEngineKind) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable),
                     "build tribune-boxoffice first (swift build --build-tests)")
        let clock = TestClock()
        let hourAgo = Timestamp.systemNow() - 3_600_000
        clock.milliseconds.withLock { $0 = hourAgo }
        let t = try await TestServer.start(engine: engine, clock: clock)
        #expect(try await t.send(.POST, "/v1/kiosks/heartbeat", token: "token-k3", body: Data(Self.beat("in_service").utf8)).status == 204)
        clock.milliseconds.withLock { $0 = Timestamp.systemNow() }
        for token in ["token-k1", "token-k2"] {
            #expect(try await t.send(.POST, "/v1/kiosks/heartbeat", token: token, body: Data(Self.beat("in_service", interval: 600).utf8)).status == 204)
        }
        await t.stop(keepingDirectory: true)
        defer { try? FileManager.default.removeItem(atPath: t.directory) }

        let table = try BoxOfficeCommandTests.run(["kiosks", "--db", t.databaseURL])
        #expect(table.status == 0, "\(table.error)")
        let lines = table.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.first?.prefix(2) == ["KIOSK", "STATUS"])
        #expect(lines.dropFirst().map { Array($0.prefix(2)) } == [["k1", "OK"], ["k2", "OK"], ["k3", "Offline"]])
        #expect(lines.last?.dropFirst(2).first == Timestamp.iso(hourAgo))

        let json = try BoxOfficeCommandTests.run(["kiosks", "--db", t.databaseURL, "--json"])
        let document = try #require(JSONValue.parse(Data(json.output.utf8)))
        let kiosks = document["kiosks"]?.arrayValue ?? []
        #expect(kiosks.map { $0["kiosk"]?.stringValue ?? "" } == ["k1", "k2", "k3"])
        #expect(kiosks.map { $0["status"]?.stringValue ?? "" } == ["OK", "OK", "Offline"])
        #expect(kiosks.allSatisfy { $0["last_seen"]?.stringValue?.hasSuffix("Z") == true })

        // A database that does not exist is named, not made.
        let none = engine == .sqlite ? t.directory + "/none.sqlite" : try PostgresTestCluster.shared().url(database: "none_\(getpid())")
        let missing = try BoxOfficeCommandTests.run(["kiosks", "--db", none])
        #expect(missing.status != 0 && missing.error.contains(engine == .sqlite ? "none.sqlite" : "database \"none_\(getpid())\" does not exist"), "\(missing.error)")
    }
}
