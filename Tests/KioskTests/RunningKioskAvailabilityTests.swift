import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Displays
import Foundation
import Geometry
import KioskUI
import Raster
import Seating
import Testing
@testable import Kiosk

/// `tribune run`'s own loop (`RunningKiosk`: event loop, bridge, monotonic clock, a headless
/// display) against the real box office on loopback, next to a second kiosk's client: a seat
/// the other kiosk buys turns sold on this kiosk's chart and in the frame it presents. The test
/// waits for that to happen (the poll interval is real time here); it counts nothing in time.
@Suite(.serialized) struct RunningKioskAvailabilityTests {
    /// How long a step may take before the test gives up: the bridge's task shares Swift's
    /// cooperative threads (one per core) with the suites running beside it, and under a full,
    /// parallel run it waited over two minutes for one; the test waits for events, not for a time.
    static let patience: Duration = .seconds(900)

    @Test func aSeatSoldByAnotherKioskTurnsSoldInTheLiveLoop() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await BoxOfficeBridgeTests.startServer(directory: directory)
        try "token-k1\n".write(toFile: directory + "/token", atomically: true, encoding: .utf8)
        let overrides = [(key: "box_office.url", value: "http://127.0.0.1:\(port)"), (key: "box_office.token_file", value: directory + "/token"),
                         (key: "box_office.event_id", value: "evt_bridge"), (key: "box_office.journal_dir", value: directory + "/journal"),
                         (key: "box_office.poll_interval", value: "0.5"), (key: "touch.enabled", value: "false"),
                         (key: "control_socket", value: "")]
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let display = HeadlessDisplay(width: 800, height: 480)
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: nil) { _, _ in display }
        let kiosk = try await DedicatedThread.run { try RunningKiosk(runtime) }
        try kiosk.connectBridge(try #require(kiosk.boxOffice))
        try kiosk.start()
        func turn() throws {
            kiosk.tick()
            try kiosk.loop.runOnce(timeout: 0.02)
        }
        let venue = kiosk.session.interaction.chart.venue
        let seat = try #require(venue.seatIndex(id: "A-1-2"))
        // The first poll has been answered (the box office is there) before anything is sold.
        let client = try #require(kiosk.bridge?.client)
        #expect(try await eventually(limit: Self.patience) { try turn(); return await client.pollCount >= 1 })
        for _ in 0..<3 { try turn() }
        let view = kiosk.session.interaction.presentedView
        let centre = view.screenPoint(fromChart: venue.seats[seat].center)
        let half = max(2, Int((venue.seats[seat].size * view.placement.scale / 2).rounded(.down)))
        func seatPixels() -> [UInt32] {
            var out: [UInt32] = []
            for y in (Int(centre.y) - half)..<(Int(centre.y) + half) {
                for x in (Int(centre.x) - half)..<(Int(centre.x) + half) { out.append(display.frame.pixel(x: x, y: y).rawValue) }
            }
            return out
        }
        #expect(kiosk.session.interaction.chart.availability.status(seat) == .available)
        let before = seatPixels()

        let other = try BoxOfficeBridgeTests.client("token-k2", port: port, directory: directory)
        _ = try await other.loadEvent("evt_bridge")
        try await other.tapSeat("A-1-2")
        _ = try await other.buy()
        // Wait for the news to reach the chart, then for the frame showing it.
        #expect(try await eventually(limit: Self.patience) { try turn(); return kiosk.session.interaction.chart.availability.status(seat) == .sold })
        #expect(try await eventually(limit: Self.patience) { try turn(); return !kiosk.session.needsDisplay && seatPixels() != before })
        // The sold look's fill is among the seat's pixels (its ✕ and edges aside).
        let fill = MapStyle.sold.fill.premultiplied.rawValue
        #expect(seatPixels().contains(fill))
        #expect(!before.contains(fill))
        #expect(kiosk.session.phase == .browsing && kiosk.session.outOfServiceCode == nil)
        if let bridge = kiosk.bridge { _ = await onOwnThread { bridge.releaseHolds(timeout: 5) } }   // it blocks its thread
        await server.stop()
    }
}
