import Foundation
import Raster
import Spawn
import Testing
@testable import Kiosk
import TestFixtures
#if canImport(Glibc)
import Glibc
#endif

/// `tribune screenshot --out` and `tribune metrics --out` (the built `tribune`, as an operator
/// runs it) against a running kiosk's control socket: pointed at a FIFO or at `/dev/stdout` they
/// write through it and leave it as it was (issue 26's output paths; OutputPathTests covers the
/// commands that need no running kiosk). The kiosk is `RunningKioskControlTests.kiosk`, its loop
/// turned here while the command runs.
@Suite(.serialized) struct ControlCommandOutputTests {
    /// The built `tribune`.
    static var tribune: String { PackagePaths.executable("tribune") }

    /// A ceiling (s) against a hung command, not a measure.
    static let ceiling = 120.0

    /// Runs `tribune arguments` while the kiosk's loop turns; its exit status and standard output.
    static func run(_ arguments: [String], kiosk: RunningKiosk) throws -> (status: Int32, output: [UInt8]) {
        let process = try ChildProcess(tribune, arguments, output: .pipe, error: .null)
        let fd = try #require(process.standardOutput).fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let drain = DescriptorDrain(fd, closing: false)
        // Stopped on every way out while `process`, which owns the descriptor, still holds it:
        // the thread never reads a number closed and given to someone else.
        defer { withExtendedLifetime(process) { _ = drain.finish() } }
        let end = Date().addingTimeInterval(ceiling)
        while process.isRunning && Date() < end {
            kiosk.tick()
            try kiosk.loop.runOnce(timeout: 0.02)
        }
        process.signal(SIGKILL)
        return (process.wait().status, drain.finish())
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test(arguments: ["screenshot", "metrics"])
    func theOutputIsWrittenThroughAFIFOAndDevStdout(_ command: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tribune), "build tribune first (swift build --build-tests)")
        let directory = try RunningKioskControlTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let (kiosk, display) = try RunningKioskControlTests.kiosk(socket: socket, directory: directory)
        kiosk.openControlSocket()
        try kiosk.start()
        for _ in 0..<3 { kiosk.tick() }
        // What each command's output must be: the frame on screen as PNG, or Prometheus text.
        func check(_ bytes: [UInt8], _ place: String) {
            if command == "screenshot" {
                let start = bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + Self.png.count)]) == Self.png }
                guard let start, let image = try? Surface(pngData: Array(bytes[start...])) else {
                    Issue.record("\(place): no PNG in \(bytes.count) bytes"); return
                }
                #expect(image.width == display.frame.width && image.height == display.frame.height, "\(place)")
            } else {
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.contains("# TYPE ") && text.contains("tribune_"), "\(place): \(text.prefix(200))")
            }
        }

        let fifo = directory + "/out.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        // Opened without blocking so the test never hangs on a command that does not open it.
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(fd >= 0)
        defer { close(fd) }
        let fromFIFO = DescriptorDrain(fd, closing: false)
        defer { _ = fromFIFO.finish() }   // (before the close above, on every way out)
        let viaFIFO = try Self.run([command, "--socket", socket, "--out", fifo], kiosk: kiosk)
        #expect(viaFIFO.status == 0)
        #expect(PackagePaths.fileType(fifo) == S_IFIFO, "\(command) --out replaced the FIFO")
        check(fromFIFO.finish(), "\(command) --out FIFO")

        let before = PackagePaths.fileType("/dev/stdout")
        let viaStdout = try Self.run([command, "--socket", socket, "--out", "/dev/stdout"], kiosk: kiosk)
        #expect(viaStdout.status == 0)
        #expect(PackagePaths.fileType("/dev/stdout") == before, "\(command) --out replaced /dev/stdout")
        check(viaStdout.output, "\(command) --out /dev/stdout")
    }
}
