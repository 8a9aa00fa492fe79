import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// `GET /v1/reports/orders` (scope orders:read) and `GET /v1/reports/sales` (scope reports:read)
/// on both engines: the numbers of what the test bought (`SalesScenario`), the documents valid
/// against docs/openapi.json, and 403 for kiosk tokens and operators without the scope.
@Suite("Operator report routes")
struct OperatorReportRoutesTests {
    @Test(arguments: StorageEngineKind.allCases) func routesAnswerWhatWasBought(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.startWithOperators(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        let orders = try await SalesScenario.run(on: t, clock: clock).orders
        let ids = orders.map { $0["order_id"]?.stringValue ?? "" }
        let checker = SchemaChecker(document: try #require(JSONValue.parse(BoxOfficeServer.openAPIData)))
        func valid(_ exchange: Exchange, _ path: String) {
            let schema = checker.responseSchema(method: "GET", path: path, status: exchange.status,
                                                contentType: exchange.status == 200 ? "application/json" : "application/problem+json")
            #expect(schema != nil, "\(path) does not document \(exchange.status)")
            if let schema, let json = exchange.json { #expect(checker.violations(of: json, against: schema) == [], "\(path) \(exchange.status)") }
        }

        // Orders: every one, then by code, seat and time.
        func search(_ query: String, token: String = "op-read") async throws -> Exchange {
            let exchange = try await t.send(.GET, "/v1/reports/orders" + query, token: token)
            valid(exchange, "/v1/reports/orders")
            return exchange
        }
        let all = try await search("")
        #expect(all.status == 200)
        let listed = all.json?["orders"]?.arrayValue ?? []
        #expect(listed.map { $0["order_id"]?.stringValue ?? "" } == ids)
        for (i, (token, seats)) in SalesScenario.purchases.enumerated() where listed.count > i {
            let cancelled = seats.filter { $0 == SalesScenario.cancelledSeat }
            #expect(listed[i]["kiosk_id"]?.stringValue == String(token.dropFirst("token-".count)))
            #expect(listed[i]["seats"] == .array(seats.sorted().map(JSONValue.string)))
            #expect(listed[i]["cancelled_seats"] == .array(cancelled.map(JSONValue.string)))
            #expect(listed[i]["total_minor"]?.intValue == seats.map(SalesScenario.price).reduce(0, +))
            #expect(listed[i]["refund_minor"]?.intValue == cancelled.map(SalesScenario.price).reduce(0, +))
            #expect(listed[i]["created_at"]?.stringValue == SalesScenario.expectedHours[i].key)
        }
        func found(_ query: String) async throws -> [String] {
            (try await search(query).json?["orders"]?.arrayValue ?? []).map { $0["order_id"]?.stringValue ?? "" }
        }
        #expect(try await found("?code=" + (orders[1]["code"]?.stringValue ?? "").lowercased()) == [ids[1]])
        #expect(try await found("?seat=" + SalesScenario.cancelledSeat) == [ids[2]])
        #expect(try await found("?from=2027-01-15T09:00:00Z&to=2027-01-15T10:00:00.001Z") == [ids[1], ids[2]])
        #expect(try await found("?from=2027-01-15T10:00:00%2B02:00&to=2027-01-15T09:00:00Z") == [ids[0]])
        #expect(try await search("?code=X&seat=Y").code == "invalid_query")
        #expect(try await search("?from=2027-01-15T09:00:00Z").code == "invalid_query")
        let badInstant = try await search("?from=noon&to=2027-01-15T09:00:00Z")
        #expect(badInstant.status == 422)
        #expect(badInstant.json?["field"] == "from")

        // The sales report.
        let report = try await t.send(.GET, "/v1/reports/sales", token: "op-all")
        valid(report, "/v1/reports/sales")
        #expect(report.status == 200)
        #expect(report.json?["event_id"]?.stringValue == t.eventID)
        #expect(report.json?["currency"] == "EUR")
        #expect(report.json?["categories"] == .array(["CAT1", "CAT2"].map { name in
            let e = SalesScenario.expectedCategory(name)
            return ["name": .string(name), "sold": .int(Int64(e.sold)), "held": .int(Int64(e.held)), "free": .int(Int64(e.free)),
                    "blocked": .int(Int64(e.blocked)), "revenue_minor": .int(e.revenue)]
        }))
        #expect(report.json?["kiosks"] == .array(SalesScenario.expectedKiosks.map {
            ["kiosk_id": .string($0.key), "orders": .int(Int64($0.orders)), "tickets": .int(Int64($0.tickets)), "revenue_minor": .int($0.revenue)]
        }))
        #expect(report.json?["hours"] == .array(SalesScenario.expectedHours.map {
            ["hour": .string($0.key), "orders": .int(Int64($0.orders)), "tickets": .int(Int64($0.tickets)), "revenue_minor": .int($0.revenue)]
        }))
        #expect(try await t.send(.GET, "/v1/reports/sales?event=\(t.eventID)", token: "op-all").body == report.body)
        let unknown = try await t.send(.GET, "/v1/reports/sales?event=evt_nope", token: "op-all")
        valid(unknown, "/v1/reports/sales")
        #expect(unknown.status == 404)
        #expect(unknown.code == "event_not_found")
    }

    @Test(arguments: StorageEngineKind.allCases) func kioskTokensAndOperatorsWithoutTheScopeGet403(engine: StorageEngineKind) async throws {
        let t = try await TestServer.startWithOperators(engine: engine)
        defer { Task { await t.stop() } }
        let reporter = OperatorToken(operatorID: "carol", token: "op-report", scopes: [.reportsRead])
        t.server.reloadTokens(TokenFile(kiosks: TestServer.tokens, operators: TestServer.operators + [reporter]))
        let cases: [(path: String, token: String, code: String, scope: String)] = [
            ("/v1/reports/orders", "token-k1", "operator_token_required", "orders:read"),
            ("/v1/reports/orders", "op-report", "scope_missing", "orders:read"),
            ("/v1/reports/sales", "token-k1", "operator_token_required", "reports:read"),
            ("/v1/reports/sales", "op-read", "scope_missing", "reports:read"),
        ]
        for c in cases {
            let refused = try await t.send(.GET, c.path, token: c.token)
            #expect(refused.status == 403, "\(c)")
            #expect(refused.code == c.code, "\(c)")
            #expect(refused.json?["required_scope"]?.stringValue == c.scope, "\(c)")
        }
        #expect(try await t.send(.GET, "/v1/reports/orders", token: "op-read").status == 200)
        #expect(try await t.send(.GET, "/v1/reports/sales", token: "op-report").status == 200)
        #expect(try await t.send(.GET, "/v1/reports/sales", token: nil).status == 401)
    }
}
