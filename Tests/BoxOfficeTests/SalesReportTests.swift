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
        let scenario = try await SalesScenario.run(on: t, clock: clock)
        let orders = scenario.orders
        let last = try #require(orders[2]["order_id"]?.stringValue)
        func price(_ seat: String) -> Int64 { SalesScenario.price(seat) }

        let report = try await t.server.store.salesReport(eventID: nil)
        for name in ["CAT1", "CAT2"] {
            let expected = SalesScenario.expectedCategory(name)
            let c = try #require(report.categories.first { $0.name == name })
            #expect(c.sold == expected.sold)
            #expect(c.held == expected.held)
            #expect(c.free == expected.free)
            #expect(c.revenueMinor == expected.revenue)
        }
        #expect(report.kiosks.map(\.key) == SalesScenario.expectedKiosks.map(\.key))
        #expect(report.kiosks.map(\.orders) == SalesScenario.expectedKiosks.map(\.orders))
        #expect(report.kiosks.map(\.tickets) == SalesScenario.expectedKiosks.map(\.tickets))
        #expect(report.kiosks.map(\.revenueMinor) == SalesScenario.expectedKiosks.map(\.revenue))
        #expect(report.hours.map(\.key) == SalesScenario.expectedHours.map(\.key))
        #expect(report.hours.map(\.revenueMinor) == SalesScenario.expectedHours.map(\.revenue))

        // The orders search.
        let code = try #require(orders[1]["code"]?.stringValue)
        #expect(try await t.server.store.orders(matching: .code(code.lowercased())).map(\.orderID) == [orders[1]["order_id"]?.stringValue])
        let bySeat = try await t.server.store.orders(matching: .seat("Z2-1-1"))
        #expect(bySeat.map(\.orderID) == [last])
        #expect(bySeat.first?.cancelledSeats == ["Z2-1-1"])
        #expect(bySeat.first?.refundMinor == price("Z2-1-1"))
        #expect(bySeat.first?.seats == ["Z2-1-1", "Z2-4-5", "Z2-5-5"])
        let start = SalesScenario.start
        #expect(try await t.server.store.orders(matching: .created(from: start + 3_600_000, to: start + 7_200_001)).count == 2)
        #expect(try await t.server.store.orders(matching: .all).count == 3)
        let row = try #require(bySeat.first?.csvRow)
        #expect(row.hasPrefix("\(last),\(orders[2]["code"]?.stringValue ?? ""),evt_test,k1,"))
        #expect(row.hasSuffix(",Z2-1-1 Z2-4-5 Z2-5-5,Z2-1-1,6500,4500,EUR"))
    }
}
