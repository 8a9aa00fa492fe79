import AsyncHTTPClient
import NIOHTTP1
import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

@Suite("Box office API")
struct BoxOfficeAPITests {
    @Test func sha256KnownVectors() {
        // FIPS 180-2 appendix B test vectors.
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(arguments: StorageEngineKind.allCases) func healthEventsAndTokens(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let health = try await t.send(.GET, "/v1/health", token: nil)
        #expect(health.status == 200)
        #expect(health.json?["status"] == "ok")

        let anonymous = try await t.send(.GET, "/v1/events", token: nil)
        #expect(anonymous.status == 401)
        #expect(anonymous.headers["content-type"] == "application/problem+json")
        #expect(anonymous.code == "unauthorized")
        #expect(anonymous.headers["www-authenticate"] == "Bearer")
        #expect(try await t.send(.GET, "/v1/events", token: "nope").status == 401)

        let events = try await t.send(.GET, "/v1/events")
        #expect(events.status == 200)
        #expect(events.json?["events"]?.arrayValue?.map { $0["event_id"]?.stringValue } == ["evt_test"])

        let event = try await t.send(.GET, "/v1/events/evt_test")
        let categories = event.json?["categories"]?.arrayValue ?? []
        // CAT1 priced explicitly (4500), CAT2 by the default (1000).
        #expect(categories.map { $0["name"]?.stringValue } == ["CAT1", "CAT2"])
        #expect(categories.map { $0["price"]?["amount_minor"]?.intValue } == [4500, 1000])
        #expect(event.json?["limits"]?["hold_ttl_seconds"] == 480)

        let missing = try await t.send(.GET, "/v1/events/evt_nope")
        #expect(missing.status == 404)
        #expect(missing.code == "event_not_found")
        let noRoute = try await t.send(.GET, "/v1/nothing")
        #expect(noRoute.status == 404)
        #expect(noRoute.headers["content-type"] == "application/problem+json")
    }

    @Test(arguments: StorageEngineKind.allCases) func layoutIsImmutableAndCacheable(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let event = try await t.send(.GET, "/v1/events/evt_test")
        let layoutID = try #require(event.json?["layout_id"]?.stringValue)
        #expect(layoutID == "lay_" + String(SHA256.hex(TestVenue.document()).prefix(24)))
        let layout = try await t.send(.GET, "/v1/layouts/\(layoutID)")
        #expect(layout.status == 200)
        #expect(layout.body == TestVenue.document())
        #expect(layout.headers["etag"] == "\"\(layoutID)\"")
        #expect(layout.headers["cache-control"]?.contains("immutable") == true)
        let again = try await t.send(.GET, "/v1/layouts/\(layoutID)", headers: [("If-None-Match", "\"\(layoutID)\"")])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test(arguments: StorageEngineKind.allCases) func twoKiosksRaceForOneSeat(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        async let a = t.hold(["Z1-1-5"], token: "token-k1")
        async let b = t.hold(["Z1-1-5"], token: "token-k2")
        let results = try await [a, b]
        #expect(results.map(\.status).sorted() == [201, 409])
        let loser = try #require(results.first { $0.status == 409 })
        #expect(loser.code == "seat_unavailable")
        #expect(loser.json?["unavailable"]?.arrayValue?.first?["seat_guid"] == "Z1-1-5")
        #expect(loser.json?["unavailable"]?.arrayValue?.first?["state"] == "held")
        // All or nothing: a hold asking for a taken seat and a free one takes neither.
        let mixed = try await t.hold(["Z1-1-5", "Z1-1-6"], token: "token-k3")
        #expect(mixed.status == 409)
        #expect(try await t.hold(["Z1-1-6"], token: "token-k3").status == 201)
    }

    @Test(arguments: StorageEngineKind.allCases) func holdsExpireLazily(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.start(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        let held = try await t.hold(["Z1-3-1"], token: "token-k1")
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        #expect(held.json?["expires_in_seconds"] == 480)
        #expect(try await t.hold(["Z1-3-1"], token: "token-k2").status == 409)
        clock.advance(seconds: 480)   // expires_at <= now: free, with no sweeper running
        let availability = try await t.send(.GET, "/v1/events/evt_test/availability")
        #expect(availability.json?["seats"]?["Z1-3-1"] == nil)
        #expect(try await t.hold(["Z1-3-1"], token: "token-k2").status == 201)
        let order = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "r1", holdID: holdID, amount: 1000))
        #expect(order.status == 409)
        #expect(order.code == "hold_expired")
    }

    @Test(arguments: StorageEngineKind.allCases) func holdChangesAndExtensionCap(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.start(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        let held = try await t.hold(["Z1-1-1"])
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        let added = try await t.send(.PUT, "/v1/holds/\(holdID)/seats/Z1-3-1")
        #expect(added.status == 200)
        #expect(added.json?["seats"]?.arrayValue?.count == 2)
        #expect(added.json?["total"]?["amount_minor"] == 5500)   // 4500 (CAT1) + 1000 (CAT2)
        #expect(try await t.send(.PUT, "/v1/holds/\(holdID)/seats/Z1-3-1").json?["seats"]?.arrayValue?.count == 2)  // idempotent
        let removed = try await t.send(.DELETE, "/v1/holds/\(holdID)/seats/Z1-1-1")
        #expect(removed.json?["total"]?["amount_minor"] == 1000)
        clock.advance(seconds: 100)
        // Adding seats does not extend; extend asks for 3600 s but the cap is 900 s from creation.
        let extended = try await t.send(.POST, "/v1/holds/\(holdID)/extend", json: "{\"seconds\":3600}", key: nil)
        #expect(extended.status == 200)
        #expect(extended.json?["expires_in_seconds"] == 800)
        let released = try await t.send(.DELETE, "/v1/holds/\(holdID)")
        #expect(released.status == 204)
        #expect(try await t.send(.DELETE, "/v1/holds/\(holdID)").status == 204)
        #expect(try await t.send(.GET, "/v1/holds/\(holdID)").json?["status"] == "released")
        #expect(try await t.hold(["Z1-3-1"], token: "token-k2").status == 201)
    }

    @Test(arguments: StorageEngineKind.allCases) func availabilityRevisionsAndDeltas(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let first = try await t.send(.GET, "/v1/events/evt_test/availability")
        #expect(first.json?["full"] == true)
        let r0 = try #require(first.json?["revision"]?.intValue)
        // 2 zones × 2 CAT1 rows × 10 seats = 40; 2 × 3 × 10 = 60.
        #expect(first.json?["by_category"]?["CAT1"]?["available"] == 40)
        #expect(first.json?["by_category"]?["CAT2"]?["available"] == 60)
        let held = try await t.hold(["Z2-1-1", "Z2-1-2"])
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        let delta = try await t.send(.GET, "/v1/events/evt_test/availability?since=\(r0)")
        #expect(delta.json?["full"] == false)
        #expect(delta.json?["seats"] == ["Z2-1-1": "held", "Z2-1-2": "held"])
        #expect(delta.json?["by_category"]?["CAT1"]?["available"] == 38)
        let r1 = try #require(delta.json?["revision"]?.intValue)
        #expect(r1 > r0)
        _ = try await t.send(.DELETE, "/v1/holds/\(holdID)")
        let freed = try await t.send(.GET, "/v1/events/evt_test/availability?since=\(r1)")
        #expect(freed.json?["seats"] == ["Z2-1-1": "free", "Z2-1-2": "free"])
        #expect(try await t.send(.GET, "/v1/events/evt_test/availability?since=\(r1 + 1000)").json?["full"] == true)
    }

    @Test(arguments: StorageEngineKind.allCases) func orderIdempotencyAndClientOrderRef(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let held = try await t.hold(["Z1-1-1", "Z1-4-1"])
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        let body = t.orderBody(ref: "ref-1", holdID: holdID, amount: 5500)
        let first = try await t.send(.POST, "/v1/orders", json: body, key: "key-1")
        #expect(first.status == 201)
        let orderID = try #require(first.json?["order_id"]?.stringValue)
        #expect(first.json?["lines"]?.arrayValue?.count == 2)
        let replay = try await t.send(.POST, "/v1/orders", json: body, key: "key-1")
        #expect(replay.status == 201)
        #expect(replay.headers["idempotent-replayed"] == "true")
        #expect(replay.json?["order_id"]?.stringValue == orderID)
        let reused = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "ref-2", holdID: holdID, amount: 5500), key: "key-1")
        #expect(reused.status == 422)
        #expect(reused.code == "idempotency_key_reused")
        let sameRef = try await t.send(.POST, "/v1/orders", json: body, key: "key-2")
        #expect(sameRef.status == 200)
        #expect(sameRef.json?["order_id"]?.stringValue == orderID)
        let lookup = try await t.send(.GET, "/v1/orders?client_order_ref=ref-1")
        #expect(lookup.json?["order_id"]?.stringValue == orderID)
        #expect(try await t.send(.GET, "/v1/orders?client_order_ref=ref-1", token: "token-k2").status == 404)  // per kiosk
        #expect(try await t.read { try $0.value("SELECT COUNT(*) FROM purchase_order") as Int? } == 1)
        #expect(try await t.send(.GET, "/v1/orders/\(orderID)").status == 200)
        let sold = try await t.send(.GET, "/v1/events/evt_test/availability")
        #expect(sold.json?["seats"] == ["Z1-1-1": "sold", "Z1-4-1": "sold"])
        #expect(try await t.hold(["Z1-1-1"], token: "token-k2").code == "seat_unavailable")
    }

    @Test(arguments: StorageEngineKind.allCases) func concurrentDuplicateIsInFlight(engine: StorageEngineKind) async throws {
        // The first request stops inside its in-flight window until the second has been answered.
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let t = try await TestServer.start(engine: engine, inFlightPause: { key in
            guard key == "dup" else { return }
            enteredSignal.yield()
            for await _ in release { break }
        })
        defer { Task { await t.stop() } }
        let held = try await t.hold(["Z1-2-2"])
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        let body = t.orderBody(ref: "ref-x", holdID: holdID, amount: 4500)
        async let a = t.send(.POST, "/v1/orders", json: body, key: "dup")
        for await _ in entered { break }
        let busy = try await t.send(.POST, "/v1/orders", json: body, key: "dup")
        releaseSignal.yield()
        releaseSignal.finish()
        let first = try await a
        #expect(first.status == 201)
        #expect(busy.status == 409)
        #expect(busy.code == "idempotency_in_flight")
        #expect(busy.headers["retry-after"] == "1")
        #expect(try await t.read { try $0.value("SELECT COUNT(*) FROM purchase_order") as Int? } == 1)
    }

    @Test(arguments: StorageEngineKind.allCases) func priceMismatchLimitAndOrphans(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine, noOrphanSeats: true, maxSeats: 4)
        defer { Task { await t.stop() } }
        let held = try await t.hold(["Z1-1-2"])
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        let wrong = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "p1", holdID: holdID, amount: 4000))
        #expect(wrong.status == 422)
        #expect(wrong.code == "price_mismatch")
        #expect(wrong.json?["total"]?["amount_minor"] == 4500)
        // Seat 2 alone leaves seat 1 (row start) as a single free seat.
        let orphan = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "p2", holdID: holdID, amount: 4500))
        #expect(orphan.code == "orphan_seat")
        #expect(orphan.json?["orphans"] == ["Z1-1-1"])
        _ = try await t.send(.PUT, "/v1/holds/\(holdID)/seats/Z1-1-1")
        let fine = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "p3", holdID: holdID, amount: 9000))
        #expect(fine.status == 201)
        let five = try await t.hold(["Z2-1-1", "Z2-1-2", "Z2-1-3", "Z2-1-4", "Z2-1-5"])
        #expect(five.status == 422)
        #expect(five.code == "limit_exceeded")
    }
}

@Suite("JSON parser")
struct JSONParserTests {
    @Test func parsesWhatFoundationParses() throws {
        let text = #"{"a":[1,-2,3.5,1e3,true,false,null],"b":{"c":"x\"y\\z\n\u00e9\ud83d\ude00"},"d":9223372036854775807}"#
        let value = try #require(JSONValue.parse(Data(text.utf8)))
        #expect(value["a"] == [1, -2, .double(3.5), .double(1000), true, false, nil])
        #expect(value["b"]?["c"] == .string("x\"y\\z\né😀"))
        #expect(value["d"] == .int(Int64.max))
        // Round trip through the serializer and Foundation's parser.
        let reparsed = try JSONSerialization.jsonObject(with: value.encoded()) as? [String: Any]
        #expect((reparsed?["b"] as? [String: Any])?["c"] as? String == "x\"y\\z\né😀")
        for bad in ["", "{", "[1,]", "{\"a\":1,}", "01", "1.", "\"\\x\"", "{\"a\" 1}", "[1] 2", "tru", "\"\u{01}\""] {
            let parsed: JSONValue? = JSONValue.parse(Data(bad.utf8))
            #expect(parsed.map { _ in "parsed" } == nil, "\(bad) → \(String(describing: parsed))")
        }
    }
}
