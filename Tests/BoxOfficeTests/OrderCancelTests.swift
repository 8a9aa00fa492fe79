import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import BoxOffice

extension TestServer {
    /// Operators of the tests: `op-all` may do everything, `op-read` only read orders.
    static let operators = [
        OperatorToken(operatorID: "alice", token: "op-all", scopes: Set(OperatorScope.allCases)),
        OperatorToken(operatorID: "bob", token: "op-read", scopes: [.ordersRead]),
    ]

    /// Starts the server with the kiosk tokens and `operators`.
    static func startWithOperators(engine: StorageEngineKind, clock: TestClock? = nil) async throws -> TestServer {
        let t = try await start(engine: engine, clock: clock)
        t.server.reloadTokens(TokenFile(kiosks: tokens, operators: operators))
        return t
    }

    /// Holds `seats` and orders them for `token`'s kiosk; returns the order document.
    func buy(_ seats: [String], token: String = "token-k1", ref: String) async throws -> JSONValue {
        let hold = try await self.hold(seats, token: token)
        let holdID = try #require(hold.json?["hold_id"]?.stringValue)
        let total = try #require(hold.json?["total"]?["amount_minor"]?.intValue)
        let order = try await send(.POST, "/v1/orders", token: token, json: orderBody(ref: ref, holdID: holdID, amount: total))
        #expect(order.status == 201)
        return try #require(order.json)
    }

    func cancel(_ orderID: String, _ body: String, token: String = "op-all", key: String = UUID().uuidString) async throws -> Exchange {
        try await send(.POST, "/v1/orders/\(orderID)/cancel", token: token, json: body, key: key)
    }
}

@Suite("Cancelling orders")
struct OrderCancelTests {
    /// The test venue's prices: rows 1–2 CAT1 at 4500, the rest CAT2 at 1000 (`TestServer.start`).
    static func price(_ seat: String) -> Int64 { seat.split(separator: "-")[1] <= "2" ? 4500 : 1000 }

    @Test(arguments: StorageEngineKind.allCases) func onlyAnOperatorWithTheScopeCancels(engine: StorageEngineKind) async throws {
        let t = try await TestServer.startWithOperators(engine: engine)
        defer { Task { await t.stop() } }
        let order = try await t.buy(["Z1-1-1"], ref: "o1")
        let orderID = try #require(order["order_id"]?.stringValue)
        let byKiosk = try await t.cancel(orderID, #"{"reason":"asked"}"#, token: "token-k1")
        #expect(byKiosk.status == 403)
        #expect(byKiosk.code == "operator_token_required")
        #expect(byKiosk.json?["detail"]?.stringValue == "Kiosk 'k1' cannot call POST /v1/orders/{order_id}/cancel: it needs an operator token with the scope 'orders:cancel'.")
        let byReader = try await t.cancel(orderID, #"{"reason":"asked"}"#, token: "op-read")
        #expect(byReader.status == 403)
        #expect(byReader.code == "scope_missing")
        // An operator's token does not sell.
        #expect(try await t.hold(["Z1-1-2"], token: "op-all").code == "kiosk_token_required")
        #expect(try await t.send(.GET, "/v1/audit?order=\(orderID)", token: "token-k1").code == "operator_token_required")
        // Nothing was cancelled.
        #expect(try await t.server.store.storedOrder(id: orderID)?.seats == ["Z1-1-1"])
    }

    @Test(arguments: StorageEngineKind.allCases) func someTicketsThenTheRest(engine: StorageEngineKind) async throws {
        let t = try await TestServer.startWithOperators(engine: engine)
        defer { Task { await t.stop() } }
        let seats = ["Z1-1-1", "Z1-1-2", "Z1-3-1"]
        let order = try await t.buy(seats, ref: "o1")
        let orderID = try #require(order["order_id"]?.stringValue)
        let tickets = Dictionary(uniqueKeysWithValues: (order["lines"]?.arrayValue ?? []).map {
            ($0["seat_guid"]?.stringValue ?? "", $0["ticket_id"]?.stringValue ?? "")
        })
        let second = try #require(tickets["Z1-1-2"])

        let key = UUID().uuidString
        let partial = try await t.cancel(orderID, #"{"tickets":["\#(second)"],"reason":"double booking"}"#, key: key)
        #expect(partial.status == 200)
        #expect(partial.json?["status"] == "partially_cancelled")
        #expect(partial.json?["refund"]?["amount_minor"]?.intValue == Self.price("Z1-1-2"))
        #expect(partial.json?["total"]?["amount_minor"]?.intValue == seats.map(Self.price).reduce(0, +))
        let cancelledSeats = (partial.json?["lines"]?.arrayValue ?? []).filter { $0["cancelled"] == .bool(true) }.map { $0["seat_guid"]?.stringValue }
        #expect(cancelledSeats == ["Z1-1-2"])
        let cancellation = partial.json?["cancellations"]?.arrayValue?.first
        #expect(cancellation?["operator_id"] == "alice")
        #expect(cancellation?["reason"] == "double booking")
        #expect(cancellation?["tickets"] == .array([.string(second)]))

        // The same request again replays; the same tickets under a new key are a clear 409.
        let replay = try await t.cancel(orderID, #"{"tickets":["\#(second)"],"reason":"double booking"}"#, key: key)
        #expect(replay.status == 200)
        #expect(replay.headers["idempotent-replayed"] == "true")
        #expect(replay.body == partial.body)
        let again = try await t.cancel(orderID, #"{"tickets":["\#(second)"],"reason":"double booking"}"#)
        #expect(again.status == 409)
        #expect(again.code == "already_cancelled")
        #expect(again.json?["tickets"] == .array([.string(second)]))
        #expect(try await t.cancel(orderID, #"{"tickets":["tkt_nope"],"reason":"x"}"#).code == "unknown_tickets")

        // The seat is free: another kiosk holds and buys it.
        let availability = try await t.send(.GET, "/v1/events/\(t.eventID)/availability")
        #expect(availability.json?["seats"]?["Z1-1-2"] == nil)
        #expect(availability.json?["seats"]?["Z1-1-1"] == "sold")
        let resold = try await t.buy(["Z1-1-2"], token: "token-k2", ref: "o2")
        #expect(resold["status"] == "confirmed")

        // The rest, without naming tickets.
        let rest = try await t.cancel(orderID, #"{"reason":"event moved"}"#)
        #expect(rest.status == 200)
        #expect(rest.json?["status"] == "cancelled")
        #expect(rest.json?["refund"]?["amount_minor"]?.intValue == seats.map(Self.price).reduce(0, +))
        #expect(rest.json?["cancellations"]?.arrayValue?.count == 2)
        #expect(try await t.cancel(orderID, #"{"reason":"again"}"#).code == "already_cancelled")
        #expect(try await t.server.store.storedOrder(id: orderID)?.seats == [])
        // The kiosk that sold it sees the same document.
        let seen = try await t.send(.GET, "/v1/orders/\(orderID)")
        #expect(seen.json == rest.json)
        #expect(try await t.cancel("ord_nope", #"{"reason":"x"}"#).code == "order_not_found")
    }
}
