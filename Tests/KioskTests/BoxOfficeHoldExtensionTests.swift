import BoxOffice
import BoxOfficeClient
import Foundation
import KioskUI
import Testing
@testable import Kiosk

/// "More time" through the live kiosk's path to the box office (`BoxOfficeBridge`: a task,
/// answers through the loop's mailbox) against a real box office on loopback: the hold is
/// extended by one hold period from the request and the answer carries the server's new expiry
/// on the session's clock. (The cap at the event's maximum, on a server clock the test drives,
/// is HoldCartReviewTests in HeadlessTests.)
@Suite struct BoxOfficeHoldExtensionTests {
    @Test func theLiveBridgeExtendsTheHoldByOneHoldPeriodFromTheRequest() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await BoxOfficeBridgeTests.startServer(directory: directory)
        let kiosk = try LiveKiosk(client: try BoxOfficeBridgeTests.client("token-k1", port: port, directory: directory), start: 50)
        #expect(try await kiosk.start() == [.service(code: nil)])
        let ttl = Double(BoxOfficeBridgeTests.holdTTL)
        #expect(try await kiosk.answers(to: [.holdSeat("A-1-1")], count: 1) == [.seatHeld("A-1-1", expiresAt: 50 + ttl)])
        // 70 s later on the session's clock (the server's own clock barely moved): the hold now
        // ends one hold period after the request, well inside the event's 900 s maximum.
        kiosk.clock.set(to: 120)
        #expect(try await kiosk.answers(to: [.extendHold], count: 1) == [.holdExtended(expiresAt: 120 + ttl)])
        // The server agrees: the hold's time left is the hold period again.
        #expect(await kiosk.client.hold?.expiresInSeconds == BoxOfficeBridgeTests.holdTTL)
        // Once the hold is bought there is nothing to extend: the answer is the expiry already
        // known (no more time), so the screen stops offering it.
        let bought = try await kiosk.answers(to: [.buy(seats: ["A-1-1"], expectedTotal: BoxOfficeBridgeTests.price)], count: 1)
        #expect(bought.count == 1 && { if case .purchased = bought[0] { true } else { false } }())
        #expect(try await kiosk.answers(to: [.extendHold], count: 1) == [.holdExtended(expiresAt: 120 + ttl)])
        #expect(await kiosk.shutDown(timeout: 60))
        await server.stop()
    }
}
