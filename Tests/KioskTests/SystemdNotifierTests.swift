import Foundation
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket bound like systemd's notify socket, to read what the notifier sends.
final class NotifyListener {
    let fd: Int32
    let name: String

    init(name: String) throws {
        self.name = name
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard let address = UnixSocketAddress(name) else { throw SystemCallError(call: "address", errno: .invalidArgument) }
        if !name.hasPrefix("@") { unlink(name) }
        guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else { throw SystemCallError.current("bind", name) }
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd); if !name.hasPrefix("@") { unlink(name) } }

    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n < 0 ? nil : String(decoding: buffer[0..<n], as: UTF8.self)
    }
}

@Suite struct SystemdNotifierTests {
    @Test func messagesArriveOnAPathSocket() throws {
        let path = NSTemporaryDirectory() + "notify-\(UUID().uuidString.prefix(8)).sock"
        let listener = try NotifyListener(name: path)
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": path]))
        try notifier.ready(status: "browsing, 0 seats selected")
        #expect(listener.receive() == "READY=1\nSTATUS=browsing, 0 seats selected")
        try notifier.status("two\nlines")
        #expect(listener.receive() == "STATUS=two lines")
        try notifier.watchdog()
        #expect(listener.receive() == "WATCHDOG=1")
        try notifier.stopping(status: "stopping")
        #expect(listener.receive() == "STOPPING=1\nSTATUS=stopping")
    }

    @Test func abstractSocketNamesStartWithAt() throws {
        let name = "@tribune-test-\(UUID().uuidString.prefix(12))"
        let listener = try NotifyListener(name: name)
        let notifier = try SystemdNotifier(socketName: name)
        try notifier.watchdog()
        #expect(listener.receive() == "WATCHDOG=1")
    }

    @Test func noSocketNoNotifier() {
        #expect(SystemdNotifier(environment: [:]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
    }

    @Test func theWatchdogIntervalIsHalfOfWatchdogUsec() {
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "3000000"]) == 1.5)
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "\(getpid())"]) == 10)
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "\(getpid() + 1)"]) == nil)
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "0"]) == nil)
        #expect(SystemdNotifier.watchdogInterval(environment: [:]) == nil)
    }
}
