import AsyncHTTPClient
import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import BoxOffice

/// The request rules found by probing the server from outside: the `Bearer` scheme in any case,
/// tokens replaced while serving, 405 with `Allow`, control characters in ids, duplicate names.
@Suite struct RequestRulesTests {
    @Test(arguments: StorageEngineKind.allCases) func bearerSchemeIsCaseInsensitive(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        for header in ["Bearer token-k1", "bearer token-k1", "BEARER token-k1", "bEaReR   token-k1"] {
            let reply = try await t.send(.GET, "/v1/events", token: nil, headers: [("Authorization", header)])
            #expect(reply.status == 200, "\(header)")
        }
        for header in ["Bearer", "Bearer ", "Basic token-k1", "Bearertoken-k1", "Bearer TOKEN-K1", "Bearer token-k1x"] {
            let reply = try await t.send(.GET, "/v1/events", token: nil, headers: [("Authorization", header)])
            #expect(reply.status == 401, "\(header)")
        }
    }

    @Test(arguments: StorageEngineKind.allCases) func revokedTokenIsRefusedAtOnce(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        #expect(try await t.send(.GET, "/v1/events", token: "token-k2").status == 200)
        var kept = TestServer.tokens
        kept["token-k2"] = nil
        kept["token-new"] = "k9"
        t.server.reloadTokens(kept)
        #expect(try await t.send(.GET, "/v1/events", token: "token-k2").status == 401)
        #expect(try await t.send(.GET, "/v1/events", token: "token-k1").status == 200)
        let fresh = try await t.hold(["Z1-2-2"], token: "token-new")
        #expect(fresh.status == 201)
        // The hold belongs to the kiosk the new token names.
        let holdID = try #require(fresh.json?["hold_id"]?.stringValue)
        #expect(try await t.read { db in try db.value("SELECT kiosk_id FROM hold WHERE hold_id = ?", [holdID]) as String? } == "k9")
    }

    @Test func tokenTableFindsExactlyTheListedTokens() {
        let table = TokenTable(["alpha": "k1", "beta": "k2", "": "k0"])
        #expect(table.kiosk(presenting: "alpha") == "k1")
        #expect(table.kiosk(presenting: "beta") == "k2")
        #expect(table.kiosk(presenting: "alph") == nil)
        #expect(table.kiosk(presenting: "alphab") == nil)
        #expect(table.kiosk(presenting: "Alpha") == nil)
        #expect(TokenTable.bearerToken(in: "Bearer ") == nil)
        #expect(TokenTable.bearerToken(in: "bearer  x y") == "x y")
    }

    @Test(arguments: StorageEngineKind.allCases) func wrongMethodAnswers405WithAllow(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let holdID = try #require(try await t.hold(["Z1-3-3"]).json?["hold_id"]?.stringValue)
        // Methods per template, read from the route table's OpenAPI twin: docs/openapi.json.
        let expected: [(HTTPMethod, String, String)] = [
            (.PATCH, "/v1/holds/\(holdID)", "DELETE, GET"),
            (.POST, "/v1/events/evt_test", "GET"),
            (.DELETE, "/v1/orders", "GET, POST"),
            (.GET, "/v1/holds/\(holdID)/extend", "POST"),
            (.POST, "/v1/holds/\(holdID)/seats/Z1-1-1", "DELETE, PUT"),
        ]
        for (method, path, allow) in expected {
            let reply = try await t.send(method, path, body: method == .GET || method == .DELETE ? nil : Data("{}".utf8))
            #expect(reply.status == 405, "\(method) \(path)")
            #expect(reply.headers["allow"] == allow, "\(method) \(path)")
            #expect(reply.code == "method_not_allowed")
        }
        #expect(try await t.send(.GET, "/v1/nothing/here").status == 404)
    }

    @Test(arguments: StorageEngineKind.allCases) func aNulInAnIdNoLongerAnswersForThePrefix(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        #expect(try await t.send(.GET, "/v1/events/evt_test").status == 200)
        let reply = try await t.send(.GET, "/v1/events/evt_test%00junk")
        #expect(reply.status == 400)
        #expect(reply.json?["field"]?.stringValue == "event_id")
        #expect(reply.json?["detail"]?.stringValue?.contains("U+0000") == true)
    }

    @Test func malformedHTTPGetsAProblemDocument() async throws {
        let t = try await TestServer.start()
        defer { Task { await t.stop() } }
        let fd = try LoopbackPort.connect(port: t.port)
        defer { close(fd) }
        _ = "GET /v1/health HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var timeout = timeval(tv_sec: 60, tv_usec: 0)  // a safety net: the server answers and closes
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            reply += buffer[0..<n]
        }
        let text = String(decoding: reply, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
        #expect(text.lowercased().contains("content-type: application/problem+json"))
        let body = try #require(text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) })
        #expect(JSONValue.parse(Data(body.utf8))?["code"] == "malformed_http")
    }

    @Test(arguments: StorageEngineKind.allCases) func malformedJSONSaysWhere(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let reply = try await t.send(.POST, "/v1/events/evt_test/holds", json: "{\n \"seats\": [\"Z1-1-1\"],\n \"seats\": []\n}")
        #expect(reply.code == "malformed_json")
        #expect(reply.json?["line"] == 3)
        #expect(reply.json?["detail"]?.stringValue?.contains("'seats' appears twice") == true)
    }
}
