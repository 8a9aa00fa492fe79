import Dispatch
import Foundation
import GRDB
import Synchronization
import Testing
@testable import BoxOffice

/// Durability as a kiosk sees it: an order's reply leaves the server only after the transaction
/// that stored the order committed, on a served database whose writer runs `synchronous = FULL`
/// (SQLite's documented guarantee: a commit that returned survives power loss).
///
/// How the order is shown: a transaction observer on the server's one writer connection holds
/// each commit that stores an order until the reply reaches the client or a second passes, and
/// notes when the commit returned. A server that answered before committing would deliver the
/// reply during that hold and the log would read reply, commit; the client's own log of when the
/// reply arrived is the other half. The hold's second is never asserted on: a passing run only
/// waits it out.
@Suite("An order's reply follows its commit", .serialized)
struct OrderReplyAfterCommitTests {
    /// What happened, in the order it happened: "commit" (an order's commit returned), "reply"
    /// (the client has the answer), "reply during hold" (it came while the commit was held).
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Holds the commit of any transaction that inserted into `purchase_order` (see the suite).
    final class CommitWatch: TransactionObserver, @unchecked Sendable {
        let log: Log
        /// Signalled by the client when the reply to the order being made arrived (a new one per order).
        private let replied = Mutex(DispatchSemaphore(value: 0))
        let hold: DispatchTimeInterval
        // Touched only on the writer connection's queue.
        private var storesOrder = false
        /// Commits held so far (one per order transaction).
        let held = Mutex(0)

        init(log: Log, hold: DispatchTimeInterval = .seconds(1)) {
            self.log = log
            self.hold = hold
        }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { eventKind.tableName == "purchase_order" }
        func databaseDidChange(with event: DatabaseEvent) { storesOrder = true }

        func databaseWillCommit() throws {
            guard storesOrder else { return }
            held.withLock { $0 += 1 }
            let reply = replied.withLock { $0 }
            if reply.wait(timeout: .now() + hold) == .success { log.append("reply during hold") }
        }

        func databaseDidCommit(_ db: Database) {
            if storesOrder { log.append("commit") }
            storesOrder = false
        }

        func databaseDidRollback(_ db: Database) { storesOrder = false }

        /// Before an order is sent: its reply has not arrived.
        func expectReply() { replied.withLock { $0 = DispatchSemaphore(value: 0) } }
        /// The client has the reply.
        func replyArrived() { replied.withLock { $0 }.signal() }
    }

    @Test func anOrdersReplyIsSentOnlyAfterItsCommitReturned() async throws {
        let t = try await TestServer.start()
        defer { Task { await t.stop() } }
        let log = Log()
        let watch = CommitWatch(log: log)
        let synchronous = try await #require(t.server.store.sqlite).pool.writeWithoutTransaction { db -> Int? in
            db.add(transactionObserver: watch, extent: .databaseLifetime)
            return try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        #expect(synchronous == 2)   // FULL on the connection that commits orders

        for (i, seat) in ["Z1-3-1", "Z2-4-2"].enumerated() {
            let held = try await t.hold([seat])
            let holdID = try #require(held.json?["hold_id"]?.stringValue)
            let amount = try #require(held.json?["total"]?["amount_minor"]?.intValue)
            watch.expectReply()
            let order = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "ref-\(i)", holdID: holdID, amount: amount))
            log.append("reply")
            watch.replyArrived()
            #expect(order.status == 201)
            #expect(order.json?["lines"]?.arrayValue?.first?["seat_guid"]?.stringValue == seat)
        }
        #expect(watch.held.withLock { $0 } == 2)   // each order's commit went through the hook
        #expect(log.all == ["commit", "reply", "commit", "reply"])
        // What was answered is what the database holds.
        #expect(try await t.read { db in try db.value("SELECT COUNT(*) FROM purchase_order") as Int? } == 2)
    }
}

/// The same on PostgreSQL, where the commit happens on the server: a deferred constraint trigger
/// on `purchase_order` runs inside COMMIT, before the commit can complete, and waits there for an
/// advisory lock the test holds from another connection. While the order's transaction waits
/// inside its COMMIT (seen in `pg_locks`), the test waits a second for a reply that must not
/// come, then lets the commit finish; the reply must follow. The second is never asserted on.
@Suite("An order's reply follows its commit on PostgreSQL", .serialized)
struct OrderReplyAfterCommitPostgresTests {
    @Test func anOrdersReplyIsSentOnlyAfterItsCommitReturned() async throws {
        let t = try await TestServer.start(engine: .postgres)
        defer { Task { await t.stop() } }
        #expect(try await t.server.store.engine.health()["synchronous"] == "on")
        try await t.server.store.write { tx in
            try tx.execute("""
                CREATE FUNCTION wait_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN PERFORM pg_advisory_xact_lock(77); RETURN NULL; END $$
                """, [])
            try tx.execute("""
                CREATE CONSTRAINT TRIGGER order_commit_gate AFTER INSERT ON purchase_order
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wait_for_test()
                """, [])
        }
        let gate = try await BoxOfficeStore(url: DatabaseURL(parsing: t.databaseURL), leaseTimeout: BoxOfficeStore.testLeaseTimeout)
        defer { Task { await gate.close() } }
        let log = OrderReplyAfterCommitTests.Log()

        for (i, seat) in ["Z1-3-1", "Z2-4-2"].enumerated() {
            let held = try await t.hold([seat])
            let holdID = try #require(held.json?["hold_id"]?.stringValue)
            let amount = try #require(held.json?["total"]?["amount_minor"]?.intValue)
            // The test's connection takes the lock and keeps its transaction open until released.
            let release = DispatchSemaphore(value: 0)
            let holding = Task { try await gate.write { tx in
                try tx.execute("SELECT pg_advisory_xact_lock(77)", [])
                release.wait()
            } }
            try await Self.waitFor(t, "granted")
            let order = Task {
                let reply = try await t.send(.POST, "/v1/orders", json: t.orderBody(ref: "ref-\(i)", holdID: holdID, amount: amount))
                log.append("reply")
                return reply
            }
            try await Self.waitFor(t, "NOT granted")  // the order's COMMIT waits in its trigger
            try await Task.sleep(for: .seconds(1))
            log.append("commit released")
            release.signal()
            try await holding.value
            let reply = try await order.value
            #expect(reply.status == 201)
            #expect(reply.json?["lines"]?.arrayValue?.first?["seat_guid"]?.stringValue == seat)
        }
        #expect(log.all == ["commit released", "reply", "commit released", "reply"])
        #expect(try await t.read { db in try db.value("SELECT COUNT(*) FROM purchase_order") as Int? } == 2)
    }

    /// Polls `pg_locks` until one session holds (`granted`) or waits for (`NOT granted`) lock 77.
    static func waitFor(_ t: TestServer, _ state: String) async throws {
        while try await t.read({ db in
            try db.value("SELECT CAST(COUNT(*) AS BIGINT) FROM pg_locks WHERE locktype = 'advisory' AND objid = 77 AND \(state)") as Int?
        }) != 1 {
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
