import Animation
import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Displays
import Foundation
import Geometry
import Gestures
import KioskUI
import Raster
import Seating
import Testing
@testable import Kiosk

/// `tribune run`'s own loop (`RunningKiosk`: event loop, bridge, monotonic clock, a headless
/// display) started while its box office is out of reach (a closed loopback port): no prices,
/// the kiosk says it is connecting. Then the real box office starts on that port: the event
/// arrives with the first answer, the legend shows its prices and a seat is bought for them.
/// The test waits for each step; it counts nothing in time.
@Suite(.serialized) struct RunningKioskLateEventTests {
    /// How long a step may take before the test gives up: the bridge's task shares Swift's
    /// cooperative threads (one per core) with the suites running beside it, and under a full,
    /// parallel run it waited over two minutes for one; the test waits for events, not for a time.
    static let patience: Duration = .seconds(900)

    @Test func theEventArrivesWhenTheBoxOfficeAnswersAndBuyWorks() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The port stays bound (not listening: connecting is refused) until the box office takes
        // it, so no other test's server can get it meanwhile.
        let (socketFD, port) = try #require(LoopbackPort.reserved())
        // The kiosk's venue file is the box office's layout (so the seat ids agree).
        let venuePath = directory + "/venue.json"
        try VenueFile.write(try PretixSeatingPlan.importPlan(Array(BoxOfficeBridgeTests.venueDocument()), id: "layout"), to: venuePath)
        try "token-k1\n".write(toFile: directory + "/token", atomically: true, encoding: .utf8)
        let overrides = [(key: "venue", value: venuePath),
                         (key: "box_office.url", value: "http://127.0.0.1:\(port)"), (key: "box_office.token_file", value: directory + "/token"),
                         (key: "box_office.event_id", value: "evt_bridge"), (key: "box_office.journal_dir", value: directory + "/journal"),
                         // The closed port refuses at once, so the polls fail quickly whatever the
                         // timeout; a short one made the purchase time out (its outcome unknown,
                         // the visitor told so) when a loaded run kept the server from answering
                         // within it.
                         (key: "box_office.poll_interval", value: "0.5"), (key: "box_office.request_timeout", value: "60"),
                         (key: "touch.enabled", value: "false"),
                         // Awake throughout: the kiosk polls only while the seat view is open, and on the
                         // real clock a loaded run reached the attract screen (90 + 20 s idle) before the
                         // bridge's first poll ran, so no poll ever failed and it never said "connecting".
                         (key: "idle.timeout", value: "86400"), (key: "idle.blank_after", value: "0"),
                         (key: "control_socket", value: "")]
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let display = HeadlessDisplay(width: 1920, height: 1080)
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: nil) { _, _ in display }
        let kiosk = try RunningKiosk(runtime)
        #expect(kiosk.event == nil)
        #expect(kiosk.session.price(ofCategory: 0) == nil)   // no prices: the box office was not there
        try kiosk.connectBridge(try #require(kiosk.boxOffice))
        try kiosk.start()
        func turn() throws {
            kiosk.tick()
            try kiosk.loop.runOnce(timeout: 0.02)
        }
        // A poll went unanswered: connecting, not standalone, and still no prices.
        #expect(try await eventually(limit: Self.patience) { try turn(); return kiosk.session.isReconnecting })
        #expect(try await eventually(limit: Self.patience) { try turn(); return !kiosk.session.needsDisplay })
        let bar = kiosk.session.layout.bottomBar
        func barPixels() -> [UInt32] {
            var out: [UInt32] = []
            for y in Int(bar.minY)..<Int(bar.maxY) { for x in Int(bar.minX)..<Int(bar.maxX) { out.append(display.frame.pixel(x: x, y: y).rawValue) } }
            return out
        }
        let connectingBar = barPixels()

        close(socketFD)
        let (server, _) = try await BoxOfficeBridgeTests.startServer(directory: directory, port: port)
        // The retries reach it: the event comes with the first answer, prices reach the session.
        #expect(try await eventually(limit: Self.patience) { try turn(); return kiosk.session.price(ofCategory: 0) == BoxOfficeBridgeTests.price })
        #expect(kiosk.event?.name == "Bridge Match")
        #expect(kiosk.session.configuration.eventName == "Bridge Match")
        #expect(try await eventually(limit: Self.patience) { try turn(); return !kiosk.session.isReconnecting && !kiosk.session.needsDisplay })
        // The bar presented is the one a kiosk that had the event from the start draws.
        let reference = KioskRuntime.sessionConfiguration(configuration, screen: (1920, 1080), device: (1920, 1080),
                                                          event: kiosk.event, venue: kiosk.venue)
        #expect(reference.prices == kiosk.session.configuration.prices)
        let fresh = KioskSession(venue: kiosk.venue, configuration: kiosk.session.configuration, clock: VirtualClock(start: 0))
        let surface = Surface(width: 1920, height: 1080)
        _ = fresh.render(into: surface)
        var freshBar: [UInt32] = []
        for y in Int(bar.minY)..<Int(bar.maxY) { for x in Int(bar.minX)..<Int(bar.maxX) { freshBar.append(surface.pixel(x: x, y: y).rawValue) } }
        #expect(barPixels() != connectingBar)
        #expect(barPixels() == freshBar)

        // Buy works: one seat, Best seats, Buy, Confirm — bought for the price the legend shows.
        var touchID = 1
        func tap(_ control: KioskControl) throws {
            let p = try #require(kiosk.session.frame(of: control), "\(control) is not on screen").center
            let t = MonotonicClock().now
            kiosk.session.handle(TouchFrame(timestamp: t, touches: [.init(id: touchID, location: p, phase: .began)]))
            kiosk.session.handle(TouchFrame(timestamp: t + 0.05, touches: [.init(id: touchID, location: p, phase: .ended)]))
            touchID += 1
            try turn()
        }
        kiosk.session.choosePartySize(1)
        #expect(try await eventually(limit: Self.patience) { try turn(); return !kiosk.session.needsDisplay })
        try tap(.bestSeats)
        #expect(try await eventually(limit: Self.patience) { try turn(); return kiosk.session.holdExpiresAt != nil && kiosk.session.canBuy })
        #expect(kiosk.session.selectedSeats.count == 1)
        #expect(kiosk.session.total == BoxOfficeBridgeTests.price)
        try tap(.buy)
        #expect(try await eventually(limit: Self.patience) { try turn(); return !kiosk.session.needsDisplay })
        try tap(.reviewConfirm)
        #expect(try await eventually(limit: Self.patience) { try turn(); return kiosk.session.purchaseCount == 1 })
        #expect(try await server.store.orderCount() == 1)
        #expect(kiosk.session.outOfServiceCode == nil)
        if let bridge = kiosk.bridge { _ = await onOwnThread { bridge.releaseHolds(timeout: 5) } }   // it blocks its thread
        await server.stop()
    }

}
