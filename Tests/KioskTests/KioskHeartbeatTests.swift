import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Displays
import Foundation
import Gestures
import Synchronization
import Testing
@testable import Kiosk

/// The box office's clock for the test: milliseconds since 1970, moved by hand.
final class ServerClock: Sendable {
    let milliseconds = Mutex<Int64>(1_800_000_000_000)
    var now: @Sendable () -> Int64 { { [self] in milliseconds.withLock { $0 } } }
}

/// Three `RunningKiosk`s (tribune run's own loop, heartbeat timer and sender) beat to the real box
/// office every second; one stops; the fleet then shows two OK and one Offline. The box office's
/// clock is the test's: it jumps past three intervals, and the test waits for the two running
/// kiosks' next beats (their loop timers) — it counts nothing in real time.
@Suite(.serialized) struct KioskHeartbeatTests {
    static let patience: Duration = .seconds(600)

    /// A kiosk with a touchscreen and a box office, heartbeats every `interval` s.
    static func kiosk(_ n: Int, port: Int, directory: String, interval: String = "1") async throws -> RunningKiosk {
        let token = directory + "/token-\(n)"
        try "token-k\(n)\n".write(toFile: token, atomically: true, encoding: .utf8)
        let overrides = [(key: "box_office.url", value: "http://127.0.0.1:\(port)"), (key: "box_office.token_file", value: token),
                         (key: "box_office.event_id", value: "evt_bridge"), (key: "box_office.journal_dir", value: directory + "/journal-\(n)"),
                         (key: "box_office.heartbeat_interval", value: interval), (key: "control_socket", value: ""),
                         // Long enough that a loaded machine never starts a kiosk without its layout (3 × 60 s).
                         (key: "box_office.request_timeout", value: "60")]
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let display = HeadlessDisplay(width: 800, height: 480)
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: { _ in QueuedTouchSource() }) { _, _ in display }
        let kiosk = try await DedicatedThread.run { try RunningKiosk(runtime) }
        try kiosk.connectBridge(try #require(kiosk.boxOffice))
        try kiosk.start()
        return kiosk
    }

    @Test func twoBeatingKiosksAreOKAndTheStoppedOneOffline() async throws {
        let directory = BoxOfficeBridgeTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ServerClock()
        let (server, port) = try await BoxOfficeBridgeTests.startServer(directory: directory, now: clock.now)
        var kiosks: [RunningKiosk] = []
        for n in 1...3 { kiosks.append(try await Self.kiosk(n, port: port, directory: directory)) }
        for kiosk in kiosks {
            #expect(kiosk.heartbeat == KioskHeartbeat(state: .inService, code: nil, display: true, touch: true, intervalSeconds: 1))
            try kiosk.startHeartbeats()
        }
        func turn(_ running: [RunningKiosk]) throws {
            for kiosk in running {
                kiosk.tick()
                try kiosk.loop.runOnce(timeout: 0.01)
            }
        }
        let start = clock.now()
        #expect(try await eventually(limit: Self.patience) { try turn(kiosks); return try await server.store.kioskFleet().entries.count == 3 })

        // Kiosk 3 stops: its loop (and so its heartbeat timer) never turns again.
        let running = Array(kiosks.prefix(2))
        clock.milliseconds.withLock { $0 += 10_000 }  // > 3 intervals of 1 s
        let later = clock.now()
        #expect(try await eventually(limit: Self.patience) {
            try turn(running)
            return try await server.store.kioskFleet().entries.filter { $0.lastSeenAt == later }.count == 2
        })
        let fleet = try await server.store.kioskFleet()
        #expect(fleet.entries.map(\.kiosk) == ["k1", "k2", "k3"])
        #expect(fleet.entries.map { $0.health(now: fleet.now) } == [.ok, .ok, .offline])
        #expect(fleet.entries.map(\.lastSeenAt) == [later, later, start])
        #expect(fleet.entries.allSatisfy { $0.state == "in_service" && $0.display && $0.touch && $0.intervalSeconds == 1 })
        // The box office stores a beat before the kiosk has read its answer: wait for that too.
        let beats = try #require(running[0].heartbeats)
        #expect(try await eventually(limit: Self.patience) { try turn(running); return beats.deliveredCount >= 2 })
        for kiosk in kiosks { if let bridge = kiosk.bridge { _ = await onOwnThread { bridge.releaseHolds(timeout: 5) } } }
        await server.stop()
    }

    /// What a kiosk says in each state (no box office needed to build the beat).
    @Test func theBeatSaysWhatTheKioskLacks() throws {
        let beat = KioskHeartbeat(state: .outOfService, code: "BO-NET", display: false, touch: true, intervalSeconds: 30)
        let json = try #require(try JSONSerialization.jsonObject(with: beat.json) as? [String: Any])
        #expect(json["state"] as? String == "out_of_service" && json["code"] as? String == "BO-NET")
        #expect(json["display"] as? Bool == false && json["touch"] as? Bool == true && json["interval_seconds"] as? Int == 30)
        let plain = try #require(try JSONSerialization.jsonObject(with: KioskHeartbeat(state: .inService, display: true, touch: false,
                                                                                          intervalSeconds: 5).json) as? [String: Any])
        #expect(plain["code"] == nil && plain.count == 4)
    }
}
