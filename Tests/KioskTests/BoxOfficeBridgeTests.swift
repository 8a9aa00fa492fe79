import BoxOffice
import BoxOfficeClient
import Foundation
import KioskUI
import Testing
@testable import Kiosk

/// The bridge against the real box office on 127.0.0.1: requests performed in tasks, answers
/// delivered on the event loop's thread through the mailbox, in order.
@Suite struct BoxOfficeBridgeTests {
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

    /// The real box office on 127.0.0.1 (an ephemeral port) with one event and two kiosk tokens.
    static func startServer(directory: String) async throws -> (BoxOfficeServer, Int) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = try BoxOfficeStore(path: directory + "/boxoffice.sqlite")
        _ = try await store.createEvent(id: "evt_bridge", name: "Bridge Match", layout: try VenueLayout(document: Self.venueDocument()),
                                        prices: ["CAT1": 2500])
        var serverConfiguration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: 0,
                                                                tokens: ["token-k1": "k1", "token-k2": "k2"])
        serverConfiguration.sweepInterval = nil
        let server = try BoxOfficeServer(configuration: serverConfiguration)
        return (server, try await server.start())
    }

    static func client(_ token: String, port: Int, directory: String) throws -> PurchaseClient {
        let state = directory + "/kiosk-" + token
        var c = PurchaseClient.Configuration(cacheDirectory: state)
        c.retry = RetryPolicy(baseDelay: 0.02, maxDelay: 0.1, maxAttempts: 3, jitter: 0.5)
        return PurchaseClient(connection: BoxOfficeConnection(baseURL: "http://127.0.0.1:\(port)", token: token, requestTimeout: 2),
                              journal: try PurchaseJournal(directory: state), configuration: c)
    }

    /// Turns the loop until `done` holds (or 20 s pass), letting the tasks run in between.
    func pump(_ loop: EventLoop, until done: () -> Bool) async throws {
        let start = Date()
        while !done() && Date().timeIntervalSince(start) < 20 {
            try loop.runOnce(timeout: 0.01)
            await Task.yield()
        }
    }

    @Test func holdsBuyAndTakenSeatsComeBackOnTheLoop() async throws {
        let directory = NSTemporaryDirectory() + "bridge-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await Self.startServer(directory: directory)
        func client(_ token: String) throws -> PurchaseClient { try Self.client(token, port: port, directory: directory) }

        let loop = try EventLoop()
        var received: [BoxOfficeResponse] = []
        let mailbox = try LoopMailbox<BoxOfficeResponse>(loop: loop) { received += $0 }
        let kiosk = try client("token-k1")
        _ = try await kiosk.loadEvent("evt_bridge")
        let bridge = BoxOfficeBridge(client: kiosk, eventID: "evt_bridge", pollInterval: 0.5, mailbox: mailbox,
                                     logger: .init(label: "bridge-test"))
        bridge.start()
        try await pump(loop) { received.contains(.service(code: nil)) }
        #expect(received.contains(.service(code: nil)))          // journal empty → in service

        received.removeAll()
        bridge.perform([.holdSeat("A-1-1"), .holdSeat("A-1-2"), .releaseSeat("A-1-2")])
        try await pump(loop) { received.contains(.seatReleased("A-1-2")) }
        let answers = received.filter { if case .availability = $0 { return false }; return true }
        #expect(answers.count == 3)
        if answers.count == 3 {
            guard case .seatHeld("A-1-1", _) = answers[0], case .seatHeld("A-1-2", _) = answers[1] else {
                Issue.record("expected the two holds first, in order: \(answers)"); return
            }
            #expect(answers[2] == .seatReleased("A-1-2"))
        }
        let hold = await kiosk.hold
        #expect(hold?.seats.map(\.seatGUID) == ["A-1-1"])        // the server agrees

        // Another kiosk buys A-2-1; this kiosk's hold on it is refused, naming the seat.
        let other = try client("token-k2")
        _ = try await other.loadEvent("evt_bridge")
        try await other.tapSeat("A-2-1")
        _ = try await other.buy()
        received.removeAll()
        bridge.perform([.holdSeat("A-2-1")])
        try await pump(loop) { received.contains(.seatTaken("A-2-1")) }
        #expect(received.contains(.seatTaken("A-2-1")))

        received.removeAll()
        bridge.perform([.buy(seats: ["A-1-1"], expectedTotal: 2500)])
        try await pump(loop) { received.contains { if case .purchased = $0 { return true }; return false } }
        let purchased = received.compactMap { r -> [String]? in if case .purchased(_, let seats) = r { return seats }; return nil }
        #expect(purchased == [["A-1-1"]])
        // The availability polling reports the seat just bought as sold.
        let soldNews = { received.contains { if case .availability(let c) = $0 { return c.contains(SeatStatusChange(seatID: "A-1-1", status: "sold")) }; return false } }
        try await pump(loop, until: soldNews)
        #expect(soldNews())

        bridge.releaseHolds(timeout: 1)
        await server.stop()
    }

    @Test func availabilityIsPolledOnlyWhileASeatViewIsOpen() async throws {
        let directory = NSTemporaryDirectory() + "bridge-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await Self.startServer(directory: directory)
        let loop = try EventLoop()
        var received: [BoxOfficeResponse] = []
        let mailbox = try LoopMailbox<BoxOfficeResponse>(loop: loop) { received += $0 }
        let kiosk = try Self.client("token-k1", port: port, directory: directory)
        _ = try await kiosk.loadEvent("evt_bridge")
        let bridge = BoxOfficeBridge(client: kiosk, eventID: "evt_bridge", pollInterval: 0.2, mailbox: mailbox,
                                     logger: .init(label: "bridge-test"))
        // The attract screen: no availability requests at all.
        bridge.seatViewIsOpen = false
        #expect(KioskPhase.attract.showsSeats == false && KioskPhase.blanked.showsSeats == false)
        bridge.start()
        try await pump(loop) { received.contains(.service(code: nil)) }
        let startedAt = Date()
        try await pump(loop) { Date().timeIntervalSince(startedAt) > 1.2 }   // six poll intervals
        #expect(await kiosk.pollCount == 0)
        // A visitor: polling starts at once and goes on every interval.
        #expect(KioskPhase.browsing.showsSeats && KioskPhase.outOfService.showsSeats)
        bridge.seatViewIsOpen = true
        var polls = 0
        let deadline = Date().addingTimeInterval(20)
        while polls < 3 && Date() < deadline {
            try loop.runOnce(timeout: 0.01)
            polls = await kiosk.pollCount
        }
        #expect(polls >= 3)
        bridge.releaseHolds(timeout: 1)
        await server.stop()
    }

    /// What `tribune run` does on SIGTERM: the visitor's hold is released on the server, so the
    /// seats are free for the next kiosk at once instead of after the hold expires.
    @Test func shutdownReleasesTheHoldOnTheServer() async throws {
        let directory = NSTemporaryDirectory() + "bridge-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await Self.startServer(directory: directory)
        let loop = try EventLoop()
        var received: [BoxOfficeResponse] = []
        let mailbox = try LoopMailbox<BoxOfficeResponse>(loop: loop) { received += $0 }
        let kiosk = try Self.client("token-k1", port: port, directory: directory)
        _ = try await kiosk.loadEvent("evt_bridge")
        let bridge = BoxOfficeBridge(client: kiosk, eventID: "evt_bridge", pollInterval: 5, mailbox: mailbox,
                                     logger: .init(label: "bridge-test"))
        bridge.start()
        bridge.perform([.holdSeat("A-2-3")])
        try await pump(loop) { received.contains { if case .seatHeld("A-2-3", _) = $0 { return true }; return false } }
        let other = try Self.client("token-k2", port: port, directory: directory)
        _ = try await other.loadEvent("evt_bridge")
        try await other.refreshAvailability()
        #expect(await other.status(ofSeat: "A-2-3") == "held")
        // Returns as soon as the release is done; the long limit only rides out a loaded machine.
        #expect(bridge.releaseHolds(timeout: 60))
        try await other.refreshAvailability()
        #expect(await other.status(ofSeat: "A-2-3") == "free")
        await server.stop()
    }
}
