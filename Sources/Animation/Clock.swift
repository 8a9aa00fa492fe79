#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The source of time for everything that moves: seconds as `Double`. Real on a kiosk
/// (monotonic), virtual in headless replay (advanced explicitly), so replays are exact.
public protocol Clock: AnyObject, Sendable {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var now: Double { get }
}

/// The kernel's monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`), in seconds. Unaffected by
/// wall-clock changes, so animations never jump when NTP adjusts the time.
public final class MonotonicClock: Clock {
    public init() {}

    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// A clock that moves only when told to: headless replay and tests. Thread-safe, so the
/// recording reader and the animator may share it.
public final class VirtualClock: Clock, @unchecked Sendable {
    // A pthread mutex guards `time`; allocated once so its address never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var time: Double

    /// A clock reading `start` seconds.
    public init(start: Double = 0) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        time = start
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public var now: Double {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        return time
    }

    /// Moves the clock forward by `seconds` (negative or non-finite amounts are ignored: time
    /// never runs backwards).
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        time += seconds
    }

    /// Sets the clock to `seconds` if that is later than now; earlier or non-finite values are
    /// ignored.
    public func set(to seconds: Double) {
        guard seconds.isFinite else { return }
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        if seconds > time { time = seconds }
    }
}
