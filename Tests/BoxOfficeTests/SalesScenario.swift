import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// What the sales-report tests buy, and what they expect, derived from the purchases and the
/// test venue's prices by hand (rows 1–2 CAT1 at 4500, the rest CAT2 at 1000; 50 seats each):
/// three orders an hour apart from 2027-01-15T08:00Z, one ticket of the last cancelled, then a
/// two-seat hold placed a century later so that it is live for the test's clock and for a
/// process reading the database with the real one.
struct SalesScenario {
    /// (kiosk token, seats) of each order, in order.
    static let purchases = [("token-k1", ["Z1-1-1", "Z1-1-2"]), ("token-k2", ["Z1-3-1"]), ("token-k1", ["Z2-4-5", "Z2-1-1", "Z2-5-5"])]
    static let cancelledSeat = "Z2-1-1"
    static let held = ["Z2-2-1", "Z2-3-1"]
    static let start = Int64(1_800_000_000_000)

    /// The order documents the server answered.
    var orders: [JSONValue]

    /// Runs the scenario on `t` (started with operators and `clock`).
    static func run(on t: TestServer, clock: TestClock) async throws -> SalesScenario {
        var orders: [JSONValue] = []
        for (i, (token, seats)) in purchases.enumerated() {
            if i > 0 { clock.advance(seconds: 3600) }
            orders.append(try await t.buy(seats, token: token, ref: "r\(i)"))
        }
        let last = try #require(orders[2]["order_id"]?.stringValue)
        let line = try #require(orders[2]["lines"]?.arrayValue?.first { $0["seat_guid"]?.stringValue == cancelledSeat })
        #expect(try await t.cancel(last, #"{"tickets":["\#(line["ticket_id"]?.stringValue ?? "")"],"reason":"x"}"#).status == 200)
        clock.advance(seconds: 100 * 366 * 86_400)
        #expect(try await t.hold(held, token: "token-k3").status == 201)
        return SalesScenario(orders: orders)
    }

    static func price(_ seat: String) -> Int64 { OrderCancelTests.price(seat) }
    static func category(_ seat: String) -> String { price(seat) == 4500 ? "CAT1" : "CAT2" }

    /// Every live ticket: (order index, kiosk id, seat).
    static var live: [(order: Int, kiosk: String, seat: String)] {
        purchases.enumerated().flatMap { i, p in
            p.1.filter { $0 != cancelledSeat }.map { (i, String(p.0.dropFirst("token-".count)), $0) }
        }
    }

    /// Per category: sold, held, free, blocked, revenue.
    static func expectedCategory(_ name: String) -> (sold: Int, held: Int, free: Int, blocked: Int, revenue: Int64) {
        let sold = live.filter { category($0.seat) == name }
        let heldHere = held.filter { category($0) == name }.count
        let seats = name == "CAT1" ? 40 : 60  // 2 zones × rows 1–2 (or 3–5) × 10 seats
        return (sold.count, heldHere, seats - sold.count - heldHere, 0, sold.map { price($0.seat) }.reduce(0, +))
    }

    /// Per kiosk (sorted): orders, tickets, revenue.
    static var expectedKiosks: [(key: String, orders: Int, tickets: Int, revenue: Int64)] {
        Set(live.map(\.kiosk)).sorted().map { kiosk in
            let mine = live.filter { $0.kiosk == kiosk }
            return (kiosk, Set(mine.map(\.order)).count, mine.count, mine.map { price($0.seat) }.reduce(0, +))
        }
    }

    /// Per hour: orders, tickets, revenue; the hours' keys are 08:00, 09:00 and 10:00 UTC.
    static var expectedHours: [(key: String, orders: Int, tickets: Int, revenue: Int64)] {
        (0..<purchases.count).map { i in
            let mine = live.filter { $0.order == i }
            return ("2027-01-15T\(8 + i < 10 ? "0" : "")\(8 + i):00:00.000Z", 1, mine.count, mine.map { price($0.seat) }.reduce(0, +))
        }
    }
}
