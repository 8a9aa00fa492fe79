import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Seating
import Testing

@Suite("Purchase client against the real server")
struct PurchaseClientTests {
    @Test func tapsHoldBuyAndReset() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let client = try server.makeClient()
        _ = await client.resolveJournal()
        #expect(await client.isServingVisitors)
        let event = try await client.loadEvent("evt_test")
        #expect(event.categories.map(\.price.amountMinor) == [4500, 1000])
        let layout = try await client.layoutDocument()
        #expect(layout == ClientTestServer.venue())
        #expect(FileManager.default.fileExists(atPath: client.configuration.cacheDirectory + "/layouts/\(event.layoutID).json"))

        var hold = try await client.tapSeat("A-1-1")
        #expect(hold.seats.map(\.seatGUID) == ["A-1-1"])
        hold = try await client.tapSeat("A-3-1")
        #expect(hold.total.amountMinor == 5500)
        hold = try await client.tapSeat("A-1-1")   // second tap deselects
        #expect(hold.seats.map(\.seatGUID) == ["A-3-1"])
        let order = try await client.buy()
        #expect(order.lines.map(\.seatGUID) == ["A-3-1"])
        #expect(order.total == Money(amountMinor: 1000, currency: "EUR"))
        let journal = try client.journal.entries()
        #expect(journal.count == 1)
        #expect(journal.first?.state == .confirmed)
        #expect(journal.first?.orderID == order.orderID)
        #expect(journal.first?.clientOrderRef == order.clientOrderRef)

        _ = try await client.tapSeat("A-5-5")
        await client.reset()
        #expect(await client.hold == nil)
        try await client.refreshAvailability()
        #expect(await client.status(ofSeat: "A-5-5") == "free")
        #expect(await client.status(ofSeat: "A-3-1") == "sold")
        // Layouts are immutable: with the server gone, the cached copy still serves.
        await server.stop()
        #expect(try await client.layoutDocument() == layout)
    }

    @Test func seatTakenMeanwhileNamesTheSeat() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let mine = try server.makeClient(token: "token-k1")
        let other = try server.makeClient(token: "token-k2")
        _ = try await mine.loadEvent("evt_test")
        _ = try await other.loadEvent("evt_test")
        try await mine.refreshAvailability()
        _ = try await mine.tapSeat("A-4-4")
        _ = try await other.tapSeat("A-4-5")
        await #expect(throws: BoxOfficeError.seatsTaken(["A-4-5"])) { try await mine.tapSeat("A-4-5") }
        #expect(await mine.status(ofSeat: "A-4-5") == "held")   // refreshed
        #expect(await mine.hold?.seats.map(\.seatGUID) == ["A-4-4"])   // the other seats stay held
        await #expect(throws: BoxOfficeError.seatsTaken(["A-4-4"])) { try await other.tapSeat("A-4-4") }
    }

    /// Availability as the kiosk's polls ask for it: the full list first, then what changed
    /// `since` the last revision (the session decides when to ask: `BoxOfficeWatch`).
    @Test func availabilityDeltasComeThroughSince() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let client = try server.makeClient()
        _ = try await client.loadEvent("evt_test")
        try await client.refreshAvailability()
        let first = await client.lastDelta
        #expect(await client.pollCount == 1 && first?.full == true)
        // Deltas: a seat held elsewhere shows up through `since`.
        let other = try server.makeClient(token: "token-k2")
        _ = try await other.loadEvent("evt_test")
        let before = try #require(await client.availabilityRevision)
        _ = try await other.tapSeat("A-9-9")
        try await client.refreshAvailability()
        #expect(await client.status(ofSeat: "A-9-9") == "held")
        #expect(try #require(await client.availabilityRevision) > before)
        let delta = try #require(await client.lastDelta)
        #expect(!delta.full && delta.changes.map(\.seatID) == ["A-9-9"])
    }

    @Test func outOfServiceAfterConfiguredTime() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let time = ManualTime()
        let proxy = try FaultProxy(upstreamPort: server.port.withLock { $0 })
        defer { proxy.stop() }
        let client = try server.makeClient(through: proxy.port, retry: RetryPolicy(baseDelay: 0.001, maxDelay: 0.001, maxAttempts: 2, jitter: 0),
                                           outOfServiceAfter: 30, now: time.now)
        _ = await client.resolveJournal()
        _ = try await client.loadEvent("evt_test")
        proxy.setRule { _ in .dropBeforeForwarding }
        await #expect(throws: (any Error).self) { try await client.refreshAvailability() }
        #expect(await client.serviceState == .inService)   // not yet: 0 s unreachable
        time.advance(29)
        #expect(await client.serviceState == .inService)
        time.advance(1)
        #expect(await client.serviceState == .outOfService(since: 1_000_000))
        #expect(await !client.isServingVisitors)
        proxy.setRule { _ in .pass }
        try await client.refreshAvailability()
        #expect(await client.serviceState == .inService)
    }
}

@Suite("Availability feed into the Seating model")
struct SeatingBridgeTests {
    @Test func feedDrivesTheChartsAvailability() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let client = try server.makeClient()
        let other = try server.makeClient(token: "token-k2")
        _ = try await client.loadEvent("evt_test")
        _ = try await other.loadEvent("evt_test")
        try await client.refreshAvailability()
        let full = try #require(await client.lastDelta)
        #expect(full.full)
        #expect(full.changes.isEmpty)
        _ = try await other.tapSeat("A-2-3")
        _ = try await other.tapSeat("A-2-4")
        _ = try await other.buy()
        _ = try await other.tapSeat("A-7-7")
        try await client.refreshAvailability()
        let delta = try #require(await client.lastDelta)
        #expect(!delta.full)
        #expect(delta.baseRevision == full.revision)
        #expect(delta.changes.map(\.seatID) == ["A-2-3", "A-2-4", "A-7-7"])
        #expect(delta.changes.map(\.status.name) == ["sold", "sold", "held"])

        let venue = try await client.venue()
        #expect(venue.seats.count == 100)
        let lookup = SeatLookup(venue: venue)
        var availability = EventAvailability(seatCount: venue.seats.count)
        try availability.apply(full, lookup: lookup)
        try availability.apply(delta, lookup: lookup)
        #expect(availability.status(try #require(lookup.index(of: "A-2-3"))) == .sold)
        #expect(availability.status(try #require(lookup.index(of: "A-1-1"))) == .available)
        #expect(availability.status(try #require(lookup.index(of: "A-7-7"))).name == "held")
    }
}
