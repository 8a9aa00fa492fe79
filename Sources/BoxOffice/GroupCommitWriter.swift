import GRDB
import Synchronization

/// Group commit: write requests that arrive while a commit is running are run together in the
/// next `BEGIN IMMEDIATE` transaction, each inside its own savepoint (so one request's failure
/// rolls back only its own effect), and committed once. Every caller gets its answer only after
/// that commit, so with `synchronous = FULL` an answered request is on disk — one fsync covers
/// the whole batch instead of one per request; with NORMAL the batch shares its BEGIN/COMMIT and
/// WAL frames.
///
/// Requests run one after another on the single writer connection in arrival order, exactly as
/// serial transactions would: the same checks guard the same writes.
final class GroupCommitWriter: Sendable {
    struct Job: Sendable {
        var body: @Sendable (Database) throws -> any Sendable
        var continuation: CheckedContinuation<any Sendable, any Error>
    }

    private let pool: DatabasePool
    /// Waiting jobs, and whether a batch loop is running.
    private let state = Mutex<(jobs: [Job], running: Bool)>(([], false))
    /// Most jobs per transaction (bounds latency and the rollback of a failed commit).
    let maxBatch: Int
    /// Told how long each batch's transaction took, BEGIN to the end of COMMIT (the metrics).
    let commitObserver = Mutex<(@Sendable (Duration) -> Void)?>(nil)

    init(pool: DatabasePool, maxBatch: Int = 64) {
        self.pool = pool
        self.maxBatch = maxBatch
    }

    /// Runs `body` in the next batch; returns its result after the batch committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
            let start = state.withLock { s -> Bool in
                s.jobs.append(Job(body: { db in try body(db) }, continuation: continuation))
                if s.running { return false }
                s.running = true
                return true
            }
            if start { Task { await self.drain() } }
        }
        return value as! T
    }

    /// Runs batches until no job waits.
    private func drain() async {
        while true {
            let jobs = state.withLock { s -> [Job] in
                let n = min(s.jobs.count, maxBatch)
                let taken = Array(s.jobs.prefix(n))
                s.jobs.removeFirst(n)
                if taken.isEmpty { s.running = false }
                return taken
            }
            if jobs.isEmpty { return }
            let results: [Result<any Sendable, any Error>]
            let started = ContinuousClock.now
            do {
                results = try await pool.writeWithoutTransaction { db in
                    var results: [Result<any Sendable, any Error>] = []
                    results.reserveCapacity(jobs.count)
                    try db.inTransaction(.immediate) {
                        for job in jobs {
                            var value: (any Sendable)?
                            do {
                                try db.inSavepoint {
                                    value = try job.body(db)
                                    return .commit
                                }
                                results.append(.success(value!))
                            } catch {
                                // SQLite may have rolled back the whole transaction (I/O error,
                                // full disk): then nothing of the batch stands.
                                guard db.isInsideTransaction else { throw error }
                                results.append(.failure(error))
                            }
                        }
                        return .commit
                    }
                    return results
                }
            } catch {
                // The commit itself failed: nothing of the batch is stored.
                for job in jobs { job.continuation.resume(throwing: error) }
                continue
            }
            if let observe = commitObserver.withLock({ $0 }) { observe(ContinuousClock.now - started) }
            for (job, result) in zip(jobs, results) { job.continuation.resume(with: result) }
        }
    }
}
