import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Displays
import Foundation
import Gestures
import Geometry
import KioskUI
import Seating
import TestFixtures
import Testing
@testable import Kiosk

/// The kiosk's metrics as a scraper gets them — the control socket's `metrics` command (the
/// text the kiosk serves) read by prometheus_client's parser — against what the test did.
@Suite(.serialized) struct KioskMetricsTests {
    static let patience: Duration = .seconds(600)

    /// Requests through the bridge to the real box office: each kind timed, purchases and
    /// unanswered requests counted.
    @Test func theBridgeCountsRequestsPurchasesAndErrors() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try await BoxOfficeBridgeTests.startServer(directory: directory)
        let metrics = KioskMetrics()
        // A ceiling only: the one unanswered poll counted below is refused at once (the server is
        // stopped); with 5 s, a poll that waited longer on a loaded machine was a second error.
        let kiosk = try LiveKiosk(client: try BoxOfficeBridgeTests.client("token-k1", port: port, directory: directory, requestTimeout: 120),
                                  start: 100, metrics: metrics)
        #expect(try await kiosk.start() == [.service(code: nil)])
        _ = try await kiosk.answers(to: [.refreshAvailability], count: 1)
        #expect(try await kiosk.answers(to: [.holdSeat("A-1-1")], count: 1).count == 1)
        let other = try BoxOfficeBridgeTests.client("token-k2", port: port, directory: directory)
        _ = try await other.loadEvent("evt_bridge")
        try await other.tapSeat("A-2-1")
        _ = try await other.buy()
        #expect(try await kiosk.answers(to: [.holdSeat("A-2-1")], count: 1) == [.seatTaken("A-2-1")])
        let bought = try await kiosk.answers(to: [.buy(seats: ["A-1-1"], expectedTotal: BoxOfficeBridgeTests.price)], count: 1)
        #expect(bought.first.map { if case .purchased = $0 { true } else { false } } == true)
        // A cart that showed another total is refused before anything is sent.
        _ = try await kiosk.answers(to: [.holdSeat("A-1-2")], count: 1)
        let refused = try await kiosk.answers(to: [.buy(seats: ["A-1-2"], expectedTotal: 1)], count: 1)
        #expect(refused.first.map { if case .purchaseFailed = $0 { true } else { false } } == true)
        // The box office goes away: the next poll is not answered.
        await server.stop()
        let lost = try await kiosk.answers(to: [.refreshAvailability], count: 1)
        #expect(lost.first.map { if case .unanswered = $0 { true } else { false } } == true)

        let text = try PrometheusText(parsing: String(decoding: metrics.exposition(), as: UTF8.self))
        let seconds = "tribune_kiosk_box_office_request_seconds"
        #expect(text.families[seconds] == "histogram")
        #expect(text.value(seconds + "_count", ["request": "refresh_availability"]) == 2)
        #expect(text.value(seconds + "_count", ["request": "hold_seat"]) == 3)
        #expect(text.value(seconds + "_count", ["request": "buy"]) == 2)
        #expect(text.value(seconds + "_count", ["request": "extend_hold"]) == 0)
        #expect(text.value(seconds + "_bucket", ["request": "hold_seat", "le": "+Inf"]) == 3)
        #expect(text.value("tribune_kiosk_purchases_total", ["outcome": "confirmed"]) == 1)
        #expect(text.value("tribune_kiosk_purchases_total", ["outcome": "failed"]) == 1)
        #expect(text.value("tribune_kiosk_box_office_errors_total", ["request": "refresh_availability"]) == 1)
        #expect(text.value("tribune_kiosk_box_office_errors_total", ["request": "hold_seat"]) == 0)
        _ = await kiosk.shutDown(timeout: 5)
    }

    /// `tribune run`'s loop with a touchscreen: drags stamped 100 ms in the past (as if the kernel
    /// had queued them that long ago), frames presented on a headless display.
    @Test func theMetricsCommandAnswersWhatTheLoopDid() async throws {
        let touch = QueuedTouchSource()
        let display = HeadlessDisplay(width: 800, height: 480)
        var presented = 0
        display.frameObserver = { _ in presented += 1 }
        let directory = try RunningKioskControlTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let overrides = [(key: "venue", value: try Self.venueFile(in: directory)), (key: "control_socket", value: socket)]
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: { _ in touch }) { _, _ in display }
        let kiosk = try RunningKiosk(runtime)
        try kiosk.loop.watch(touch.fileDescriptor) { _ in kiosk.touchReadable() }
        kiosk.openControlSocket()
        try kiosk.start()
        func settle() async throws {
            #expect(try await eventually(limit: Self.patience) {
                kiosk.tick()
                try kiosk.loop.runOnce(timeout: 0.005)
                return kiosk.session.isSettled && !kiosk.pacer.isFrameDue(kiosk.session)
            })
        }
        for drag in 0..<3 {
            let y = 200.0 + Double(drag * 20)
            let points = [Point(x: 300, y: y), Point(x: 340, y: y), Point(x: 380, y: y), Point(x: 420, y: y)]
            for (i, point) in points.enumerated() {
                let phase: TouchFrame.Touch.Phase = i == 0 ? .began : i == points.count - 1 ? .ended : .moved
                touch.queue([TouchFrame(timestamp: kiosk.clock.now - 0.1, touches: [.init(id: 1, location: point, phase: phase)])])
                kiosk.tick()
                try kiosk.loop.runOnce(timeout: 0.005)
                kiosk.tick()
            }
            try await settle()
        }
        // Scraped as `tribune metrics` does: over the control socket while the loop turns.
        let text = try PrometheusText(parsing: String(decoding: try RunningKioskControlTests.ask(kiosk, "metrics", socket), as: UTF8.self))
        // The first frame is shown by start(), the rest are presents the display saw.
        #expect(kiosk.touchFrames == 12)
        #expect(presented > 3)
        #expect(text.value("tribune_kiosk_presents_total") == Double(presented + 1))
        #expect(text.value("tribune_kiosk_frame_seconds_count") == Double(presented + 1))
        #expect(text.value("tribune_kiosk_frame_seconds_bucket", ["le": "+Inf"]) == Double(presented + 1))
        #expect(text.value("tribune_kiosk_lost_flips_total") == 0)
        // Every sample the loop took, and none under the 100 ms the touches were backdated by.
        let samples = Double(kiosk.pacer.latencySamples)
        #expect(samples >= 3)
        #expect(text.families["tribune_kiosk_touch_to_flip_seconds"] == "histogram")
        #expect(text.value("tribune_kiosk_touch_to_flip_seconds_count") == samples)
        #expect(text.value("tribune_kiosk_touch_to_flip_seconds_bucket", ["le": "0.075"]) == 0)
        #expect(try #require(text.value("tribune_kiosk_touch_to_flip_seconds_sum")) >= 0.1 * samples)
        // The resident set as /proc/self/status's VmRSS says it (read here, in kB), within 20 %.
        let rss = try #require(text.value("tribune_kiosk_resident_memory_bytes"))
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let vmRSS = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }) * 1024
        #expect(abs(rss - vmRSS) < 0.2 * vmRSS, "\(rss) vs VmRSS \(vmRSS)")
    }

    /// The design stadium's venue file in `directory`, for a kiosk without a box office.
    static func venueFile(in directory: String) throws -> String {
        let path = directory + "/stadium.venue.json"
        try VenueFile.write(StadiumGenerator.generate(.design()), to: path)
        return path
    }
}
