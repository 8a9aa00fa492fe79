import CLinux
import Descriptors
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's control socket: a Unix stream socket taking line commands and answering each, in
/// order. Runs on the event loop; `respond` is called on the loop thread.
///
/// Access: owner-only (mode 0600) unless configured otherwise (`ControlSocketAccess`), because
/// whoever can connect drives the kiosk — reloads it and takes screenshots of what a visitor is
/// buying. The kiosk never writes a file the caller names: a screenshot comes back over the
/// socket and the client writes it.
///
/// Framing: a text answer is one line; a screenshot is `ok png N\n` followed by N bytes of PNG.
/// A client sends its commands (usually one) and reads; the connection closes once every
/// command received has been answered and sent, or when the client closes its end.
///
/// Answers never block the loop: they are queued per connection and written as the socket takes
/// them (non-blocking, the rest on `EPOLLOUT`), so a client that reads slowly or not at all
/// cannot hold up frames; one whose unsent answers pass `maxQueuedBytes` is dropped.
public final class ControlServer {
    /// A command's answer: the bytes to send back.
    public typealias Responder = (_ command: String) -> [UInt8]

    /// Answers queued for a connection and not yet sent, most (bytes) before it is dropped: 64 MiB
    /// holds a screenshot of any panel (3840 × 2160 × 4 bytes uncompressed is 33 MB).
    public static let defaultMaxQueuedBytes = 64 << 20
    /// Longest command line (bytes).
    public static let maxCommandBytes = 4096

    public let path: String
    /// The listening socket the loop watches.
    public var fileDescriptor: Int32 { listener.rawValue }
    private let listener: OwnedDescriptor
    public let maxQueuedBytes: Int
    /// Connections dropped for letting their answers pile up past `maxQueuedBytes`.
    public private(set) var droppedClients = 0
    /// Connections open now.
    public var clientCount: Int { connections.count }
    // Weak: the loop may go first at shutdown (its closing epoll fd drops every watch).
    private weak var loop: EventLoop?
    private let respond: Responder
    /// The open connections by descriptor; a connection owns its socket, closed when it leaves.
    private var connections: [Int32: ControlConnection] = [:]

    /// Binds `path` (replacing a stale socket file) with `access`, listens and watches it on `loop`.
    public init(path: String, access: ControlSocketAccess = ControlSocketAccess(), loop: EventLoop,
                maxQueuedBytes: Int = ControlServer.defaultMaxQueuedBytes, respond: @escaping Responder) throws(SystemCallError) {
        guard let address = UnixSocketAddress(path), !path.hasPrefix("@") else {
            throw SystemCallError(call: "control socket", subject: path, errno: .invalidArgument)
        }
        // (Closed, once, wherever this throws: by the local until `self` holds it, then with `self`.)
        let socket = try OwnedDescriptor.opened(
            Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0),
            by: "socket(AF_UNIX, SOCK_STREAM)", on: path)
        let fd = socket.rawValue
        // Only a stale socket is replaced: a mistyped path (/dev/null, the journal) is never removed.
        var existing = stat()
        if lstat(path, &existing) == 0 {
            guard existing.st_mode & S_IFMT == S_IFSOCK else {
                throw SystemCallError(call: "control socket (the path exists and is not a socket)", subject: path, errno: .fileExists)
            }
            unlink(path)
        }
        // The socket file takes its mode from the umask at bind time: owner-only (0777 & ~0177),
        // so it is never wider than asked while the group and mode are set; then the explicit
        // chown and chmod (the umask is process-wide: another thread may change it around bind).
        let old = umask(0o177)
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        umask(old)
        guard bound == 0 else { throw .current("bind", path) }
        do throws(SystemCallError) {
            try access.apply(to: path)
        } catch {
            unlink(path); throw error
        }
        guard listen(fd, 8) == 0 else { let e = SystemCallError.current("listen", path); unlink(path); throw e }
        self.path = path
        listener = socket
        self.loop = loop
        self.maxQueuedBytes = maxQueuedBytes
        self.respond = respond
        // (A throw now runs `deinit`, which removes the socket file; the socket closes with `self`.)
        try loop.watch(fd) { [weak self] _ in self?.acceptAll() }
    }

    deinit {
        // (The connections' sockets and the listener close after this, with the stored properties.)
        for fd in connections.keys { loop?.unwatch(fd) }
        loop?.unwatch(fileDescriptor)
        unlink(path)
    }

    private func acceptAll() {
        while true {
            let c = accept(fileDescriptor, nil, nil)
            guard c >= 0 else { return }
            let connection = ControlConnection(socket: OwnedDescriptor(adopting: c))
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            connections[c] = connection
            do { try loop?.watch(c) { [weak self] events in self?.handle(c, events) } } catch { connections[c] = nil }
        }
    }

    private func handle(_ c: Int32, _ events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { flush(c) }
        if events & ~EPOLLOUT.rawValue != 0, connections[c] != nil { readAvailable(c) }
    }

    /// Reads what arrived and answers every complete line.
    private func readAvailable(_ c: Int32) {
        guard let connection = connections[c] else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        // A bounded number of reads per wake-up, so one chatty client cannot hog the loop.
        for _ in 0..<16 {
            let n = read(c, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if n <= 0 { connection.inputClosed = true; break }
            connection.input += chunk[0..<n]
        }
        while let newline = connection.input.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: connection.input[..<newline], as: UTF8.self).trimmingSpaces()
            connection.input.removeSubrange(...newline)
            connection.answered += 1
            guard enqueue(c, respond(line)) else { return }
        }
        if connection.input.count > Self.maxCommandBytes {
            connection.input.removeAll()
            connection.inputClosed = true
            connection.answered += 1
            guard enqueue(c, Array("error: command longer than \(Self.maxCommandBytes) bytes\n".utf8)) else { return }
        }
        flush(c)
    }

    /// Queues `reply`; false when that dropped the connection (past `maxQueuedBytes`).
    private func enqueue(_ c: Int32, _ reply: [UInt8]) -> Bool {
        guard let connection = connections[c] else { return false }
        connection.output.append(reply)
        guard connection.output.count <= maxQueuedBytes else {
            droppedClients += 1
            drop(c)
            return false
        }
        return true
    }

    /// Sends what the socket takes now; watches for writability while something is left, and
    /// closes the connection once everything asked has been answered and sent.
    private func flush(_ c: Int32) {
        guard let connection = connections[c] else { return }
        switch connection.output.send(to: c) {
        case .failed:
            drop(c)
            return
        case .wouldBlock:
            if !connection.waitingForOutput {
                connection.waitingForOutput = true
                do { try loop?.watch(c, writable: true) { [weak self] events in self?.handle(c, events) } } catch { drop(c) }
            }
            return
        case .sent:
            break
        }
        if connection.inputClosed || (connection.answered > 0 && connection.input.isEmpty) {
            drop(c)
        } else if connection.waitingForOutput {
            connection.waitingForOutput = false
            do { try loop?.watch(c) { [weak self] events in self?.handle(c, events) } } catch { drop(c) }
        }
    }

    /// Unwatches and forgets connection `c`; its socket closes as the connection goes (at once,
    /// or when a caller still holding it returns).
    private func drop(_ c: Int32) {
        loop?.unwatch(c)
        connections[c] = nil
    }
}

/// One client of the control socket: what it sent that is not answered yet and what is queued for it.
final class ControlConnection {
    /// The connection's socket.
    let socket: OwnedDescriptor
    var input: [UInt8] = []
    var output = OutputQueue()
    /// Commands answered so far.
    var answered = 0
    /// The client closed its end (or sent a line too long): answer what came, then close.
    var inputClosed = false
    /// Watched for `EPOLLOUT` (the socket's buffer was full).
    var waitingForOutput = false

    init(socket: consuming OwnedDescriptor) { self.socket = socket }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
        return String(s)
    }
}
