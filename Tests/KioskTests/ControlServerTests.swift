import Foundation
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ControlServerTests {
    /// Runs the loop until the client (on another thread) has its answer.
    func roundTrip(_ loop: EventLoop, _ command: String, _ path: String) throws -> [UInt8] {
        let box = ResultBox<Result<[UInt8], SystemCallError>>()
        let done = CompletionFlag()
        let client = Thread {
            box.value = Result { () throws(SystemCallError) -> [UInt8] in try ControlClient.send(command, to: path) }
            done.set()
        }
        client.start()
        while !done.wait(timeout: 0) { try loop.runOnce(timeout: 0.05) }
        return try box.value!.get()
    }

    @Test func commandsAreAnsweredAndTheSocketIsGroupOnly() throws {
        let path = NSTemporaryDirectory() + "ctl-\(UUID().uuidString.prefix(8)).sock"
        let loop = try EventLoop()
        var seen: [String] = []
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 10, 13]
        let server = try ControlServer(path: path, loop: loop) { line in
            seen.append(line)
            switch line {
            case "status": return Array("{\"phase\": \"running\"}\n".utf8)
            case "screenshot": return Array("ok png \(png.count)\n".utf8) + png
            default: return Array("error: unknown command\n".utf8)
            }
        }
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o660)
        #expect(st.st_mode & 0o170000 == 0o140000)   // S_IFSOCK

        #expect(String(decoding: try roundTrip(loop, "status", path), as: UTF8.self) == "{\"phase\": \"running\"}\n")
        let answer = try roundTrip(loop, "screenshot", path)
        #expect(try ControlClient.screenshotPNG(from: answer).get() == png)
        let bad = try roundTrip(loop, "  reboot  ", path)
        #expect(String(decoding: bad, as: UTF8.self) == "error: unknown command\n")
        if case .failure(let e) = ControlClient.screenshotPNG(from: bad) {
            #expect(e.description == "error: unknown command")
        } else { Issue.record("an error line parsed as a PNG") }
        #expect(seen == ["status", "screenshot", "reboot"])
        _ = server
    }

    @Test func theSocketFileGoesWithTheServer() throws {
        let path = NSTemporaryDirectory() + "ctl-\(UUID().uuidString.prefix(8)).sock"
        let loop = try EventLoop()
        var server: ControlServer? = try ControlServer(path: path, loop: loop) { _ in [] }
        #expect(access(path, F_OK) == 0)
        server = nil
        #expect(access(path, F_OK) != 0)
        _ = server
    }

    @Test func aTruncatedScreenshotIsRefused() {
        let answer = Array("ok png 10\n".utf8) + [1, 2, 3]
        if case .success = ControlClient.screenshotPNG(from: answer) { Issue.record("a short PNG was accepted") }
    }
}
