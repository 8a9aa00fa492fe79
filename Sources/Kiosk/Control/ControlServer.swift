#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's control socket: a Unix stream socket (mode 0660: the kiosk user and its group)
/// taking one line command per connection and answering it, then closing. Runs on the event
/// loop; `respond` is called on the loop thread. Replies are text lines, except a screenshot
/// streamed as `ok png N\n` followed by N bytes of PNG.
public final class ControlServer {
    /// A command's answer: the bytes to send back.
    public typealias Responder = (_ command: String) -> [UInt8]

    public let path: String
    public let fileDescriptor: Int32
    // Weak: the loop may go first at shutdown (its closing epoll fd drops every watch).
    private weak var loop: EventLoop?
    private let respond: Responder
    private var pending: [Int32: [UInt8]] = [:]

    /// Binds `path` (replacing a stale socket file), listens and watches it on `loop`.
    public init(path: String, loop: EventLoop, respond: @escaping Responder) throws(SystemCallError) {
        guard let address = UnixSocketAddress(path), !path.hasPrefix("@") else {
            throw SystemCallError(call: "control socket", subject: path, errno: .invalidArgument)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .current("socket(AF_UNIX, SOCK_STREAM)", path) }
        unlink(path)
        // The socket file takes its mode from the umask at bind time: a restrictive one, so it
        // is never wider than 0660 (0777 & ~0117), then an explicit chmod for exactly 0660 —
        // the umask is process-wide, and another thread may change it around the bind.
        let old = umask(0o117)
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        umask(old)
        guard bound == 0 else { let e = SystemCallError.current("bind", path); close(fd); throw e }
        guard chmod(path, 0o660) == 0 else { let e = SystemCallError.current("chmod", path); close(fd); unlink(path); throw e }
        guard listen(fd, 8) == 0 else { let e = SystemCallError.current("listen", path); close(fd); throw e }
        self.path = path
        fileDescriptor = fd
        self.loop = loop
        self.respond = respond
        do {
            try loop.watch(fd) { [weak self] _ in self?.acceptAll() }
        } catch {
            close(fd); unlink(path); throw error
        }
    }

    deinit {
        for fd in pending.keys { loop?.unwatch(fd); close(fd) }
        loop?.unwatch(fileDescriptor)
        close(fileDescriptor)
        unlink(path)
    }

    private func acceptAll() {
        while true {
            let c = accept(fileDescriptor, nil, nil)
            guard c >= 0 else { return }
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            pending[c] = []
            do { try loop?.watch(c) { [weak self] _ in self?.readable(c) } } catch { pending[c] = nil; close(c) }
        }
    }

    private func readable(_ c: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = read(c, &chunk, chunk.count)
        if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
        if n <= 0 { finish(c, reply: nil); return }
        pending[c, default: []] += chunk[0..<n]
        guard let buffer = pending[c] else { return }
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[..<newline], as: UTF8.self).trimmingSpaces()
            finish(c, reply: respond(line))
        } else if buffer.count > 4096 {
            finish(c, reply: Array("error: command longer than 4096 bytes\n".utf8))
        }
    }

    /// Sends the reply (blocking, with a 2 s send timeout so a stuck client cannot stall the
    /// loop for long) and closes the connection.
    private func finish(_ c: Int32, reply: [UInt8]?) {
        loop?.unwatch(c)
        pending[c] = nil
        if let reply {
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var offset = 0
            reply.withUnsafeBytes { raw in
                while offset < raw.count {
                    let w = send(c, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    if w <= 0 { break }
                    offset += w
                }
            }
        }
        close(c)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
        return String(s)
    }
}
