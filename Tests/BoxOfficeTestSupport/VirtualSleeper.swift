import BoxOfficeClient
import Synchronization

/// A `Sleeper` on a virtual clock: a sleep ends only when `advance(by:)` moves the clock to its
/// deadline (or when its task is cancelled, throwing `CancellationError`), so tests step polling
/// and retries one round at a time instead of counting what happens in a real-time window.
public final class VirtualSleeper: Sleeper {
    private struct Sleep {
        var id: Int
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = 0.0
        var nextID = 0
        var sleeping: [Sleep] = []
        var requested: [Double] = []
        var cancelled = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Seconds of virtual time advanced so far.
    public var now: Double { state.withLock { $0.now } }
    /// Every delay asked for, in order (s).
    public var requested: [Double] { state.withLock { $0.requested } }
    /// Sleeps waiting for the clock now.
    public var sleeping: Int { state.withLock { $0.sleeping.count } }
    /// Sleeps that ended by cancellation.
    public var cancelled: Int { state.withLock { $0.cancelled } }

    public func sleep(seconds: Double) async throws {
        let id = state.withLock { s in
            s.nextID += 1
            s.requested.append(seconds)
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock: cancellation either finds this sleep registered or sees the flag here.
                let outcome: Result<Void, any Error>? = state.withLock { s in
                    if Task.isCancelled { s.cancelled += 1; return .failure(CancellationError()) }
                    if seconds <= 0 { return .success(()) }
                    s.sleeping.append(Sleep(id: id, deadline: s.now + seconds, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleep: Sleep? = state.withLock { s in
                guard let k = s.sleeping.firstIndex(where: { $0.id == id }) else { return nil }
                s.cancelled += 1
                return s.sleeping.remove(at: k)
            }
            sleep?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `seconds` and ends every sleep whose deadline it reached,
    /// earliest first.
    public func advance(by seconds: Double) {
        let due: [Sleep] = state.withLock { s in
            s.now += max(0, seconds)
            let now = s.now
            let due = s.sleeping.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            s.sleeping.removeAll { $0.deadline <= now }
            return due
        }
        for sleep in due { sleep.continuation.resume() }
    }
}

/// Waits until `condition` holds, checking every millisecond without blocking a thread. The
/// `limit` only keeps a broken test from hanging (it is never what a test measures); returns
/// whether the condition held.
@discardableResult
public func eventually(limit: Duration = .seconds(120), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return try await condition()
}
