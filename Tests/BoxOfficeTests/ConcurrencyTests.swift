import AsyncHTTPClient
import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import BoxOffice

@Suite("Concurrent kiosks")
struct ConcurrencyTests {
    /// 8 kiosks × 200 random hold/order attempts on 150 overlapping seats.
    @Test(arguments: StorageEngineKind.allCases) func eightKiosksNeverDoubleSell(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine, venue: TestVenue.document(zones: 1, rows: 10, seatsPerRow: 15))
        defer { Task { await t.stop() } }
        let pool = (1...10).flatMap { r in (1...15).map { "Z1-\(r)-\($0)" } }
        let confirmed = try await withThrowingTaskGroup(of: [String: [String]].self) { group in
            for kiosk in 1...8 {
                group.addTask {
                    var rng = SystemRandomNumberGenerator()
                    var orders: [String: [String]] = [:]   // order id → seats
                    for attempt in 0..<200 {
                        let seats = Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in pool.randomElement(using: &rng)! })).sorted()
                        let held = try await t.hold(seats, token: "token-k\(kiosk)")
                        guard held.status == 201 else {
                            #expect(held.code == "seat_unavailable")
                            continue
                        }
                        let holdID = held.json!["hold_id"]!.stringValue!
                        if Bool.random(using: &rng) || attempt % 3 == 0 {
                            let amount = held.json!["total"]!["amount_minor"]!.intValue!
                            let order = try await t.send(.POST, "/v1/orders", token: "token-k\(kiosk)",
                                                         json: t.orderBody(ref: "k\(kiosk)-\(attempt)", holdID: holdID, amount: amount))
                            #expect(order.status == 201)
                            if order.status == 201 {
                                orders[order.json!["order_id"]!.stringValue!] = order.json!["lines"]!.arrayValue!.map { $0["seat_guid"]!.stringValue! }
                            }
                        } else {
                            _ = try await t.send(.DELETE, "/v1/holds/\(holdID)", token: "token-k\(kiosk)")
                        }
                    }
                    return orders
                }
            }
            var all: [String: [String]] = [:]
            for try await orders in group { all.merge(orders) { a, _ in a } }
            return all
        }
        let soldSeats = confirmed.values.flatMap { $0 }
        let (serverOrders, soldInState, perSeatMax, ticketCount) = try await t.read { db -> (Int?, Set<String>, Int?, Int?) in
            (try db.value("SELECT COUNT(*) FROM purchase_order"),
             Set(try db.values("SELECT seat_guid FROM seat_state WHERE state = 'sold'") as [String]),
             try db.value("SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM ticket GROUP BY event_id, seat_guid) AS per_seat"),
             try db.value("SELECT COUNT(*) FROM ticket"))
        }
        print("concurrency: \(confirmed.count) orders, \(soldSeats.count) seats sold of \(pool.count)")
        #expect(Set(soldSeats).count == soldSeats.count, "a seat was sold twice")
        #expect(Set(soldSeats) == soldInState)
        #expect(serverOrders == confirmed.count)
        #expect(ticketCount == soldSeats.count)
        #expect((perSeatMax ?? 99) <= 1)
        #expect(confirmed.count > 0)
    }
}
