import CLinux
import Descriptors
#if canImport(Glibc)
import Glibc
#endif

/// A one-shot or repeating timer on `CLOCK_MONOTONIC` (a timerfd in the event loop): the same
/// clock as `MonotonicClock`, so deadlines from the session are armed exactly.
public final class LoopTimer {
    /// The timerfd the loop watches.
    public var fileDescriptor: Int32 { timerDescriptor.rawValue }
    private let timerDescriptor: OwnedDescriptor
    // Weak: the loop may go first at shutdown (its closing epoll fd drops every watch).
    private weak var loop: EventLoop?
    private let handler: () -> Void
    /// The armed deadline (monotonic seconds), nil while disarmed.
    public private(set) var deadline: Double?
    /// Expirations handled so far.
    public private(set) var firings = 0

    /// A disarmed timer calling `handler` on the loop thread when it expires.
    public init(loop: EventLoop, _ handler: @escaping () -> Void) throws(SystemCallError) {
        timerDescriptor = try .opened(timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)),
                                      by: "timerfd_create")
        self.loop = loop
        self.handler = handler
        // (A throw now runs `deinit`, which unwatches; the descriptor closes once, with `self`.)
        try loop.watch(fileDescriptor) { [weak self] _ in self?.expired() }
    }

    deinit { loop?.unwatch(fileDescriptor) }

    /// Arms the timer for `deadline` (monotonic seconds; a past deadline fires at once), then
    /// every `interval` seconds when given.
    public func arm(at deadline: Double, repeating interval: Double? = nil) {
        var spec = itimerspec()
        // An all-zero it_value would disarm; the earliest representable deadline fires at once.
        spec.it_value = Self.timespec(max(deadline, 1e-9))
        if let interval, interval > 0 { spec.it_interval = Self.timespec(interval) }
        _ = timerfd_settime(fileDescriptor, Int32(TFD_TIMER_ABSTIME), &spec, nil)
        self.deadline = deadline
    }

    /// Arms the timer `seconds` from now.
    public func arm(after seconds: Double, repeating interval: Double? = nil) {
        var now = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        arm(at: Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9 + max(0, seconds), repeating: interval)
    }

    public func disarm() {
        var spec = itimerspec()
        _ = timerfd_settime(fileDescriptor, 0, &spec, nil)
        deadline = nil
    }

    private func expired() {
        var count: UInt64 = 0
        guard read(fileDescriptor, &count, 8) == 8, count > 0 else { return }
        var current = itimerspec()
        _ = timerfd_gettime(fileDescriptor, &current)
        if current.it_interval.tv_sec == 0 && current.it_interval.tv_nsec == 0 { deadline = nil }
        firings += 1
        handler()
    }

    static func timespec(_ seconds: Double) -> Glibc.timespec {
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: min(999_999_999, Int(((seconds - whole) * 1e9).rounded())))
    }
}
