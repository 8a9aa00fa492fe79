import CLinux
import Descriptors
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's one event loop: an epoll set over file descriptors (the DRM card, libinput, the
/// control socket, timerfds, a signalfd and the eventfds of mailboxes). Everything it calls runs
/// on the thread that calls `run()`; other threads talk to it only through a `LoopMailbox`.
/// With nothing to do it sleeps in `epoll_wait` without a timeout, so an idle kiosk uses no CPU.
public final class EventLoop {
    /// What a watched descriptor reported, as epoll event bits (`EPOLLIN`, `EPOLLHUP`, …).
    public typealias Handler = (_ events: UInt32) -> Void

    private let epoll: OwnedDescriptor
    private var epollFD: Int32 { epoll.rawValue }
    /// Handlers indexed by descriptor number (small, dense integers).
    private var handlers: [Handler?] = []
    private var stopRequested = false
    /// Called once per iteration after the ready descriptors were handled and before the loop
    /// sleeps again: where the runtime advances the session and renders a frame.
    public var beforeSleep: (() -> Void)?
    /// Iterations so far (wake-ups), for diagnostics and the idle test.
    public private(set) var iterations = 0

    public init() throws(SystemCallError) {
        epoll = try .opened(epoll_create1(Int32(EPOLL_CLOEXEC)), by: "epoll_create1")
    }

    /// Calls `handler` on the loop thread whenever `fd` is readable (or hung up / in error), and
    /// with `writable` also whenever it can take more output (`EPOLLOUT`: a queue to drain).
    /// Watching a descriptor again replaces its handler and what it is watched for.
    public func watch(_ fd: Int32, writable: Bool = false, _ handler: @escaping Handler) throws(SystemCallError) {
        guard fd >= 0 else { throw SystemCallError(call: "epoll_ctl(ADD)", subject: "fd \(fd)", errno: .badFileDescriptor) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (writable ? EPOLLOUT.rawValue : 0)
        event.data.fd = fd
        let known = Int(fd) < handlers.count && handlers[Int(fd)] != nil
        if epoll_ctl(epollFD, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) != 0 {
            // A descriptor closed and reopened under the same number is unknown to epoll again.
            guard known, Glibc.errno == ENOENT, epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
                throw .current("epoll_ctl(\(known ? "MOD" : "ADD"))", "fd \(fd)")
            }
        }
        while handlers.count <= Int(fd) { handlers.append(nil) }
        handlers[Int(fd)] = handler
    }

    /// Stops watching `fd` (before closing it).
    public func unwatch(_ fd: Int32) {
        guard fd >= 0, Int(fd) < handlers.count, handlers[Int(fd)] != nil else { return }
        handlers[Int(fd)] = nil
        var event = epoll_event()
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, &event)
    }

    /// Waits up to `timeout` seconds (nil: until something happens) and handles what became
    /// ready; then runs `beforeSleep`. Returns the number of descriptors handled.
    @discardableResult
    public func runOnce(timeout: Double? = nil) throws(SystemCallError) -> Int {
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        let ms: Int32 = timeout.map { Int32(max(0, min(Double(Int32.max), ($0 * 1000).rounded(.up)))) } ?? -1
        let n = epoll_wait(epollFD, &events, Int32(events.count), ms)
        iterations += 1
        if n < 0 {
            if Glibc.errno == EINTR { beforeSleep?(); return 0 }
            throw .current("epoll_wait")
        }
        for i in 0..<Int(n) {
            let fd = Int(events[i].data.fd)
            // A handler may have unwatched a descriptor that is later in this batch.
            guard fd < handlers.count, let handler = handlers[fd] else { continue }
            handler(events[i].events)
        }
        beforeSleep?()
        return Int(n)
    }

    /// Runs until `stop()` is called from a handler.
    public func run() throws(SystemCallError) {
        stopRequested = false
        beforeSleep?()
        while !stopRequested { try runOnce() }
    }

    /// Makes `run()` return after the current iteration.
    public func stop() { stopRequested = true }
    public var isStopping: Bool { stopRequested }
}
