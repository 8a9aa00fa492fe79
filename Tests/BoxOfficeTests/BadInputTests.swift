import AsyncHTTPClient
import NIOHTTP1
import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

@Suite("Bad input is refused and changes nothing")
struct BadInputTests {
    struct Case: CustomStringConvertible {
        var name: String
        var method: HTTPMethod
        var path: String
        var token: String? = "token-k1"
        var body: Data?
        var key: String? = "bad-key"
        var contentType = "application/json"
        var status: Int
        var code: String
        var description: String { name }
    }

    @Test(arguments: StorageEngineKind.allCases) func badInputLeavesTheDatabaseAlone(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let held = try await t.hold(["Z1-5-5"])
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        let holds = "/v1/events/evt_test/holds"
        func b(_ s: String) -> Data { Data(s.utf8) }
        let cases: [Case] = [
            Case(name: "malformed JSON", method: .POST, path: holds, body: b("{\"seats\": [\"Z1-1-1\""), status: 400, code: "malformed_json"),
            Case(name: "not an object", method: .POST, path: holds, body: b("[1,2]"), status: 400, code: "wrong_type"),
            Case(name: "seats wrong type", method: .POST, path: holds, body: b("{\"seats\":\"Z1-1-1\"}"), status: 400, code: "wrong_type"),
            Case(name: "seat id wrong type", method: .POST, path: holds, body: b("{\"seats\":[7]}"), status: 400, code: "wrong_type"),
            Case(name: "unknown field", method: .POST, path: holds, body: b("{\"seats\":[\"Z1-1-1\"],\"price\":0}"), status: 400, code: "unknown_field"),
            Case(name: "missing field", method: .POST, path: holds, body: b("{}"), status: 400, code: "missing_field"),
            Case(name: "empty seat list", method: .POST, path: holds, body: b("{\"seats\":[]}"), status: 422, code: "validation_failed"),
            Case(name: "seat twice", method: .POST, path: holds, body: b("{\"seats\":[\"Z1-1-1\",\"Z1-1-1\"]}"), status: 422, code: "validation_failed"),
            Case(name: "unknown seats", method: .POST, path: holds, body: b("{\"seats\":[\"Z1-1-1\",\"NOPE-1\",\"NOPE-2\"]}"), status: 422, code: "unknown_seats"),
            Case(name: "unknown event", method: .POST, path: "/v1/events/evt_nope/holds", body: b("{\"seats\":[\"Z1-1-1\"]}"), status: 404, code: "event_not_found"),
            Case(name: "oversized body", method: .POST, path: holds,
                 body: b("{\"seats\":[\"" + String(repeating: "x", count: 1 << 20) + "\"]}"), status: 413, code: "body_too_large"),
            Case(name: "not JSON media type", method: .POST, path: holds, body: b("seats=Z1-1-1"), contentType: "application/x-www-form-urlencoded",
                 status: 415, code: "unsupported_media_type"),
            Case(name: "no idempotency key", method: .POST, path: holds, body: b("{\"seats\":[\"Z1-1-1\"]}"), key: nil, status: 400, code: "idempotency_key_missing"),
            Case(name: "no token", method: .POST, path: holds, token: nil, body: b("{\"seats\":[\"Z1-1-1\"]}"), status: 401, code: "unauthorized"),
            Case(name: "wrong token", method: .POST, path: holds, token: "token-zz", body: b("{\"seats\":[\"Z1-1-1\"]}"), status: 401, code: "unauthorized"),
            Case(name: "negative extension", method: .POST, path: "/v1/holds/\(holdID)/extend", body: b("{\"seconds\":-5}"), status: 422, code: "validation_failed"),
            Case(name: "extension as string", method: .POST, path: "/v1/holds/\(holdID)/extend", body: b("{\"seconds\":\"60\"}"), status: 400, code: "wrong_type"),
            Case(name: "negative total", method: .POST, path: "/v1/orders",
                 body: b(t.orderBody(ref: "neg", holdID: holdID, amount: -100)), status: 422, code: "validation_failed"),
            Case(name: "total wrong type", method: .POST, path: "/v1/orders",
                 body: b("{\"client_order_ref\":\"x\",\"hold_id\":\"\(holdID)\",\"expected_total\":{\"amount_minor\":\"45.00\",\"currency\":\"EUR\"}}"), status: 400, code: "wrong_type"),
            Case(name: "unknown field in total", method: .POST, path: "/v1/orders",
                 body: b("{\"client_order_ref\":\"x\",\"hold_id\":\"\(holdID)\",\"expected_total\":{\"amount_minor\":4500,\"currency\":\"EUR\",\"tax\":1}}"), status: 400, code: "unknown_field"),
            Case(name: "unknown hold", method: .POST, path: "/v1/orders", body: b(t.orderBody(ref: "u", holdID: "hld_nope", amount: 100)), status: 404, code: "hold_not_found"),
            Case(name: "another kiosk's hold", method: .PUT, path: "/v1/holds/\(holdID)/seats/Z1-1-1", token: "token-k2", body: nil, status: 404, code: "hold_not_found"),
            Case(name: "unknown seat added", method: .PUT, path: "/v1/holds/\(holdID)/seats/NOPE", body: nil, status: 422, code: "unknown_seats"),
            Case(name: "bad since", method: .GET, path: "/v1/events/evt_test/availability?since=-3", body: nil, status: 400, code: "invalid_query"),
            Case(name: "order lookup without ref", method: .GET, path: "/v1/orders", body: nil, status: 400, code: "missing_query"),
            Case(name: "a name twice", method: .POST, path: holds, body: b("{\"seats\":[\"Z1-1-1\"],\"seats\":[\"Z1-1-2\"]}"), status: 400, code: "malformed_json"),
            Case(name: "NUL in a path id", method: .GET, path: "/v1/events/evt_test%00junk", body: nil, status: 400, code: "invalid_identifier"),
            Case(name: "NUL in a body seat id", method: .POST, path: holds, body: b("{\"seats\":[\"Z1-1-1\\u0000x\"]}"), status: 400, code: "invalid_identifier"),
            Case(name: "escape character in a seat path id", method: .PUT, path: "/v1/holds/\(holdID)/seats/Z1-1-1%1B", body: nil,
                 status: 400, code: "invalid_identifier"),
            Case(name: "NUL in client_order_ref", method: .POST, path: "/v1/orders",
                 body: b(t.orderBody(ref: "ref\\u0000tail", holdID: holdID, amount: 4500)), status: 400, code: "invalid_identifier"),
            Case(name: "C1 control in an order lookup", method: .GET, path: "/v1/orders?client_order_ref=ref%C2%85", body: nil,
                 status: 400, code: "invalid_identifier"),
            Case(name: "wrong method", method: .PATCH, path: "/v1/holds/\(holdID)", body: nil, status: 405, code: "method_not_allowed"),
        ]
        let before = try await t.databaseChecksum()
        for c in cases {
            var headers: [(String, String)] = [("Content-Type", c.contentType)]
            if let key = c.key { headers.append(("Idempotency-Key", key)) }
            let reply = try await t.send(c.method, c.path, token: c.token, body: c.body, headers: headers)
            #expect(reply.status == c.status, "\(c.name)")
            #expect(reply.code == c.code, "\(c.name): \(String(decoding: reply.body.prefix(300), as: UTF8.self))")
            #expect(reply.headers["content-type"] == "application/problem+json", "\(c.name)")
            #expect(reply.json?["request_id"]?.stringValue?.hasPrefix("req_") == true, "\(c.name)")
        }
        let unknown = try await t.send(.POST, "/v1/events/evt_test/holds", json: "{\"seats\":[\"Z1-1-1\",\"NOPE-1\",\"NOPE-2\"]}")
        #expect(unknown.json?["seats"] == ["NOPE-1", "NOPE-2"])
        #expect(try await t.databaseChecksum() == before)
    }
}
