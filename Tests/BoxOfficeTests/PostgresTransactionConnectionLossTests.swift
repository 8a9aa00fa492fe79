import BoxOfficeTestSupport
import Foundation
import Synchronization
import Testing
@testable import BoxOffice

/// PostgreSQL restarted under sixteen writers in mid-transaction (`pg_ctl restart -m fast` cuts
/// every connection): each transaction ends, committed or failed, none waits for good, and the
/// store then closes. Before `PostgresTransaction.wait(for:on:sql:)`, a statement written to a
/// connection the server had just cut was never answered nor failed: its blocking thread, its
/// request and `tribune-boxoffice serve`'s shutdown on SIGTERM waited for ever.
@Suite(.serialized) struct PostgresTransactionConnectionLossTests {
    static let writers = 16
    /// The most a step may take before the test gives up: it waits for events, not for a time.
    static let patience: Duration = .seconds(300)

    /// What the writers did, shared with the test.
    final class Tally: Sendable {
        let state = Mutex((committed: 0, failed: 0, finished: 0, stop: false, restarted: false, errors: [String: Int]()))
        var committed: Int { state.withLock { $0.committed } }
        var finished: Int { state.withLock { $0.finished } }
    }

    @Test func everyTransactionEndsWhenPostgreSQLRestartsUnderIt() async throws {
        let cluster = try PostgresTestCluster.startOwn()
        defer { cluster.stopOwn() }
        try cluster.psql("CREATE DATABASE lost")
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: cluster.url(database: "lost")))
        let engine = store.engine
        let tally = Tally()
        for _ in 0..<Self.writers {
            // Unstructured: a writer that never ends must fail the test, not hang the suite.
            Task {
                while !tally.state.withLock({ $0.stop }) {
                    // Until the restart a transaction waits in a statement (so all sixteen are
                    // mid-transaction when it comes, however slowly a loaded machine runs them);
                    // after it, short transactions show the pool serving again.
                    let statement = tally.state.withLock { $0.restarted } ? "SELECT pg_sleep(0.002)" : "SELECT pg_sleep(600)"
                    do {
                        try await engine.write { tx in try tx.execute(statement, []) }
                        tally.state.withLock { $0.committed += 1 }
                    } catch {
                        let kind = error is PostgresConnectionLost ? "connection lost" : PostgresEngine.describe(error)
                        tally.state.withLock { $0.failed += 1; $0.errors[String(kind.prefix(80)), default: 0] += 1 }
                    }
                }
                tally.state.withLock { $0.finished += 1 }
            }
        }
        // Every writer inside its statement, by the server's own account.
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = 'lost' AND state = 'active' AND query = 'SELECT pg_sleep(600)'"
        #expect(try await eventually(limit: Self.patience) {
            try await onOwnThread { try cluster.psql(waiting).trimmingCharacters(in: .whitespacesAndNewlines) } == "\(Self.writers)"
        })
        // From now on every new transaction is a short one: the sixteen long ones are all
        // waiting in their statements, and the restart cuts them.
        tally.state.withLock { $0.restarted = true }
        try await onOwnThread { try cluster.restart() }   // pg_ctl blocks its thread until the server is back
        // Back: writes commit again after the restart.
        #expect(await eventually(limit: Self.patience) { tally.committed >= 50 })
        tally.state.withLock { $0.stop = true }
        let allEnded = await eventually(limit: Self.patience) { tally.finished == Self.writers }
        let state = tally.state.withLock { $0 }
        print("connection loss: \(state.committed) transactions committed, \(state.failed) failed (\(state.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), \(state.finished) of \(Self.writers) writers ended")
        #expect(allEnded, "\(Self.writers - state.finished) writers still wait for a statement on a cut connection")
        #expect(state.failed >= Self.writers, "the restart cut fewer transactions than were waiting in a statement")
        // A writer still waiting would hold the blocking pool's shutdown for ever.
        if allEnded { await store.close() }
    }
}
