import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import BoxOffice

@Suite("Audit trail")
struct AuditTrailTests {
    /// (action, actor) of each entry the audit route answers for `query`.
    static func trail(_ t: TestServer, _ query: String) async throws -> [String] {
        let reply = try await t.send(.GET, "/v1/audit?\(query)", token: "op-all")
        #expect(reply.status == 200, "\(query)")
        return (reply.json?["entries"]?.arrayValue ?? []).map {
            "\($0["action"]?.stringValue ?? "?") \($0["actor"]?.stringValue ?? "?")"
        }
    }

    static func auditRows(_ t: TestServer) async throws -> Int {
        try await t.read { db in try db.value("SELECT COUNT(*) FROM audit") ?? 0 }
    }

    @Test(arguments: StorageEngineKind.allCases) func ordersAndSeatsHaveTheirHistory(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.startWithOperators(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        let order = try await t.buy(["Z1-1-1", "Z1-1-2"], ref: "o1")
        let orderID = try #require(order["order_id"]?.stringValue)
        let ticket = try #require(order["lines"]?.arrayValue?.first?["ticket_id"]?.stringValue)
        clock.advance(seconds: 1)
        #expect(try await t.cancel(orderID, #"{"tickets":["\#(ticket)"],"reason":"refund"}"#).status == 200)
        clock.advance(seconds: 1)
        _ = try await t.buy(["Z1-1-1"], token: "token-k2", ref: "o2")
        #expect(try await Self.trail(t, "order=\(orderID)") == ["hold k1", "order k1", "cancel alice"])
        #expect(try await Self.trail(t, "seat=Z1-1-1") == ["hold k1", "order k1", "cancel alice", "hold k2", "order k2"])
        #expect(try await Self.trail(t, "seat=Z1-1-1&event=evt_nope") == [])

        // What an entry says.
        let cancel = try await t.send(.GET, "/v1/audit?order=\(orderID)", token: "op-all").json?["entries"]?.arrayValue?[2]
        #expect(cancel?["actor_kind"] == "operator")
        #expect(cancel?["seats"] == JSONValue.array(["Z1-1-1"]))
        #expect(cancel?["details"]?["reason"] == "refund")
        #expect(cancel?["details"]?["refund"]?["amount_minor"]?.intValue == 4500)
        #expect(cancel?["at_ms"]?.intValue == 1_800_000_001_000)

        // Releases and seat changes of a hold.
        let hold = try #require(try await t.hold(["Z1-4-1"]).json?["hold_id"]?.stringValue)
        #expect(try await t.send(.PUT, "/v1/holds/\(hold)/seats/Z1-4-2").status == 200)
        #expect(try await t.send(.DELETE, "/v1/holds/\(hold)/seats/Z1-4-1").status == 200)
        #expect(try await t.send(.DELETE, "/v1/holds/\(hold)").status == 204)
        #expect(try await Self.trail(t, "seat=Z1-4-2") == ["hold_add_seat k1", "release k1"])
        #expect(try await Self.trail(t, "seat=Z1-4-1") == ["hold k1", "hold_remove_seat k1"])

        // Asking wrongly.
        #expect(try await t.send(.GET, "/v1/audit", token: "op-all").code == "invalid_query")
        #expect(try await t.send(.GET, "/v1/audit?order=a&seat=b", token: "op-all").code == "invalid_query")
        #expect(try await t.send(.GET, "/v1/audit?order=\(orderID)", token: "op-read").code == "scope_missing")
    }

    @Test(arguments: StorageEngineKind.allCases) func expiryIsAuditedBySweepAndByTakeover(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.startWithOperators(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        #expect(try await t.hold(["Z2-1-1", "Z2-1-2"]).status == 201)
        clock.advance(seconds: Double(BoxOfficeStore.defaultHoldSeconds.ttl) + 1)
        // Another kiosk takes one seat of the expired hold; the sweep frees the other.
        #expect(try await t.hold(["Z2-1-2"], token: "token-k2").status == 201)
        try await t.server.store.sweep()
        #expect(try await Self.trail(t, "seat=Z2-1-2") == ["hold k1", "expire box-office", "hold k2"])
        #expect(try await Self.trail(t, "seat=Z2-1-1") == ["hold k1", "expire box-office"])
        // A second sweep finds nothing more to expire.
        let before = try await Self.auditRows(t)
        try await t.server.store.sweep()
        #expect(try await Self.auditRows(t) == before)
    }

    @Test(arguments: StorageEngineKind.allCases) func aRefusedChangeLeavesNoEntry(engine: StorageEngineKind) async throws {
        let t = try await TestServer.startWithOperators(engine: engine)
        defer { Task { await t.stop() } }
        #expect(try await t.hold(["Z1-2-1"]).status == 201)
        let before = try await Self.auditRows(t)
        // Taken seat, unknown seat, wrong total: each rolls back with its entry.
        #expect(try await t.hold(["Z1-2-2", "Z1-2-1"], token: "token-k2").code == "seat_unavailable")
        #expect(try await t.hold(["Z9-9-9"], token: "token-k2").code == "unknown_seats")
        let hold = try #require(try await t.hold(["Z1-2-3"], token: "token-k3").json?["hold_id"]?.stringValue)
        #expect(try await t.send(.POST, "/v1/orders", token: "token-k3", json: t.orderBody(ref: "x", holdID: hold, amount: 1)).code == "price_mismatch")
        #expect(try await Self.auditRows(t) == before + 1)
        #expect(try await Self.trail(t, "seat=Z1-2-2") == [])
    }
}
