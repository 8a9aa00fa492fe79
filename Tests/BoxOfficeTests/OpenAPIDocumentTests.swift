import AsyncHTTPClient
import NIOHTTP1
import Foundation
import Testing
@testable import BoxOffice
import TestFixtures

@Suite("OpenAPI document matches the server")
struct OpenAPIDocumentTests {
    static let methods = ["get", "put", "post", "delete", "patch", "head", "options"]

    @Test func everyRouteIsDocumentedAndViceVersa() async throws {
        let t = try await TestServer.start()
        defer { Task { await t.stop() } }
        let served = try await t.send(.GET, "/v1/openapi.json", token: nil)
        #expect(served.status == 200)
        let document = try #require(served.json)
        #expect(document["openapi"] == "3.1.0")
        // The file in docs/ is the one served.
        if let onDisk = FileManager.default.contents(atPath: PackagePaths.path("docs/openapi.json")) {
            #expect(JSONValue.parse(onDisk) == document)
        }
        var documented = Set<String>()
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for method in Self.methods where item[method] != nil { documented.insert("\(method.uppercased()) \(path)") }
        }
        let registered = Set(t.server.routes.map { "\($0.method.rawValue) \($0.path)" })
        #expect(registered.subtracting(documented).sorted() == [], "routes missing from the document")
        #expect(documented.subtracting(registered).sorted() == [], "documented operations the server lacks")
        #expect(registered.count == 21)
        // Every documented operation that needs no token says so, and the others need one.
        for route in t.server.routes {
            let operation = document["paths"]?[route.path]?[route.method.rawValue.lowercased()]
            let open = operation?["security"] == .array([])
            #expect(open == !route.requiresToken, "\(route.method.rawValue) \(route.path)")
            if route.requiresToken {
                let unauthorized = try await t.send(HTTPMethod(rawValue: route.method.rawValue),
                                                    route.path.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: ""),
                                                    token: nil)
                #expect(unauthorized.status == 401, "\(route.method.rawValue) \(route.path)")
                #expect(operation?["responses"]?["401"] != nil, "\(route.method.rawValue) \(route.path) documents 401")
            }
        }
    }

    @Test func realResponsesValidateAgainstTheDocument() async throws {
        let t = try await TestServer.start()
        defer { Task { await t.stop() } }
        let checker = SchemaChecker(document: try #require(JSONValue.parse(BoxOfficeServer.openAPIData)))
        func check(_ exchange: Exchange, _ method: String, _ path: String, contentType: String = "application/json") {
            let schema = checker.responseSchema(method: method, path: path, status: exchange.status, contentType: contentType)
            #expect(schema != nil, "\(method) \(path) does not document \(exchange.status) \(contentType)")
            guard let schema, let json = exchange.json else { return }
            #expect(exchange.headers["content-type"] == contentType, "\(method) \(path)")
            let problems = checker.violations(of: json, against: schema)
            #expect(problems == [], "\(method) \(path) \(exchange.status)")
        }
        check(try await t.send(.GET, "/v1/health", token: nil), "GET", "/v1/health")
        check(try await t.send(.GET, "/v1/events"), "GET", "/v1/events")
        check(try await t.send(.GET, "/v1/events/evt_test"), "GET", "/v1/events/{event_id}")
        check(try await t.send(.GET, "/v1/events/evt_test/availability"), "GET", "/v1/events/{event_id}/availability")
        let held = try await t.hold(["Z1-1-1"])
        check(held, "POST", "/v1/events/{event_id}/holds")
        let holdID = try #require(held.json?["hold_id"]?.stringValue)
        check(try await t.send(.PUT, "/v1/holds/\(holdID)/seats/Z1-1-2"), "PUT", "/v1/holds/{hold_id}/seats/{seat_guid}")
        check(try await t.send(.GET, "/v1/events/evt_test/availability?since=0"), "GET", "/v1/events/{event_id}/availability")
        check(try await t.hold(["Z1-1-1"], token: "token-k2"), "POST", "/v1/events/{event_id}/holds", contentType: "application/problem+json")
        let order = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "o1", holdID: holdID, amount: 9000))
        check(order, "POST", "/v1/orders")
        check(try await t.send(.GET, "/v1/orders?client_order_ref=o1"), "GET", "/v1/orders")
        check(try await t.send(.GET, "/v1/holds/\(holdID)"), "GET", "/v1/holds/{hold_id}")
        check(try await t.send(.GET, "/v1/events/evt_nope"), "GET", "/v1/events/{event_id}", contentType: "application/problem+json")
        check(try await t.send(.POST, "/v1/orders", json: "{\"nope\":1}"), "POST", "/v1/orders", contentType: "application/problem+json")
        // The checker is not vacuous: a document missing a required field fails.
        let schema = try #require(checker.responseSchema(method: "POST", path: "/v1/orders", status: 201))
        var broken = try #require(order.json?.objectValue)
        broken["total"] = nil
        #expect(!checker.violations(of: .object(broken), against: schema).isEmpty)
        broken = try #require(order.json?.objectValue)
        broken["total"] = ["amount_minor": "9000", "currency": "EUR"]
        #expect(!checker.violations(of: .object(broken), against: schema).isEmpty)
    }
}
