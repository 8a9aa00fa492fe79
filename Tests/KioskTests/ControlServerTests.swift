import Animation
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

    static func socketPath() -> String { NSTemporaryDirectory() + "ctl-\(UUID().uuidString.prefix(8)).sock" }

    /// A connected client socket that the test drives by hand (blocking).
    static func connect(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let address = try #require(UnixSocketAddress(path))
        try #require(address.withSockaddr { Glibc.connect(fd, $0, $1) } == 0)
        return fd
    }

    static func sendAll(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    @Test func commandsAreAnsweredAndTheSocketIsOwnerOnly() throws {
        let path = Self.socketPath()
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
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(st.st_mode & 0o170000 == 0o140000)   // S_IFSOCK
        #expect(st.st_uid == getuid())

        #expect(String(decoding: try roundTrip(loop, "status", path), as: UTF8.self) == "{\"phase\": \"running\"}\n")
        let answer = try roundTrip(loop, "screenshot", path)
        #expect(try ControlClient.screenshotPNG(from: answer).get() == png)
        let bad = try roundTrip(loop, "  reboot  ", path)
        #expect(String(decoding: bad, as: UTF8.self) == "error: unknown command\n")
        if case .failure(let e) = ControlClient.screenshotPNG(from: bad) {
            #expect(e.description == "error: unknown command")
        } else { Issue.record("an error line parsed as a PNG") }
        #expect(seen == ["status", "screenshot", "reboot"])
        #expect(server.clientCount == 0)   // each closed once answered
    }

    /// `control_socket_mode = "0660"` with the process's own group: the file says so.
    @Test func aConfiguredModeAndGroupAreApplied() throws {
        let path = Self.socketPath()
        let loop = try EventLoop()
        let group = try #require(getgrgid(getgid())).pointee.gr_name.map { String(cString: $0) }
        let server = try ControlServer(path: path, access: ControlSocketAccess(mode: 0o660, group: group), loop: loop) { _ in [] }
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o660)
        #expect(st.st_gid == getgid())
        #expect(ControlSocketAccess.isAllowed(0o600) && ControlSocketAccess.isAllowed(0o660))
        #expect(!ControlSocketAccess.isAllowed(0o666) && !ControlSocketAccess.isAllowed(0o060) && !ControlSocketAccess.isAllowed(0o4600))
        _ = server
        #expect(throws: SystemCallError.self) {
            try ControlServer(path: Self.socketPath(), access: ControlSocketAccess(group: "no-such-group-\(getpid())"), loop: loop) { _ in [] }
        }
    }

    @Test func theSocketFileGoesWithTheServer() throws {
        let path = Self.socketPath()
        let loop = try EventLoop()
        var server: ControlServer? = try ControlServer(path: path, loop: loop) { _ in [] }
        #expect(access(path, F_OK) == 0)
        server = nil
        #expect(access(path, F_OK) != 0)
        _ = server
    }

    /// A control_socket naming a file that is not a socket (as /dev/null or the journal could be)
    /// is refused and the file left as it was; a stale socket file is replaced.
    @Test func onlyAStaleSocketIsReplaced() throws {
        let loop = try EventLoop()
        let path = Self.socketPath()
        defer { unlink(path) }
        try Data("journal entry\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SystemCallError.self) { try ControlServer(path: path, loop: loop) { _ in [] } }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "journal entry\n")
        unlink(path)
        let first = try ControlServer(path: path, loop: loop) { _ in [] }
        let second = try ControlServer(path: path, loop: loop) { _ in [] }
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK)
        _ = (first, second)
    }

    @Test func aTruncatedScreenshotIsRefused() {
        let answer = Array("ok png 10\n".utf8) + [1, 2, 3]
        if case .success = ControlClient.screenshotPNG(from: answer) { Issue.record("a short PNG was accepted") }
    }

    /// Answers larger than the socket's buffer go out as the client reads (on `EPOLLOUT`), whole
    /// and in the order asked, while a timer on the same loop keeps firing.
    @Test func answersLargerThanTheSocketBufferArriveWholeAndInOrder() throws {
        let path = Self.socketPath()
        let loop = try EventLoop()
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let server = try ControlServer(path: path, loop: loop) { line in line == "big" ? big : Array("ok \(line)\n".utf8) }
        let fd = try Self.connect(path)
        defer { close(fd) }
        try #require(Self.sendAll(fd, "big\nsmall\n"))
        let received = ResultBox<[UInt8]>()
        let done = CompletionFlag()
        Thread {
            var all: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                all += chunk[0..<n]
            }
            received.value = all
            done.set()
        }.start()
        var turns = 0
        while !done.wait(timeout: 0) { try loop.runOnce(timeout: 0.05); turns += 1 }
        #expect(received.value == big + Array("ok small\n".utf8))
        #expect(server.clientCount == 0 && server.droppedClients == 0)
        #expect(turns > 1)   // the answer went out over several wake-ups, not in one blocking send
    }

    /// A client that asks and never reads: the loop goes on (a timer keeps firing, the "frames")
    /// while its answer waits; once its unsent answers pass the cap it is dropped, and the loop
    /// still goes on. The test waits for those events; it measures no time.
    @Test func aClientThatNeverReadsStallsNothingAndIsDroppedPastTheCap() throws {
        let path = Self.socketPath()
        let loop = try EventLoop()
        let answer = [UInt8](repeating: 0x5A, count: 2 << 20)   // larger than any socket buffer
        let server = try ControlServer(path: path, loop: loop, maxQueuedBytes: 5 << 20) { _ in answer }
        var frames = 0
        let timer = try LoopTimer(loop: loop) { frames += 1 }
        timer.arm(at: MonotonicClock().now, repeating: 0.002)
        let fd = try Self.connect(path)
        defer { close(fd) }

        try #require(Self.sendAll(fd, "screenshot\n"))
        // Its answer is queued (most of it in the server, unsent) and frames keep coming.
        while frames < 20 { try loop.runOnce() }
        #expect(server.clientCount == 1 && server.droppedClients == 0)

        // Two more: 6 MiB asked and not read, past the 5 MiB cap.
        try #require(Self.sendAll(fd, "screenshot\nscreenshot\n"))
        var turns = 0
        while server.droppedClients == 0 && turns < 100_000 { try loop.runOnce(); turns += 1 }
        #expect(server.droppedClients == 1)
        #expect(server.clientCount == 0)
        let atDrop = frames
        while frames < atDrop + 20 { try loop.runOnce() }
        // The client sees its connection end (what the kernel held, then end of file or a reset).
        var chunk = [UInt8](repeating: 0, count: 65536), total = 0
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            total += n
        }
        #expect(total < 3 * answer.count)
    }
}

