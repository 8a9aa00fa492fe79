import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import BoxOffice

@Suite("Orders search and the sales report")
struct SalesReportTests {
    @Test(arguments: StorageEngineKind.allCases) func numbersMatchWhatTheTestBought(engine: StorageEngineKind) async throws {
        let clock = TestClock()  // 1_800_000_000_000 ms: 2027-01-15T08:00:00Z
        let t = try await TestServer.startWithOperators(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        // What the test buys: (kiosk token, seats), an hour apart from the second on.
        let purchases = [("token-k1", ["Z1-1-1", "Z1-1-2"]), ("token-k2", ["Z1-3-1"]), ("token-k1", ["Z2-4-5", "Z2-1-1", "Z2-5-5"])]
        var orders: [JSONValue] = []
        for (i, (token, seats)) in purchases.enumerated() {
            if i > 0 { clock.advance(seconds: 3600) }
            orders.append(try await t.buy(seats, token: token, ref: "r\(i)"))
        }
        // One ticket of the last order cancelled, and a live hold of two seats.
        let last = try #require(orders[2]["order_id"]?.stringValue)
        let cancelledLine = try #require(orders[2]["lines"]?.arrayValue?.first { $0["seat_guid"] == "Z2-1-1" })
        #expect(try await t.cancel(last, #"{"tickets":["\#(cancelledLine["ticket_id"]?.stringValue ?? "")"],"reason":"x"}"#).status == 200)
        #expect(try await t.hold(["Z2-2-1", "Z2-3-1"], token: "token-k3").status == 201)

        // Expected, from the purchases and the venue's prices (rows 1–2 CAT1 4500, else CAT2 1000; 50 seats each).
        func price(_ seat: String) -> Int64 { OrderCancelTests.price(seat) }
        func category(_ seat: String) -> String { price(seat) == 4500 ? "CAT1" : "CAT2" }
        let live = purchases.enumerated().flatMap { i, p in p.1.filter { $0 != "Z2-1-1" }.map { (i, p.0, $0) } }
        let held = ["Z2-2-1", "Z2-3-1"]
        let report = try await t.server.store.salesReport(eventID: nil)
        for name in ["CAT1", "CAT2"] {
            let sold = live.filter { category($0.2) == name }
            let c = try #require(report.categories.first { $0.name == name })
            #expect(c.sold == sold.count)
            #expect(c.held == held.filter { category($0) == name }.count)
            #expect(c.free == 40 - sold.count - held.filter { category($0) == name }.count + (name == "CAT1" ? 0 : 20))
            #expect(c.revenueMinor == sold.map { price($0.2) }.reduce(0, +))
        }
        #expect(report.kiosks.map(\.key) == ["k1", "k2"])
        for kiosk in report.kiosks {
            let mine = live.filter { "token-" + kiosk.key == $0.1 }
            #expect(kiosk.tickets == mine.count)
            #expect(kiosk.orders == Set(mine.map(\.0)).count)
            #expect(kiosk.revenueMinor == mine.map { price($0.2) }.reduce(0, +))
        }
        #expect(report.hours.map(\.key) == ["2027-01-15T08:00:00.000Z", "2027-01-15T09:00:00.000Z", "2027-01-15T10:00:00.000Z"]
                || report.hours.map(\.key) == ["2027-01-15T08:00:00Z", "2027-01-15T09:00:00Z", "2027-01-15T10:00:00Z"])
        #expect(report.hours.map(\.revenueMinor) == (0..<3).map { i in live.filter { $0.0 == i }.map { price($0.2) }.reduce(0, +) })

        // The orders search.
        let code = try #require(orders[1]["code"]?.stringValue)
        #expect(try await t.server.store.orders(matching: .code(code.lowercased())).map(\.orderID) == [orders[1]["order_id"]?.stringValue])
        let bySeat = try await t.server.store.orders(matching: .seat("Z2-1-1"))
        #expect(bySeat.map(\.orderID) == [last])
        #expect(bySeat.first?.cancelledSeats == ["Z2-1-1"])
        #expect(bySeat.first?.refundMinor == price("Z2-1-1"))
        #expect(bySeat.first?.seats == ["Z2-1-1", "Z2-4-5", "Z2-5-5"])
        let start = Int64(1_800_000_000_000)
        #expect(try await t.server.store.orders(matching: .created(from: start + 3_600_000, to: start + 7_200_001)).count == 2)
        #expect(try await t.server.store.orders(matching: .all).count == 3)
        let row = try #require(bySeat.first?.csvRow)
        #expect(row.hasPrefix("\(last),\(orders[2]["code"]?.stringValue ?? ""),evt_test,k1,"))
        #expect(row.hasSuffix(",Z2-1-1 Z2-4-5 Z2-5-5,Z2-1-1,6500,4500,EUR"))
    }
}
