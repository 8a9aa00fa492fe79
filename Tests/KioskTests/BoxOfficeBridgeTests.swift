import Animation
import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import KioskUI
import Testing
@testable import Kiosk

/// The bridge against the real box office on 127.0.0.1: requests performed in tasks, answers
/// delivered on the event loop's thread through the mailbox, in order. Polls are requests the
/// session makes on its own clock (`BoxOfficeWatch`), so here the test asks for them, and holds
/// expire on a `VirtualClock`: nothing depends on how fast the machine is.
@Suite struct BoxOfficeBridgeTests {
    /// The event's hold time (s) and category price (minor units, EUR).
    static let holdTTL = 300
    static let price = 2500

    static func venueDocument() -> Data {
        let rows: [[String: Any]] = (1...2).map { r in
            ["row_number": "\(r)", "position": ["x": 0, "y": r * 30], "seats": (1...4).map { s in
                ["seat_guid": "A-\(r)-\(s)", "seat_number": "\(s)", "position": ["x": s * 25, "y": 0], "category": "CAT1"] as [String: Any]
            }]
        }
        let document: [String: Any] = ["name": "Bridge Arena", "categories": [["name": "CAT1", "color": "#E87722"]],
                                       "size": ["width": 200, "height": 200],
                                       "zones": [["zone_id": "A", "name": "A", "position": ["x": 20, "y": 20], "rows": rows, "areas": []]]]
        return try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// The real box office on 127.0.0.1 (an ephemeral port) with one event and three kiosk tokens
    /// (`token-k1` … `token-k3`); `now` (ms since 1970) is its clock when given.
    static func startServer(directory: String, port: Int = 0, now: (@Sendable () -> Int64)? = nil) async throws -> (BoxOfficeServer, Int) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = try BoxOfficeStore(path: directory + "/boxoffice.sqlite")
        _ = try await store.createEvent(id: "evt_bridge", name: "Bridge Match", layout: try VenueLayout(document: Self.venueDocument()),
                                        currency: "EUR", prices: ["CAT1": Int64(price)], holdTTLSeconds: holdTTL)
        var serverConfiguration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: port,
                                                                tokens: ["token-k1": "k1", "token-k2": "k2", "token-k3": "k3"])
        serverConfiguration.useTestDeadlines()
        serverConfiguration.sweepInterval = nil
        if let now { serverConfiguration.now = now }
        let server = try BoxOfficeServer(configuration: serverConfiguration)
        return (server, try await server.start())
    }

    /// A kiosk's client; `requestTimeout` (s) is long so that a loaded machine never times out.
    static func client(_ token: String, port: Int, directory: String, requestTimeout: Double = 30) throws -> PurchaseClient {
        let state = directory + "/kiosk-" + token
        var c = PurchaseClient.Configuration(cacheDirectory: state)
        c.retry = RetryPolicy(baseDelay: 0.02, maxDelay: 0.1, maxAttempts: 3, jitter: 0.5)
        return PurchaseClient(connection: BoxOfficeConnection(baseURL: "http://127.0.0.1:\(port)", token: token, requestTimeout: requestTimeout),
                              journal: try PurchaseJournal(directory: state), configuration: c)
    }

    static func temporaryDirectory() -> String { NSTemporaryDirectory() + "bridge-test-" + UUID().uuidString }

    @Test func holdsBuyAndTakenSeatsComeBackOnTheLoop() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await Self.startServer(directory: directory)
        let kiosk = try LiveKiosk(client: try Self.client("token-k1", port: port, directory: directory), start: 100)
        #expect(try await kiosk.start() == [.service(code: nil)])   // journal empty → in service

        // Holds expire a fixed time after the request that created them, on the session's clock.
        let expiry = 100 + Double(Self.holdTTL)
        let answers = try await kiosk.answers(to: [.holdSeat("A-1-1"), .holdSeat("A-1-2"), .releaseSeat("A-1-2")], count: 3)
        #expect(answers == [.seatHeld("A-1-1", expiresAt: expiry), .seatHeld("A-1-2", expiresAt: expiry), .seatReleased("A-1-2")])
        #expect(await kiosk.client.hold?.seats.map(\.seatGUID) == ["A-1-1"])   // the server agrees

        // Another kiosk buys A-2-1; this kiosk's hold on it is refused, naming the seat.
        let other = try Self.client("token-k2", port: port, directory: directory)
        _ = try await other.loadEvent("evt_bridge")
        try await other.tapSeat("A-2-1")
        _ = try await other.buy()
        #expect(try await kiosk.answers(to: [.holdSeat("A-2-1")], count: 1) == [.seatTaken("A-2-1")])

        let bought = try await kiosk.answers(to: [.buy(seats: ["A-1-1"], expectedTotal: Self.price)], count: 1)
        guard case .purchased(_, let seats, _)? = bought.first else { Issue.record("expected a purchase, got \(bought)"); return }
        #expect(seats == ["A-1-1"])
        #expect(try await server.store.orderCount() == 2)

        // The next poll reports the seat just bought as sold.
        let sold = SeatStatusChange(seatID: "A-1-1", status: "sold")
        let news = try await kiosk.answers(to: [.refreshAvailability], count: 1)
        guard case .availability(let changes)? = news.first else { Issue.record("expected availability, got \(news)"); return }
        #expect(changes.contains(sold))

        #expect(await kiosk.shutDown(timeout: 60))
        await server.stop()
    }

    /// The first poll lists every seat that is not free; later ones only what changed since
    /// (the `since` revision), free seats included; a poll with nothing new answers nothing.
    @Test func pollsAnswerWhatChangedSinceTheLastOne() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await Self.startServer(directory: directory)
        let kiosk = try LiveKiosk(client: try Self.client("token-k1", port: port, directory: directory), start: 0)
        #expect(try await kiosk.start() == [.service(code: nil)])
        let other = try Self.client("token-k2", port: port, directory: directory)
        _ = try await other.loadEvent("evt_bridge")
        try await other.tapSeat("A-1-3")
        try await other.tapSeat("A-2-2")
        _ = try await other.buy()
        try await other.tapSeat("A-1-4")

        #expect(try await kiosk.answers(to: [.refreshAvailability], count: 1)
                == [.availability([SeatStatusChange(seatID: "A-1-3", status: "sold"), SeatStatusChange(seatID: "A-1-4", status: "held"),
                                   SeatStatusChange(seatID: "A-2-2", status: "sold")])])
        #expect(try await kiosk.answers(to: [.refreshAvailability], count: 1) == [.availability([])])
        await other.reset()   // its hold released
        #expect(try await kiosk.answers(to: [.refreshAvailability], count: 1)
                == [.availability([SeatStatusChange(seatID: "A-1-4", status: "free")])])
        #expect(await kiosk.client.pollCount == 3)
        #expect(await kiosk.shutDown(timeout: 60))
        await server.stop()
    }

    /// What `tribune run` does on SIGTERM: the visitor's hold is released on the server, so the
    /// seats are free for the next kiosk at once instead of after the hold expires.
    @Test func shutdownReleasesTheHoldOnTheServer() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await Self.startServer(directory: directory)
        let kiosk = try LiveKiosk(client: try Self.client("token-k1", port: port, directory: directory), start: 0)
        #expect(try await kiosk.start() == [.service(code: nil)])
        #expect(try await kiosk.answers(to: [.holdSeat("A-2-3")], count: 1) == [.seatHeld("A-2-3", expiresAt: Double(Self.holdTTL))])
        let other = try Self.client("token-k2", port: port, directory: directory)
        _ = try await other.loadEvent("evt_bridge")
        try await other.refreshAvailability()
        #expect(await other.status(ofSeat: "A-2-3") == "held")
        // Returns as soon as the release is done; the long limit only rides out a loaded machine.
        #expect(await kiosk.shutDown(timeout: 60))
        try await other.refreshAvailability()
        #expect(await other.status(ofSeat: "A-2-3") == "free")
        await server.stop()
    }
}

/// A live kiosk's box-office path without the screen: a `BoxOfficeBridge` on an event loop whose
/// mailbox collects the answers; the session's clock stands at `start`.
final class LiveKiosk {
    let loop: EventLoop
    let bridge: BoxOfficeBridge
    let clock: VirtualClock
    var client: PurchaseClient { bridge.client }
    /// Everything the mailbox delivered on the loop, in order (the test reads and clears it).
    var received: [BoxOfficeResponse] = []

    init(client: PurchaseClient, start: Double, metrics: KioskMetrics? = nil) throws {
        loop = try EventLoop()
        clock = VirtualClock(start: start)
        var deliver: ([BoxOfficeResponse]) -> Void = { _ in }
        let mailbox = try LoopMailbox<BoxOfficeResponse>(loop: loop) { deliver($0) }
        bridge = BoxOfficeBridge(client: client, eventID: "evt_bridge", mailbox: mailbox, logger: .init(label: "bridge-test"), clock: clock,
                                 metrics: metrics)
        deliver = { [unowned self] in self.received += $0 }
    }

    /// Starts the bridge and returns what it posted once the journal was reconciled.
    func start() async throws -> [BoxOfficeResponse] {
        bridge.start()
        try #require(try await pump { $0.contains(.service(code: nil)) })
        try loop.runOnce(timeout: 0)
        defer { received.removeAll() }
        return received
    }

    /// Turns the loop without blocking a thread until `done` holds for what arrived.
    func pump(until done: ([BoxOfficeResponse]) -> Bool) async throws -> Bool {
        try await eventually {
            try loop.runOnce(timeout: 0)
            return done(received)
        }
    }

    /// Queues `requests` and returns the first `count` answers that arrive.
    func answers(to requests: [BoxOfficeRequest], count: Int) async throws -> [BoxOfficeResponse] {
        received.removeAll()
        bridge.perform(requests)
        try #require(try await pump { $0.count >= count }, "\(count) answers to \(requests), got \(received)")
        defer { received.removeAll() }
        return received
    }

    /// Stops the bridge and releases the hold (`releaseHolds` blocks its thread, so it runs on a
    /// thread of its own rather than on one of Swift concurrency's few).
    func shutDown(timeout: Double) async -> Bool {
        let bridge = bridge
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: bridge.releaseHolds(timeout: timeout)) }.start()
        }
    }
}
