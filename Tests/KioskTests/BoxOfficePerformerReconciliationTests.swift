import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import KioskUI
import Testing
@testable import Kiosk

/// A purchase whose outcome the kiosk could not learn is reconciled while the kiosk runs — at
/// the next request the box office answers (the session's availability poll, on its clock) —
/// not only after a restart. The live path (`LiveKiosk`: bridge, loop, `VirtualClock`) against
/// the real box office on loopback, stopped and started again on the same database and port.
@Suite(.serialized) struct BoxOfficePerformerReconciliationTests {
    /// The session's poll interval (s) on its clock.
    static let pollInterval = 3.0

    @Test func aPurchaseWithAnUnknownOutcomeIsReconciledAtTheNextAnswer() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Below the ephemeral range: while the server is down no other test's connection can take the port.
        let (server, port) = try await BoxOfficeBridgeTests.startServer(directory: directory, port: try #require(LoopbackPort.unused()))
        // Requests time out after 5 s: a connection kept alive to the stopped server may hang.
        let kiosk = try LiveKiosk(client: try BoxOfficeBridgeTests.client("token-k1", port: port, directory: directory, requestTimeout: 5),
                                  start: 100)
        #expect(try await kiosk.start() == [.service(code: nil)])
        let held = try await kiosk.answers(to: [.holdSeat("A-1-1")], count: 1)
        #expect(held == [.seatHeld("A-1-1", expiresAt: 100 + Double(BoxOfficeBridgeTests.holdTTL))])

        // Confirm while the box office is down: the outcome is unknown, and the visitor is told so.
        await server.stop()
        let failed = try await kiosk.answers(to: [.buy(seats: ["A-1-1"], expectedTotal: BoxOfficeBridgeTests.price)], count: 1)
        guard case .purchaseFailed(let reason) = failed.last else { Issue.record("no purchase failure: \(failed)"); return }
        #expect(!reason.contains("No money was taken"))
        let pending = try kiosk.client.journal.entries(.pending)
        #expect(pending.count == 1)

        // The box office comes back (same database, same port); the kiosk is not restarted.
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: port,
                                                          tokens: ["token-k1": "k1", "token-k2": "k2"])
        configuration.useTestDeadlines()
        configuration.sweepInterval = nil
        let restarted = try await Self.startAgain(configuration)
        #expect(try await restarted.store.orderCount() == 0)   // the order never reached it

        // The session's next poll, one interval later on its clock, is answered: the purchase
        // is reconciled (looked up, not found, sent again with its key: sold once).
        kiosk.clock.advance(by: Self.pollInterval)
        let polled = try await kiosk.answers(to: [.refreshAvailability], count: 1)
        #expect(polled.count == 1)
        let journal = try kiosk.client.journal.entries()
        #expect(journal.map(\.state) == [.confirmed])
        #expect(journal.first?.clientOrderRef == pending.first?.clientOrderRef)
        #expect(try await restarted.store.orderCount() == 1)
        let observer = try BoxOfficeBridgeTests.client("token-k2", port: port, directory: directory)
        _ = try await observer.loadEvent("evt_bridge")
        try await observer.refreshAvailability()
        #expect(await observer.status(ofSeat: "A-1-1") == "sold")
        #expect(await !kiosk.client.hasUnresolvedPurchases)
        _ = await kiosk.shutDown(timeout: 5)
        await restarted.stop()
    }

    /// A box office on `configuration`'s port, retried while that port is still taken: twice in
    /// loaded CI runs the restart found it in use right after `stop()` returned. Which sockets
    /// held it (from /proc/net/tcp) goes into the error if it never comes free.
    static func startAgain(_ configuration: BoxOfficeServer.Configuration) async throws -> BoxOfficeServer {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let server = try BoxOfficeServer(configuration: configuration)
            do {
                #expect(try await server.start() == configuration.port)
                return server
            } catch {
                let holders = Self.sockets(onPort: configuration.port)
                if ContinuousClock.now > deadline { throw SetupFailure("\(error); sockets on the port: \(holders)") }
                print("restart on port \(configuration.port) refused (\(error)); sockets on it: \(holders); trying again")
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }

    /// The lines of /proc/net/tcp whose local port is `port` (state in hex: 01 established,
    /// 06 time-wait, 0A listen).
    static func sockets(onPort port: Int) -> [String] {
        let hex = String(format: ":%04X", port)
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").filter { line in
            line.split(separator: " ").dropFirst().first?.hasSuffix(hex) == true
        }.map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
