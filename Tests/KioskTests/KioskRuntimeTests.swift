import Displays
import Foundation
import Geometry
import Raster
import Seating
import Testing
@testable import Kiosk

/// The runtime's decisions, and its setup and presenting path on a headless display (the loop
/// with signals and DRM runs on a real kernel in the VM tests).
@Suite struct KioskRuntimeTests {
    /// Pixels per millimetre of glass: libinput's panel size first, then the configuration, then
    /// the connector's EDID size, then 96 dpi — all along the device's x axis.
    @Test func gestureThresholdsFollowTheBestKnownPanelSize() {
        var configuration = KioskConfiguration()
        let device = (1920, 1080)
        // Nothing known: 96 dpi.
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: nil) == 96 / 25.4)
        // EDID: a 527 × 296 mm monitor.
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (527, 296)) == 1920 / 527.0)
        // EDID of 0 × 0 (projectors, virtual outputs) means unknown.
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (0, 0)) == 96 / 25.4)
        // The configuration beats EDID; a height alone is used along y.
        configuration.touch.heightMM = 270
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (527, 296)) == 1080 / 270.0)
        configuration.touch.widthMM = 480
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (527, 296)) == 1920 / 480.0)
        // A touchscreen reporting its size (axis resolution) beats everything.
        let panel = Size(width: 476.6, height: 268.1)
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: panel, edid: (527, 296)) == 1920 / 476.6)
    }

    /// The kiosk set up whole on a `HeadlessDisplay` (no DRM, no touch, no socket): the first
    /// frame and the next ones reach the display, whose shown frame is then the session's
    /// picture; `status` reports the display's size and counts; `reload` lays the session out again.
    @Test func theKioskRunsOnAHeadlessDisplay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-runtime-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let venuePath = dir + "/stadium.venue.json"
        try VenueFile.write(StadiumGenerator.generate(.design()), to: venuePath)
        let overrides = [(key: "venue", value: venuePath), (key: "touch.enabled", value: "false"), (key: "control_socket", value: "")]
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let display = HeadlessDisplay(width: 320, height: 200, rotation: .degrees90)
        var asked: KioskConfiguration.Display?
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: nil) { settings, _ in
            asked = settings
            return display
        }
        let setUp = ContinuousClock.now
        let kiosk = try RunningKiosk(runtime)
        #expect(asked == configuration.display)
        try kiosk.start()
        let setUpTook = ContinuousClock.now - setUp
        kiosk.tick()
        kiosk.tick()
        #expect(kiosk.pacer.frames == 1 + display.flipsCompleted)
        #expect(display.flipsCompleted >= 1)
        // What the display shows is what the session drew, and not a black screen.
        let shown = display.frame.pngData(opaque: true), drawn = display.surface.pngData(opaque: true)
        #expect(shown == drawn)
        #expect(shown != HeadlessDisplay(width: 320, height: 200).frame.pngData(opaque: true))
        // 320 px across a device of 200 px (turned 90°) at 96 dpi.
        #expect(kiosk.session.configuration.screenSize == Size(width: 320, height: 200))
        #expect(kiosk.session.configuration.pixelsPerMillimetre == 96 / 25.4)

        let status = String(decoding: kiosk.command("status"), as: UTF8.self)
        #expect(status.hasPrefix("{\"phase\": "))
        #expect(status.contains("\"screen\": [320, 200], \"touch\": false"))
        #expect(status.contains("\"service\": \"standalone\""))
        #expect(status.contains("\"frames\": \(kiosk.pacer.frames), \"flips\": \(display.flipsCompleted), \"flip_timeouts\": 0"))
        // Start-up: at least what setting the kiosk up took here, at most the process's age as
        // /proc/uptime and /proc/self/stat tell it (both to 10 ms).
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        let firstFrame = try #require(document["first_frame_ms"] as? Double)
        let age = try ProcessAge.fromProc() * 1000
        let tookMs = Double(setUpTook.components.seconds) * 1000 + Double(setUpTook.components.attoseconds) / 1e15
        #expect(firstFrame >= tookMs - 10 && firstFrame <= age + 20, "first frame \(firstFrame) ms; set-up \(tookMs) ms, process age \(age) ms")
        #expect(String(decoding: kiosk.command("reload"), as: UTF8.self) == "ok reloaded\n")
        #expect(String(decoding: kiosk.command("nonsense"), as: UTF8.self).hasPrefix("error: unknown command"))
    }
}
