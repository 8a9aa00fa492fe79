import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// `tribune-boxoffice event create` as a library call (`EventSetup`) on a temporary database,
/// on both engines where a database is written.
@Suite("Event setup")
struct EventSetupTests {
    /// Every category's price straight from the venue file, except the one `--price` names; the
    /// currency is the venue's.
    @Test(arguments: StorageEngineKind.allCases) func tribuneVenuePricesTheEvent(engine: StorageEngineKind) async throws {
        let (directory, venuePath) = try TribuneVenueFixture.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try DatabaseURL(parsing: engine.newDatabaseURL(directory: directory))
        var setup = EventSetup(database: database, venuePath: venuePath, name: "Cup Final")
        setup.id = "evt_cup"
        setup.prices = ["CAT2": 3100]
        setup.startsAt = "2026-03-14T20:45:00+01:00"
        #expect(try await setup.run() == "evt_cup")

        let store = try await BoxOfficeStore(url: database)
        defer { Task { await store.close() } }
        let event = try await store.event(id: "evt_cup")
        #expect(event["currency"] == "CHF")
        // The start is served as it was given (the venue's offset kept).
        #expect(event["starts_at"] == "2026-03-14T20:45:00+01:00")
        let categories = event["categories"]?.arrayValue ?? []
        #expect(categories.map { $0["name"]?.stringValue } == ["CAT1", "CAT2", "WHEEL"])
        #expect(categories.map { $0["price"]?["amount_minor"]?.intValue } == [4500, 3100, 1900])
        #expect(categories.map { $0["price"]?["currency"]?.stringValue } == ["CHF", "CHF", "CHF"])
        #expect(categories.map { $0["color"]?.stringValue } == ["#E87722", "#1D3557", "#2A9D8F"])

        // The layout is served byte for byte, and the seats are those of the file.
        let layoutID = try #require(event["layout_id"]?.stringValue)
        #expect(try await store.layoutDocument(id: layoutID) == TribuneVenueFixture.document)
        let seats = try await store.read { db in
            try db.rows("SELECT seat_guid, category, label, row_key, row_index FROM seat_state WHERE event_id = 'evt_cup' ORDER BY seat_guid")
        }
        #expect(seats.count == 12)
        let s12 = try #require(seats.first { ($0["seat_guid"] as String) == "S-1-2" })
        #expect(s12["category"] as String == "WHEEL")
        #expect(s12["label"] as String == "Block South · Row 1 · Seat 2")
        #expect(s12["row_key"] as String == "S/1")
        #expect(s12["row_index"] as Int64 == 1)
        let n24 = try #require(seats.first { ($0["seat_guid"] as String) == "N-2-4" })
        #expect(n24["row_key"] as String == "N/2")
        #expect(n24["row_index"] as Int64 == 3)
    }

    /// Rows read from the venue file drive the no-orphan rule: holding N-1-2 and N-1-3 of the
    /// four-seat row 1 leaves N-1-1 and N-1-4 alone at its ends, so the order is refused naming
    /// both; the total the kiosk must show is the venue's CAT1 price twice (4500 × 2).
    @Test(arguments: StorageEngineKind.allCases) func venueRowsDriveTheNoOrphanRule(engine: StorageEngineKind) async throws {
        let t = try await TestServer.start(engine: engine, venue: TribuneVenueFixture.document, noOrphanSeats: true)
        defer { Task { await t.stop() } }
        let hold = try await t.hold(["N-1-2", "N-1-3"])
        #expect(hold.status == 201)
        #expect(hold.json?["total"]?["amount_minor"] == 9000)
        let holdID = try #require(hold.json?["hold_id"]?.stringValue)
        let order = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: UUID().uuidString, holdID: holdID, amount: 9000, currency: "CHF"))
        #expect(order.status == 422)
        #expect(order.code == "orphan_seat")
        #expect(order.json?["orphans"] == ["N-1-1", "N-1-4"])
        // Row 2 of the South tribune (S-2-1, S-2-2) taken whole leaves nobody alone.
        let whole = try await t.hold(["S-2-1", "S-2-2"])
        let wholeID = try #require(whole.json?["hold_id"]?.stringValue)
        let sold = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: UUID().uuidString, holdID: wholeID, amount: 5800, currency: "CHF"))
        #expect(sold.status == 201)
    }

    /// Bad venue files: the error names the file and the JSON path (or line and column), and
    /// the database is not even created (SQLite's file; the check comes before any database is opened).
    @Test(arguments: [
        (TribuneVenueFixture.replacing("\"amount_minor\":2900", with: "\"amount_minor\":-5"), "categories[1].price.amount_minor: expected an integer ≥ 0 (minor units), found -5"),
        (TribuneVenueFixture.replacing("\"amount_minor\":1900", with: "\"amount_minor\":19.5"), "categories[2].price.amount_minor: expected an integer ≥ 0 (minor units), found 19.5"),
        (TribuneVenueFixture.replacing("\"currency\":\"CHF\"}},\n{\"id\":\"CAT2\"", with: "\"currency\":\"chf\"}},\n{\"id\":\"CAT2\""), "categories[0].price.currency: expected an ISO 4217 code"),
        (TribuneVenueFixture.replacing("\"color\":\"#1D3557\"", with: "\"colour\":\"#1D3557\""), "categories[1].colour: unknown key"),
        (TribuneVenueFixture.replacing("\"number\":\"3\",\"x\":170.0,\"y\":45.0,\"rotation\":0.0,\"category\":\"CAT2\"", with: "\"number\":\"3\",\"x\":170.0,\"y\":45.0,\"rotation\":0.0,\"category\":\"VIP\""),
         "tribunes[0].seats[6].category: expected one of the categories (CAT1, CAT2, WHEEL), found \"VIP\""),
        (TribuneVenueFixture.replacing("{\"id\":\"N-2-4\",\"row\":\"2\"", with: "{\"id\":\"N-2-4\",\"row\":\"1\""), "tribunes[0].seats[7].row: row \"1\" appeared earlier in tribune 'N'"),
        (TribuneVenueFixture.replacing("{\"id\":\"S-2-2\"", with: "{\"id\":\"S-2-1\""), "tribunes[1].seats[3].id: 'S-2-1' is used twice"),
        (TribuneVenueFixture.replacing("\"version\":1", with: "\"version\":2"), "version: expected 1, found 2"),
        (TribuneVenueFixture.replacing("\"format\":\"tribune-venue\"", with: "\"format\":\"seatsio\""), "format: expected \"tribune-venue\""),
        (TribuneVenueFixture.replacing("\"label\":\"South\",", with: ""), "tribunes[1].label: missing"),
        // Line 2 of the file is CAT1's line; the parser stops at the brace after the stray comma, column 98.
        (TribuneVenueFixture.replacing("\"currency\":\"CHF\"}},\n{\"id\":\"CAT2\"", with: "\"currency\":\"CHF\",}},\n{\"id\":\"CAT2\""), "not valid JSON at line 2, column 98"),
    ])
    func badVenueFileIsRefusedWithItsPath(document: Data, expected: String) async throws {
        let (directory, venuePath) = try TribuneVenueFixture.folder(document: document)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let databasePath = directory + "/db.sqlite"
        let setup = EventSetup(databasePath: databasePath, venuePath: venuePath, name: "Bad")
        let error = await #expect(throws: SetupError.self) { try await setup.run() }
        let message = error?.description ?? ""
        #expect(message.hasPrefix(venuePath + ": invalid venue layout: "), "\(message)")
        #expect(message.contains(expected), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: databasePath))
    }

    /// A pretix plan has no prices: every category needs --price or --default-price, instead
    /// of a silent made-up price.
    @Test(arguments: StorageEngineKind.allCases) func pretixPlanNeedsPrices(engine: StorageEngineKind) async throws {
        let (directory, venuePath) = try TribuneVenueFixture.folder(document: TestVenue.document())
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try DatabaseURL(parsing: engine.newDatabaseURL(directory: directory))
        var setup = EventSetup(database: database, venuePath: venuePath, name: "Plan")
        setup.prices = ["CAT1": 4500]
        let error = await #expect(throws: SetupError.self) { try await setup.run() }
        #expect(error?.description == "\(venuePath): category CAT2 (categories[1]) has no price: this pretix seating plan carries none; give --price CAT2=AMOUNT or --default-price AMOUNT")

        setup.defaultPrice = 1500
        let id = try await setup.run()
        let store = try await BoxOfficeStore(url: database)
        let event = try await store.event(id: id)
        await store.close()
        #expect(event["currency"] == "EUR")
        #expect(event["categories"]?.arrayValue?.map { $0["price"]?["amount_minor"]?.intValue } == [4500, 1500])
    }

    @Test(arguments: StorageEngineKind.allCases) func optionMistakesAreNamed(engine: StorageEngineKind) async throws {
        #expect(throws: SetupError("--price 'CAT1=45.00': expected CATEGORY=AMOUNT with AMOUNT a non-negative integer in minor units (4500 = 45.00)")) {
            try EventSetup.parsePrices(["CAT1=45.00"])
        }
        #expect(throws: SetupError("--price names category CAT1 twice")) { try EventSetup.parsePrices(["CAT1=1", "CAT1=2"]) }
        #expect(throws: SetupError.self) { try EventSetup.parsePrices(["=5"]) }
        #expect(try EventSetup.parsePrices(["CAT1=4500", "WHEEL=0"]) == ["CAT1": 4500, "WHEEL": 0])

        let (directory, venuePath) = try TribuneVenueFixture.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var setup = EventSetup(database: try DatabaseURL(parsing: engine.newDatabaseURL(directory: directory)), venuePath: venuePath, name: "Cup")
        setup.prices = ["VIP": 9900]
        await #expect(throws: SetupError("\(venuePath): --price names unknown category VIP; the venue has CAT1, CAT2, WHEEL")) { try await setup.run() }

        // The venue prices in CHF; an event in EUR must price every category itself.
        setup.prices = ["CAT1": 5000]
        setup.currency = "EUR"
        await #expect(throws: SetupError("\(venuePath): categories[1].price.currency: category CAT2 costs 2900 CHF but the event sells in EUR; give --price CAT2=AMOUNT in EUR or --currency CHF")) {
            try await setup.run()
        }
        setup.prices = ["CAT1": 5000, "CAT2": 3000, "WHEEL": 2000]
        setup.id = "evt_eur"
        #expect(try await setup.run() == "evt_eur")
        await #expect(throws: SetupError("an event 'evt_eur' already exists in this database; choose another --id")) { try await setup.run() }

        setup.venuePath = directory + "/missing.json"
        let missing = await #expect(throws: SetupError.self) { try await setup.run() }
        #expect(missing?.description.hasPrefix(directory + "/missing.json: cannot read the venue file") == true)
    }

    /// `event list`'s counts: 100 seats (2 blocks × 5 rows × 10); two sold in one order of
    /// 2 × 4500, one held, one blocked, and one whose hold expired counts as free again.
    @Test(arguments: StorageEngineKind.allCases) func summaryCountsSeatsByEffectiveState(engine: StorageEngineKind) async throws {
        let clock = TestClock()
        let t = try await TestServer.start(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        let sold = try await t.hold(["Z1-1-1", "Z1-1-2"])
        let soldID = try #require(sold.json?["hold_id"]?.stringValue)
        #expect(try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "r1", holdID: soldID, amount: 9000)).status == 201)
        #expect(try await t.hold(["Z1-2-1"]).status == 201)
        clock.advance(seconds: 481)
        #expect(try await t.hold(["Z1-3-3"]).status == 201)
        try await t.server.store.block(eventID: t.eventID, seats: ["Z2-5-10"])
        let summaries = try await t.server.store.eventSummaries()
        #expect(summaries == [EventSummary(id: "evt_test", name: "Test Match", currency: "EUR", seats: 100, free: 96, held: 1, sold: 2,
                                           blocked: 1, orders: 1, revenueMinor: 9000)])
    }

    @Test func tokenFileMistakesAreNamed() throws {
        let directory = NSTemporaryDirectory() + "boxoffice-tokens-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tokens"
        try "# kiosks\nk1 secret-1\n\nk2 secret-1\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SetupError("\(path):4: kiosk k2 has the same token as kiosk k1; give each kiosk its own")) { try BoxOfficeServer.readTokens(path: path) }
        try "# no kiosks yet\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SetupError("\(path): no tokens; expected lines 'KIOSK_ID TOKEN'")) { try BoxOfficeServer.readTokens(path: path) }
        try "k1 secret-1\nk2\tsecret-2\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try BoxOfficeServer.readTokens(path: path) == ["secret-1": "k1", "secret-2": "k2"])
    }
}
