import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KioskUI
import Testing
@testable import Kiosk

/// One scenario through both paths to the box office — live (`BoxOfficeBridge`: a task, answers
/// through the loop's mailbox) and replay (`HTTPBoxOfficeResponder`: blocking, clock standing
/// still) — each against its own real box office on loopback. Both run `BoxOfficePerformer`, so
/// both must answer exactly what is written down here, a buy at a total the screen showed wrong
/// included: refused, nothing sold, the hold kept.
@Suite struct BoxOfficePerformerTests {
    /// The session's clock when every request is asked (s).
    static let now = 10.0
    static let scenario: [BoxOfficeRequest] = [
        .holdSeat("A-1-1"), .holdSeat("A-1-2"), .releaseSeat("A-1-2"),
        .buy(seats: ["A-1-1"], expectedTotal: BoxOfficeBridgeTests.price - 1),   // the screen showed 1 cent less
        .buy(seats: ["A-1-1"], expectedTotal: BoxOfficeBridgeTests.price),
    ]

    /// What the screen must hear for each request of `scenario`, written from the event's
    /// settings (`BoxOfficeBridgeTests.startServer`); `orderID` is the server's.
    static func expected(orderID: String) -> [[BoxOfficeResponse]] {
        let expiry = now + Double(BoxOfficeBridgeTests.holdTTL)
        return [
            [.seatHeld("A-1-1", expiresAt: expiry)],
            [.seatHeld("A-1-2", expiresAt: expiry)],
            [.seatReleased("A-1-2")],
            [.purchaseFailed(reason: "The total is now 2500 EUR, not the 2499 shown; please check the cart.")],
            // The order's code is the last six characters of its id, upper case (docs/openapi.json).
            [.purchased(orderID: orderID, seats: ["A-1-1"], code: String(orderID.suffix(6)).uppercased())],
        ]
    }

    /// After each request: the server's order count and this kiosk's hold as the server sees it.
    struct ServerState: Equatable {
        var orders: Int
        var heldSeats: [String]
    }

    static let expectedServerStates = [
        ServerState(orders: 0, heldSeats: ["A-1-1"]), ServerState(orders: 0, heldSeats: ["A-1-1", "A-1-2"]),
        ServerState(orders: 0, heldSeats: ["A-1-1"]),
        ServerState(orders: 0, heldSeats: ["A-1-1"]),   // refused: the hold is not converted
        ServerState(orders: 1, heldSeats: []),
    ]

    /// The hold's seats from another kiosk's view of availability, and the orders in the database.
    static func serverState(_ server: BoxOfficeServer, observer: PurchaseClient) async throws -> ServerState {
        try await observer.refreshAvailability()
        var held: [String] = []
        for seat in ["A-1-1", "A-1-2"] where await observer.status(ofSeat: seat) == "held" { held.append(seat) }
        return ServerState(orders: try await server.store.orderCount(), heldSeats: held)
    }

    /// The id of the last order `client` confirmed, from its purchase journal.
    static func lastOrderID(_ client: PurchaseClient) -> String {
        ((try? client.journal.entries(.confirmed))?.last?.orderID) ?? "none"
    }

    @Test func liveAndReplayAnswerTheSameScenarioAlike() async throws {
        // Live.
        let liveDirectory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: liveDirectory) }
        let (liveServer, livePort) = try await BoxOfficeBridgeTests.startServer(directory: liveDirectory)
        let kiosk = try LiveKiosk(client: try BoxOfficeBridgeTests.client("token-k1", port: livePort, directory: liveDirectory),
                                  start: Self.now)
        let liveObserver = try BoxOfficeBridgeTests.client("token-k2", port: livePort, directory: liveDirectory)
        _ = try await liveObserver.loadEvent("evt_bridge")
        #expect(try await kiosk.start() == [.service(code: nil)])
        var live: [[BoxOfficeResponse]] = []
        var liveStates: [ServerState] = []
        for request in Self.scenario {
            live.append(try await kiosk.answers(to: [request], count: 1))
            liveStates.append(try await Self.serverState(liveServer, observer: liveObserver))
        }
        #expect(await kiosk.shutDown(timeout: 60))
        let liveOrder = Self.lastOrderID(kiosk.client)
        await liveServer.stop()

        // Replay.
        let replayDirectory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: replayDirectory) }
        let (replayServer, replayPort) = try await BoxOfficeBridgeTests.startServer(directory: replayDirectory)
        // Used by one thread at a time: each step's thread ends before the next starts.
        nonisolated(unsafe) let responder = HTTPBoxOfficeResponder(client: try BoxOfficeBridgeTests.client("token-k1", port: replayPort, directory: replayDirectory),
                                               eventID: "evt_bridge")
        let replayObserver = try BoxOfficeBridgeTests.client("token-k2", port: replayPort, directory: replayDirectory)
        _ = try await replayObserver.loadEvent("evt_bridge")
        var replay: [[BoxOfficeResponse]] = []
        var replayStates: [ServerState] = []
        for request in Self.scenario {
            replay.append(await onOwnThread { responder.respond(to: request, now: Self.now) })
            replayStates.append(try await Self.serverState(replayServer, observer: replayObserver))
        }
        let replayOrder = Self.lastOrderID(responder.client)
        await replayServer.stop()

        #expect(live == Self.expected(orderID: liveOrder))
        #expect(replay == Self.expected(orderID: replayOrder))
        #expect(liveStates == Self.expectedServerStates)
        #expect(replayStates == Self.expectedServerStates)
    }

    /// A box office that does not answer is reported as such, request by request: the session
    /// keeps the seat and retries (no `.seatTaken`, no out of service from the performer).
    @Test func aBoxOfficeThatDoesNotAnswerIsReportedUnanswered() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let port = try #require(LoopbackPort.unused())
        // The client keeps trying to connect until its request timeout (short here: nothing will answer).
        let performer = BoxOfficePerformer(client: try BoxOfficeBridgeTests.client("k", port: port, directory: directory, requestTimeout: 0.2),
                                           eventID: "evt_bridge")
        #expect(await performer.perform(.holdSeat("A-1-1"), at: 1) == [.unanswered(.holdSeat("A-1-1"), code: "BO-NET")])
        #expect(await performer.perform(.refreshAvailability, at: 2) == [.unanswered(.refreshAvailability, code: "BO-NET")])
        let buy = BoxOfficeRequest.buy(seats: ["A-1-1"], expectedTotal: 2500)
        #expect(await performer.perform(buy, at: 3)
                == [.unanswered(buy, code: "BO-NET"), .purchaseFailed(reason: "The purchase did not go through. No money was taken.")])
        #expect(await performer.errors.count == 3)
    }
}
