import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Testing
@testable import Kiosk

/// The kiosk's bridge sells through one `BoxOfficePerformer` for as long as it runs: the orders
/// it keeps for reports stop at `orderLimit` (the soak found them growing with every sale),
/// while `orderCount` goes on counting.
@Suite struct BoxOfficePerformerOrderLimitTests {
    @Test func keptOrdersStopAtTheLimitAndTheCountGoesOn() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let sales = BoxOfficePerformer.orderLimit + 3
        // One row per order's seat, enough for every sale.
        let seats = (1...sales).map { ["seat_guid": "S-\($0)", "seat_number": "\($0)", "position": ["x": $0 * 25, "y": 0], "category": "CAT1"] as [String: Any] }
        let document: [String: Any] = ["name": "Limit Arena", "categories": [["name": "CAT1", "color": "#E87722"]],
                                       "size": ["width": sales * 25 + 50, "height": 100],
                                       "zones": [["zone_id": "S", "name": "S", "position": ["x": 0, "y": 20],
                                                  "rows": [["row_number": "1", "position": ["x": 0, "y": 30], "seats": seats]], "areas": []]]]
        let store = try BoxOfficeStore(path: directory + "/boxoffice.sqlite")
        _ = try await store.createEvent(id: "evt_limit", name: "Limit", layout: try VenueLayout(document: try JSONSerialization.data(withJSONObject: document)),
                                        currency: "EUR", prices: ["CAT1": 1000])
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: 0, tokens: ["token-k1": "k1"])
        configuration.useTestDeadlines()
        let server = try BoxOfficeServer(configuration: configuration)
        let port = try await server.start()
        let performer = BoxOfficePerformer(client: try BoxOfficeBridgeTests.client("token-k1", port: port, directory: directory), eventID: "evt_limit")
        var confirmed: [String] = []
        for k in 1...sales {
            _ = await performer.perform(.holdSeat("S-\(k)"), at: Double(k))
            for case .purchased(let order, _, _) in await performer.perform(.buy(seats: ["S-\(k)"], expectedTotal: 1000), at: Double(k)) {
                confirmed.append(order)
            }
        }
        #expect(confirmed.count == sales)
        #expect(await performer.orderCount == sales)
        #expect(await performer.orders.map(\.orderID) == Array(confirmed.prefix(BoxOfficePerformer.orderLimit)))
        #expect(try await server.store.orderCount() == sales)
        await server.stop()
    }
}
