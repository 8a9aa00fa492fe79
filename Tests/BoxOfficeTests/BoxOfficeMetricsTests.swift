import AsyncHTTPClient
import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import TestFixtures
import Testing
@testable import BoxOffice

/// `GET /metrics` scraped over HTTP and read by prometheus_client's text-format parser; every
/// count is what the test itself sent.
@Suite("Box office /metrics")
struct BoxOfficeMetricsTests {
    @Test(arguments: StorageEngineKind.allCases) func countsWhatTheTestDid(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        // Three orders of one seat each; the third order's request is sent twice with one key
        // (a kiosk's retry): one order, two 201 answers.
        let seats = ["Z1-1-1", "Z1-1-2", "Z1-1-3"]
        for (i, seat) in seats.enumerated() {
            let hold = try await t.hold([seat])
            #expect(hold.status == 201)
            let holdID = try #require(hold.json?["hold_id"]?.stringValue)
            let body = t.orderBody(ref: "ref-\(i)", holdID: holdID, amount: 4500)
            let order = try await t.send(.POST, "/v1/orders", json: body, key: "order-\(i)")
            #expect(order.status == 201)
            if i == 2 {
                let again = try await t.send(.POST, "/v1/orders", json: body, key: "order-\(i)")
                #expect(again.status == 201 && again.headers["idempotent-replayed"] == "true")
            }
        }
        // Two holds left active (one per kiosk), one released, one refused token.
        #expect(try await t.hold(["Z2-3-1"]).status == 201)
        #expect(try await t.hold(["Z2-3-5"], token: "token-k2").status == 201)
        let released = try #require(try await t.hold(["Z2-4-1"]).json?["hold_id"]?.stringValue)
        #expect(try await t.send(.DELETE, "/v1/holds/\(released)").status == 204)
        #expect(try await t.send(.GET, "/v1/events", token: "wrong").status == 401)

        #expect(try await t.send(.GET, "/metrics", token: nil).status == 401)
        let scrape = try await t.send(.GET, "/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        let metrics = try PrometheusText(parsing: String(decoding: scrape.body, as: UTF8.self))

        #expect(metrics.families["tribune_boxoffice_orders"] == "counter")
        #expect(metrics.value("tribune_boxoffice_orders_total") == 3)
        let requests = "tribune_boxoffice_requests_total"
        #expect(metrics.value(requests, ["method": "POST", "route": "/v1/orders", "status": "201"]) == 4)
        #expect(metrics.value(requests, ["method": "POST", "route": "/v1/events/{event_id}/holds", "status": "201"]) == 6)
        #expect(metrics.value(requests, ["method": "DELETE", "route": "/v1/holds/{hold_id}", "status": "204"]) == 1)
        #expect(metrics.value(requests, ["method": "GET", "route": "/v1/events", "status": "401"]) == 1)
        #expect(metrics.value(requests, ["method": "GET", "route": "/metrics", "status": "401"]) == 1)

        let duration = "tribune_boxoffice_request_duration_seconds"
        #expect(metrics.families[duration] == "histogram")
        let orders = ["method": "POST", "route": "/v1/orders"]
        #expect(metrics.value(duration + "_count", orders) == 4)
        #expect(metrics.value(duration + "_bucket", orders.merging(["le": "+Inf"]) { a, _ in a }) == 4)
        #expect(metrics.value(duration + "_count", ["method": "POST", "route": "/v1/events/{event_id}/holds"]) == 6)

        #expect(metrics.value("tribune_boxoffice_active_holds") == 2)
        // The event's creation, 6 holds, 4 order requests (a replay is looked up in a write
        // transaction) and a release are 12 writes: group commit makes them 1 to 12 commits on
        // SQLite; on PostgreSQL each is its own commit.
        let commits = try #require(metrics.value("tribune_boxoffice_commit_duration_seconds_count"))
        #expect(engine == .sqlite ? (commits >= 1 && commits <= 12) : commits == 12, "\(commits)")
        #expect(metrics.value("tribune_boxoffice_commit_duration_seconds_bucket", ["le": "+Inf"]) == commits)
        // The scrape's own connection is open while it is answered.
        #expect(try #require(metrics.value("tribune_boxoffice_open_connections")) >= 1)
    }

    @Test(arguments: StorageEngineKind.allCases) func aScrapeNeedsAToken(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine)
        defer { Task { await t.stop() } }
        let refused = try await t.send(.GET, "/metrics", token: nil)
        #expect(refused.status == 401 && refused.code == "unauthorized")
        #expect(refused.headers["www-authenticate"] == "Bearer")
    }
}
