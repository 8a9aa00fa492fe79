import Foundation
#if canImport(Glibc)
import Glibc
#endif
import BoxOfficeTestSupport

/// A TCP proxy between the kiosk and the box office that injects faults, one request at a
/// time: the kiosk's client talks to it as to the box office. It runs on one thread of its own
/// with `poll`, so it adds a fixed thread and a bounded set of sockets to the process.
///
/// A new request is a client's first bytes after the box office's last answer on that
/// connection (the kiosk's HTTP/1.1 client does not pipeline). Armed faults are taken by the
/// next requests, in the order armed:
/// - `unavailable`: answered `503 Service Unavailable` by the proxy, the box office never sees it;
/// - `slow`: forwarded after `latency` seconds (real time);
/// - `dropped`: forwarded, and the connection closed as the answer starts, so the kiosk
///   never hears an outcome the box office may have committed.
final class FaultProxy: @unchecked Sendable {
    enum Fault: String, CaseIterable, Sendable { case unavailable, slow, dropped }

    let port: Int
    let latency: Double
    private let listener: Int32
    private let lock = NSLock()
    private var upstreamPort: Int
    private var armed: [Fault] = []
    private var injected: [Fault: Int] = [:]
    private var stopping = false
    private var thread: Thread?

    private final class Link {
        let client: Int32
        let upstream: Int32
        var awaitingAnswer = false
        var pending: [UInt8] = []
        var releaseAt: Double?
        var dropOnAnswer = false
        init(client: Int32, upstream: Int32) { self.client = client; self.upstream = upstream }
    }

    /// Listens on 127.0.0.1 (a free port) and forwards to `upstreamPort` on 127.0.0.1.
    init(upstreamPort: Int, latency: Double = 2) throws(SoakError) {
        self.upstreamPort = upstreamPort
        self.latency = latency
        do {
            (listener, port) = try LoopbackPort.listening()
        } catch {
            throw SoakError("fault proxy: \(error)")
        }
    }

    /// The box office moved (restarted on another port): new connections go there.
    func retarget(_ port: Int) { lock.withLock { upstreamPort = port } }

    /// The next `count` requests take `fault`.
    func arm(_ fault: Fault, count: Int = 1) { lock.withLock { armed += Array(repeating: fault, count: count) } }

    /// Faults armed and not yet taken by a request.
    var armedCount: Int { lock.withLock { armed.count } }

    /// Faults injected so far, by kind.
    var injectedCounts: [Fault: Int] { lock.withLock { injected } }

    func start() {
        let t = Thread { [self] in self.serve() }
        t.name = "soak-proxy"
        thread = t
        t.start()
    }

    func stop() {
        lock.withLock { stopping = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        var links: [Link] = []
        while !lock.withLock({ stopping }) {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for l in links { fds.append(pollfd(fd: l.client, events: Int16(POLLIN), revents: 0)); fds.append(pollfd(fd: l.upstream, events: Int16(POLLIN), revents: 0)) }
            let now = Self.monotonic()
            let wake = links.compactMap(\.releaseAt).min().map { max(0, $0 - now) } ?? 0.2
            _ = poll(&fds, nfds_t(fds.count), Int32(min(wake, 0.2) * 1000) + 1)
            var closed = Set<Int32>()
            for (k, link) in links.enumerated() {
                let c = fds[1 + 2 * k].revents, u = fds[2 + 2 * k].revents
                if c != 0 && !fromClient(link) { closed.insert(link.client); continue }
                if u != 0 && !fromUpstream(link) { closed.insert(link.client); continue }
                if let t = link.releaseAt, t <= Self.monotonic() {
                    link.releaseAt = nil
                    if !Self.send(link.pending, to: link.upstream) { closed.insert(link.client) }
                    link.pending.removeAll()
                }
            }
            for link in links where closed.contains(link.client) { close(link.client); close(link.upstream) }
            links.removeAll { closed.contains($0.client) }
            if fds[0].revents != 0 { accept(into: &links) }   // after the loop above: fds index the links polled
        }
        for link in links { close(link.client); close(link.upstream) }
        close(listener)
    }

    private func accept(into links: inout [Link]) {
        let client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { return }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        // The box office is down (restarting): the kiosk sees the refusal as a dropped connection.
        guard let upstream = try? LoopbackPort.connect(port: lock.withLock { upstreamPort }) else { close(client); return }
        links.append(Link(client: client, upstream: upstream))
    }

    /// The kiosk sent bytes; false when the link is to be closed.
    private func fromClient(_ link: Link) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(link.client, &buffer, buffer.count)
        guard n > 0 else { return false }
        let bytes = Array(buffer[..<n])
        if !link.awaitingAnswer {
            link.awaitingAnswer = true
            let fault: Fault? = lock.withLock {
                guard !armed.isEmpty else { return nil }
                let f = armed.removeFirst()
                injected[f, default: 0] += 1
                return f
            }
            switch fault {
            case .unavailable?:
                let answer = "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/problem+json\r\ncontent-length: 2\r\n"
                    + "retry-after: 1\r\nconnection: close\r\n\r\n{}"
                _ = Self.send(Array(answer.utf8), to: link.client)
                return false
            case .slow?:
                link.pending = bytes
                link.releaseAt = Self.monotonic() + latency
                return true
            case .dropped?:
                link.dropOnAnswer = true
            case nil:
                break
            }
        }
        if link.releaseAt != nil { link.pending += bytes; return true }
        return Self.send(bytes, to: link.upstream)
    }

    /// The box office answered; false when the link is to be closed.
    private func fromUpstream(_ link: Link) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(link.upstream, &buffer, buffer.count)
        guard n > 0, !link.dropOnAnswer else { return false }
        link.awaitingAnswer = false
        return Self.send(Array(buffer[..<n]), to: link.client)
    }

    private static func send(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
