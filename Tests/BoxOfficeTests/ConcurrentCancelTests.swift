import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// Operators racing to cancel the same tickets at once, on both engines: exactly one cancellation
/// takes effect; every other request is that answer replayed (same Idempotency-Key), a clear 409
/// (`already_cancelled`, or `idempotency_in_flight` while the same key's first request runs), and
/// the seats are freed and audited exactly once.
@Suite("Concurrent cancels")
struct ConcurrentCancelTests {
    @Test(arguments: StorageEngineKind.allCases) func exactlyOneCancellationTakesEffect(engine: StorageEngineKind) async throws {
        let t = try await TestServer.startWithOperators(engine: engine)
        defer { Task { await t.stop() } }
        let seats = ["Z1-1-1", "Z1-1-2", "Z1-3-1"]
        let order = try await t.buy(seats, ref: "race")
        let orderID = try #require(order["order_id"]?.stringValue)
        let tickets = (order["lines"]?.arrayValue ?? []).filter { $0["seat_guid"]?.stringValue != "Z1-3-1" }.compactMap { $0["ticket_id"]?.stringValue }
        let body = "{\"tickets\":[" + tickets.map { "\"\($0)\"" }.joined(separator: ",") + "],\"reason\":\"race\"}"
        // 12 clients at once: 6 share one key, 6 have keys of their own.
        let shared = UUID().uuidString
        let keys = (0..<12).map { $0 < 6 ? shared : UUID().uuidString }
        let answers = try await withThrowingTaskGroup(of: (String, Exchange).self) { group in
            for key in keys { group.addTask { (key, try await t.cancel(orderID, body, key: key)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let effective = answers.filter { $0.1.status == 200 && $0.1.headers["idempotent-replayed"] != "true" }
        #expect(effective.count == 1, "\(answers.map { ($0.1.status, $0.1.code ?? "") })")
        let winner = try #require(effective.first)
        #expect(winner.1.json?["status"] == "partially_cancelled")
        #expect(winner.1.json?["refund"]?["amount_minor"]?.intValue == 9000)
        for (key, answer) in answers where answer.status == 200 && answer.headers["idempotent-replayed"] == "true" {
            #expect(key == winner.0)
            #expect(answer.body == winner.1.body)
        }
        for (key, answer) in answers where answer.status != 200 {
            #expect(answer.status == 409, "\(answer.status) \(answer.code ?? "")")
            if key == winner.0 {
                #expect(answer.code == "idempotency_in_flight")
            } else {
                #expect(answer.code == "already_cancelled" || (key == shared && answer.code == "idempotency_in_flight"), "\(answer.code ?? "")")
            }
        }
        // Stored once: one cancellation, the two seats free and the third sold, one audit entry.
        let stored = try await t.send(.GET, "/v1/orders/\(orderID)")
        #expect(stored.json?["cancellations"]?.arrayValue?.count == 1)
        let availability = try await t.send(.GET, "/v1/events/\(t.eventID)/availability")
        #expect(availability.json?["seats"]?["Z1-1-1"] == nil)
        #expect(availability.json?["seats"]?["Z1-1-2"] == nil)
        #expect(availability.json?["seats"]?["Z1-3-1"] == "sold")
        let trail = try await t.send(.GET, "/v1/audit?order=\(orderID)", token: "op-all")
        let cancels = (trail.json?["entries"]?.arrayValue ?? []).filter { $0["action"] == "cancel" }
        #expect(cancels.count == 1)
        #expect(cancels.first?["seats"]?.arrayValue?.count == 2)
        for seat in ["Z1-1-1", "Z1-1-2"] {
            let seatTrail = try await t.send(.GET, "/v1/audit?seat=\(seat)", token: "op-all")
            #expect((seatTrail.json?["entries"]?.arrayValue ?? []).filter { $0["action"] == "cancel" }.count == 1, "\(seat)")
        }
        // Each freed seat sells exactly once again.
        #expect(try await t.buy(["Z1-1-1", "Z1-1-2"], token: "token-k2", ref: "again")["status"] == "confirmed")
    }
}
