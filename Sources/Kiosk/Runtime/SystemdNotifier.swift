import Descriptors
#if canImport(Glibc)
import Glibc
#endif

/// systemd's notification protocol (`sd_notify`) spoken directly: one datagram per message to
/// the `AF_UNIX` socket named by `$NOTIFY_SOCKET` (a path, or `@name` for an abstract socket).
/// `READY=1` when the first frame is on screen, `STATUS=` one line, `WATCHDOG=1` from the event
/// loop at half of `$WATCHDOG_USEC`, `STOPPING=1` on shutdown.
public final class SystemdNotifier {
    /// The socket name as given (`/run/systemd/notify` or `@…`).
    public let socketName: String
    private let address: UnixSocketAddress
    private let socket: OwnedDescriptor

    /// A notifier for `$NOTIFY_SOCKET` in `environment`; nil when the variable is unset or
    /// unusable (not running under systemd with `Type=notify`).
    public convenience init?(environment: [String: String]) {
        guard let name = environment["NOTIFY_SOCKET"], !name.isEmpty else { return nil }
        do { try self.init(socketName: name) } catch { return nil }
    }

    /// A notifier sending to `socketName`.
    public init(socketName: String) throws(SystemCallError) {
        guard let address = UnixSocketAddress(socketName) else {
            throw SystemCallError(call: "NOTIFY_SOCKET", subject: socketName, errno: .invalidArgument)
        }
        socket = try .opened(Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0),
                             by: "socket(AF_UNIX, SOCK_DGRAM)", on: socketName)
        self.socketName = socketName
        self.address = address
    }

    /// Sends one message: newline-separated `KEY=value` assignments.
    public func send(_ message: String) throws(SystemCallError) {
        let bytes = Array(message.utf8)
        let fd = socket.rawValue
        let sent = address.withSockaddr { addr, len in
            bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), addr, len) }
        }
        guard sent == bytes.count else { throw .current("sendto", socketName) }
    }

    /// `READY=1` with the status line.
    public func ready(status: String) throws(SystemCallError) { try send("READY=1\nSTATUS=\(Self.oneLine(status))") }
    public func status(_ line: String) throws(SystemCallError) { try send("STATUS=\(Self.oneLine(line))") }
    public func watchdog() throws(SystemCallError) { try send("WATCHDOG=1") }
    public func stopping(status: String) throws(SystemCallError) { try send("STOPPING=1\nSTATUS=\(Self.oneLine(status))") }
    /// `RELOADING=1`, then `READY=1` when done (systemd ≥ 253 also wants MONOTONIC_USEC for Type=notify-reload).
    public func reloading() throws(SystemCallError) { try send("RELOADING=1") }

    /// The interval at which to send `WATCHDOG=1`: half of `$WATCHDOG_USEC` in seconds, nil when
    /// the watchdog is off or meant for another process (`$WATCHDOG_PID` ≠ `pid`).
    public static func watchdogInterval(environment: [String: String], pid: Int32 = getpid()) -> Double? {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], let p = Int32(owner), p != pid { return nil }
        return Double(usec) / 1e6 / 2
    }

    /// Status text must stay on one line (a newline would start a new assignment).
    static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
