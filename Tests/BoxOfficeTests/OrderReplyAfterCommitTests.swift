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
