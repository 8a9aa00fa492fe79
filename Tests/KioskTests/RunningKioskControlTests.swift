import Displays
import Foundation
import Raster
import Seating
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// `tribune run`'s control socket as the runtime opens it from its configuration, on a headless
/// display: owner-only unless configured; `screenshot` answers with the PNG of the frame on
/// screen and writes no file; a path after it is refused.
@Suite(.serialized) struct RunningKioskControlTests {
    /// A kiosk (no touch, no box office) on a 320 × 200 headless display with its control socket
    /// at `socket`, plus `overrides`.
    static func kiosk(socket: String, directory: String, _ overrides: [(key: String, value: String)] = []) throws -> (RunningKiosk, HeadlessDisplay) {
        let venuePath = directory + "/stadium.venue.json"
        try VenueFile.write(StadiumGenerator.generate(.design()), to: venuePath)
        let all = [(key: "venue", value: venuePath), (key: "touch.enabled", value: "false"), (key: "control_socket", value: socket)] + overrides
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: all)
        let display = HeadlessDisplay(width: 320, height: 200)
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: all,
                                   environment: [:], touchFactory: nil) { _, _ in display }
        return (try RunningKiosk(runtime), display)
    }

    static func directory() throws -> String {
        let d = NSTemporaryDirectory() + "kiosk-control-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    /// Asks `command` from another thread while the kiosk's loop turns.
    static func ask(_ kiosk: RunningKiosk, _ command: String, _ socket: String) throws -> [UInt8] {
        let box = ResultBox<Result<[UInt8], SystemCallError>>()
        let done = CompletionFlag()
        Thread {
            box.value = Result { () throws(SystemCallError) -> [UInt8] in try ControlClient.send(command, to: socket) }
            done.set()
        }.start()
        while !done.wait(timeout: 0) {
            kiosk.tick()
            try kiosk.loop.runOnce(timeout: 0.02)
        }
        return try box.value!.get()
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o777 : 0
    }

    @Test func theScreenshotIsThePNGOfTheFrameOnScreenAndTheSocketIsOwnerOnly() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let (kiosk, display) = try Self.kiosk(socket: socket, directory: directory)
        kiosk.openControlSocket()
        try kiosk.start()
        #expect(Self.mode(socket) == 0o600)
        for _ in 0..<3 { kiosk.tick() }
        #expect(display.flipsCompleted >= 1)

        let answer = try Self.ask(kiosk, "screenshot", socket)
        let png = try ControlClient.screenshotPNG(from: answer).get()
        let decoded = try Surface(pngData: png)
        let frame = display.frame
        #expect(decoded.width == frame.width && decoded.height == frame.height)
        var differing = 0, coloured = Set<UInt32>()
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                // Opaque PNG: the colour channels (the frame's alpha is not sent).
                let shown = frame.pixel(x: x, y: y).rawValue & 0x00FF_FFFF
                if decoded.pixel(x: x, y: y).rawValue & 0x00FF_FFFF != shown { differing += 1 }
                coloured.insert(shown)
            }
        }
        #expect(differing == 0)
        #expect(coloured.count > 10)   // a drawn chart, not a blank frame

        // A path is refused and nothing is written there.
        let target = directory + "/written-by-kiosk.png"
        let refused = String(decoding: try Self.ask(kiosk, "screenshot \(target)", socket), as: UTF8.self)
        #expect(refused.hasPrefix("error: screenshot takes no path"))
        #expect(access(target, F_OK) != 0)
    }

    @Test func aConfiguredModeOpensTheSocketToTheGroup() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let (kiosk, _) = try Self.kiosk(socket: socket, directory: directory, [(key: "control_socket_mode", value: "0660")])
        kiosk.openControlSocket()
        try kiosk.start()
        #expect(Self.mode(socket) == 0o660)
        #expect(String(decoding: try Self.ask(kiosk, "status", socket), as: UTF8.self).hasPrefix("{\"phase\": "))
        #expect(throws: ConfigurationError.self) {
            _ = try KioskConfiguration.load(file: nil, optional: true, overrides: [(key: "control_socket_mode", value: "0666")])
        }
    }
}
