import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Synchronization
import Testing
@testable import BoxOffice

/// The deployment of docs/boxoffice.md ("Scaling out") as real processes: one PostgreSQL server of
/// the test's own, three `tribune-boxoffice serve` processes on its database, the repository's
/// nginx site in front of them, and 24 purchase clients (each with its journal and idempotent
/// retries) racing through nginx for 6 pools of 16 seats. Mid-load one instance is SIGKILLed and,
/// later, PostgreSQL stopped for `outageSeconds` and started again. Half the kiosks are configured
/// to go out of service after 1 s, half after 60 s: the outage must show out of service on the
/// first (the instances answer 503 while their database is away) and on no kiosk earlier than its
/// own time. Afterwards the database and the journals must agree exactly.
@Suite("Three box-office instances behind nginx", .serialized)
struct BoxOfficeScaleOutTests {
    static let kioskCount = 24
    static let pools = 6
    static let seatsPerPool = 16
    /// Confirmed orders before the instance is killed, and before PostgreSQL restarts.
    static let killAfter = 8
    static let restartAfter = 18
    /// The kiosks' configured times before they show out of service, s: even-numbered kiosks
    /// the short one, odd ones the long one; the outage lies between them.
    static let shortOutOfServiceAfter = 1.0
    static let outOfServiceAfter = 60.0
    /// Longer than a request can wait in nginx for the database (an instance waits 10 s for a
    /// connection, `PostgresEngine.defaultLeaseTimeout`; nginx tries the two live instances): a request
    /// sent in the outage's first seconds reaches its kiosk as a 503 whether the instances fail
    /// at once or wait. With 5 s only a transaction cut at the stop answered 503 (nginx retried
    /// the rest until the database was back), and a CI run stopped none: no kiosk out of service.
    static let outageSeconds = 22.0
    static func outOfServiceLimit(kiosk index: Int) -> Double { index % 2 == 0 ? shortOutOfServiceAfter : outOfServiceAfter }

    static func seat(pool: Int, number: Int) -> String { "P\(pool)-\(number)" }

    /// One block, a row per pool, every seat CAT1.
    static func venue() throws -> VenueLayout {
        let rows: [[String: Any]] = (1...pools).map { r in
            ["row_number": "\(r)", "position": ["x": 0, "y": r * 30], "seats": (1...seatsPerPool).map { s in
                ["seat_guid": seat(pool: r, number: s), "seat_number": "\(s)", "position": ["x": s * 25, "y": 0], "category": "CAT1"] as [String: Any]
            }]
        }
        let document: [String: Any] = ["name": "Scale-out Arena", "categories": [["name": "CAT1", "color": "#E87722"]],
                                       "size": ["width": 500, "height": 300],
                                       "zones": [["zone_id": "P", "name": "P", "position": ["x": 10, "y": 10], "rows": rows, "areas": []]]]
        return try VenueLayout(document: JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]))
    }

    @Test func twentyFourKiosksLoseNothingWhenAnInstanceDiesAndPostgreSQLRestarts() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable),
                     "build tribune-boxoffice first (swift build --build-tests)")
        try #require(FileManager.default.isExecutableFile(atPath: NginxTestBalancer.binary), "install nginx (scripts/install-deps.sh build)")
        let cluster = try PostgresTestCluster.startOwn()
        defer { cluster.stopOwn() }
        try cluster.psql("CREATE DATABASE scaleout")
        let database = cluster.url(database: "scaleout")
        let directory = NSTemporaryDirectory() + "boxoffice-scale-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tokenFile = directory + "/tokens"
        try (1...Self.kioskCount).map { "k\($0) token-k\($0)\n" }.joined().write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: database))
        _ = try await store.createEvent(id: "evt_scale", name: "Scale-out Match", layout: Self.venue(), prices: ["CAT1": 2500])
        await store.close()

        let instances = try (1...3).map { try ServedBoxOffice(executable: BoxOfficeCommandTests.executable, database: database, tokenFile: tokenFile, directory: directory, name: "instance-\($0)") }
        defer { for instance in instances { instance.stop() } }
        let balancer = try NginxTestBalancer(upstreamPorts: instances.map(\.port))
        defer { balancer.stop() }

        let progress = ScaleOutProgress()
        let kiosks = try (1...Self.kioskCount).map { k in
            try Self.makeClient(kiosk: k, balancerPort: balancer.port, directory: directory, outOfServiceAfter: Self.outOfServiceLimit(kiosk: k - 1))
        }
        async let faults = Self.injectFaults(progress: progress, victim: instances[0], cluster: cluster)
        // The kiosks look at their state between purchases; a retrying purchase can span the
        // whole outage, so a watcher looks at every kiosk's state meanwhile too.
        let watcher = ScaleOutWatcher(clients: kiosks)
        let watching = Task { await watcher.run(until: progress) }
        let kioskTallies = await withTaskGroup(of: ScaleOutKiosk.Tally.self) { group in
            for (i, client) in kiosks.enumerated() {
                group.addTask { await ScaleOutKiosk(index: i, client: client, progress: progress).run() }
            }
            var all: [ScaleOutKiosk.Tally] = []
            for await tally in group { all.append(tally) }
            progress.finished.withLock { $0 = true }
            return all
        }
        let fault = try await faults
        await watching.value
        let watched = watcher.seen.withLock { $0 }
        let tallies = kioskTallies.map { tally in
            var merged = tally
            merged.sawOutOfService = tally.sawOutOfService || watched[tally.index].sawOutOfService
            merged.longestUnreachable = max(tally.longestUnreachable, watched[tally.index].longestUnreachable)
            return merged
        }
        let ordersAfterRestart = progress.confirmed.withLock { $0 } - fault.confirmedWhenBackUp

        // The books: the database against every kiosk's journal and acknowledgements.
        func rows(_ sql: String) throws -> [[String]] {
            try cluster.psql(sql, database: "scaleout").split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        }
        let serverOrders = try rows("SELECT kiosk_id, client_order_ref, order_id FROM purchase_order")
        let byReference = Dictionary(grouping: serverOrders, by: { $0[1] })
        var lost = 0, phantom = 0, pending = 0, journaled = 0
        var acknowledged = 0
        for (i, client) in kiosks.enumerated() {
            let journal = try client.journal.entries()
            journaled += journal.count
            pending += journal.filter { $0.state == .pending }.count
            let confirmed = Dictionary(uniqueKeysWithValues: journal.filter { $0.state == .confirmed }.map { ($0.clientOrderRef, $0.orderID ?? "") })
            let kioskOrders = serverOrders.filter { $0[0] == "k\(i + 1)" }
            lost += kioskOrders.filter { confirmed[$0[1]] != $0[2] }.count
            phantom += confirmed.filter { byReference[$0.key]?.map { $0[2] } != [$0.value] }.count
            for (reference, orderID) in tallies.first(where: { $0.index == i })?.acknowledged ?? [:] {
                acknowledged += 1
                #expect(byReference[reference]?.map { $0[2] } == [orderID], "acknowledged order \(orderID) (\(reference)) is not in the database exactly once")
            }
        }
        let doubleSold = Int(try rows("SELECT COUNT(*) FROM (SELECT seat_guid FROM ticket WHERE cancelled = 0 GROUP BY event_id, seat_guid HAVING COUNT(*) > 1) AS d")[0][0]) ?? -1
        let duplicateHolds = Int(try rows("SELECT COUNT(*) FROM (SELECT hold_id FROM purchase_order GROUP BY hold_id HAVING COUNT(*) > 1) AS d")[0][0]) ?? -1
        let tickets = Int(try rows("SELECT COUNT(*) FROM ticket WHERE cancelled = 0")[0][0]) ?? -1
        let ticketsAcknowledged = tallies.map(\.ticketsAcknowledged).reduce(0, +)
        let outOfService = tallies.filter(\.sawOutOfService)
        let longestUnreachable = tallies.map(\.longestUnreachable).max() ?? 0
        let refused = tallies.map(\.refused).reduce(0, +), unknown = tallies.map(\.unknown).reduce(0, +)
        let errorKinds = tallies.reduce(into: [String: Int]()) { all, t in all.merge(t.otherErrors, uniquingKeysWith: +) }
        let otherErrors = errorKinds.values.reduce(0, +)
        let errorList = errorKinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let restart = String(format: "%.1f", fault.restartSeconds), unreachable = String(format: "%.1f", longestUnreachable)
        var summary = "scale-out test: 3 instances behind nginx on one PostgreSQL, \(Self.kioskCount) kiosks, \(Self.pools)×\(Self.seatsPerPool) seats; "
        summary += "\(serverOrders.count) orders (\(tickets) tickets) in the database, \(acknowledged) acknowledged at once, "
        summary += "\(refused) refused (seats taken), \(unknown) outcomes unknown then resolved, \(otherErrors) other errors\(errorList.isEmpty ? "" : " (" + errorList.joined(separator: ", ") + ")"); "
        let shortSeen = outOfService.filter { Self.outOfServiceLimit(kiosk: $0.index) == Self.shortOutOfServiceAfter }.count
        summary += "instance 1 SIGKILLed after \(fault.killedAt) orders, PostgreSQL stopped after \(fault.restartedAt) orders for \(restart) s, "
        summary += "\(ordersAfterRestart) orders after; out of service seen by \(shortSeen) of \(Self.kioskCount / 2) kiosks with a "
        summary += "\(Self.shortOutOfServiceAfter) s limit and \(outOfService.count - shortSeen) of \(Self.kioskCount / 2) with \(Int(Self.outOfServiceAfter)) s "
        summary += "(longest unreachable \(unreachable) s); "
        summary += "journal \(journaled) intents, \(pending) pending; lost \(lost), phantom \(phantom), duplicates \(duplicateHolds), double-sold \(doubleSold)"
        print(summary)
        #expect(lost == 0)
        #expect(phantom == 0)
        #expect(duplicateHolds == 0)
        #expect(doubleSold == 0)
        #expect(pending == 0, "every journal intent resolved")
        #expect(serverOrders.count == journaled - tallies.map(\.rejectedIntents).reduce(0, +))
        #expect(tickets >= ticketsAcknowledged)
        // The faults landed mid-load: orders were confirmed after each.
        #expect(fault.killedAt >= Self.killAfter && fault.restartedAt >= Self.restartAfter)
        #expect(ordersAfterRestart > 0, "no order after the restart: it did not land mid-load")
        // The killed instance is gone; the others served on.
        #expect(!instances[0].process.isRunning && instances[1].process.isRunning && instances[2].process.isRunning)
        // Out of service only where a kiosk stayed unreachable past its configured time.
        for tally in outOfService {
            let limit = Self.outOfServiceLimit(kiosk: tally.index)
            #expect(tally.longestUnreachable >= limit - 0.05, "kiosk \(tally.index + 1) out of service before its \(limit) s")
        }
        #expect(shortSeen > 0, "an outage of \(Self.outageSeconds) s showed no kiosk with a \(Self.shortOutOfServiceAfter) s limit out of service")
        let notServing = tallies.filter { !$0.servingAtEnd }.map { $0.index + 1 }
        #expect(notServing.isEmpty, "kiosks not back in service: \(notServing)")
        #expect(tallies.count == Self.kioskCount)
        // The instances that lived through the restart stop on SIGTERM (they once waited for ever
        // on statements their cut connections never answered).
        for instance in instances.dropFirst() {
            let stopped = await onOwnThread { instance.stop() }
            #expect(stopped, "an instance that lived through the PostgreSQL restart ignored SIGTERM")
        }
    }

    static func makeClient(kiosk: Int, balancerPort: Int, directory: String, outOfServiceAfter: Double) throws -> PurchaseClient {
        let state = "\(directory)/kiosk-\(kiosk)"
        var configuration = PurchaseClient.Configuration(cacheDirectory: state)
        // Retries long enough to ride out the PostgreSQL outage on a loaded machine (about 45 s of
        // them when every answer is an immediate 503), request ceilings generous (nothing here
        // must time out).
        configuration.retry = RetryPolicy(baseDelay: 0.05, maxDelay: 1.0, maxAttempts: 48, jitter: 0.5)
        configuration.outOfServiceAfter = outOfServiceAfter
        return PurchaseClient(connection: BoxOfficeConnection(baseURL: "http://127.0.0.1:\(balancerPort)", token: "token-k\(kiosk)", requestTimeout: 120),
                              journal: try PurchaseJournal(directory: state), configuration: configuration)
    }

    struct FaultRecord: Sendable {
        var killedAt = 0
        var restartedAt = 0
        var restartSeconds = 0.0
        /// Confirmed orders when `pg_ctl restart` returned.
        var confirmedWhenBackUp = 0
    }

    /// Waits for `killAfter` confirmed orders, SIGKILLs `victim`; waits for `restartAfter`,
    /// stops PostgreSQL for `outageSeconds`. Both wait for the count, never for a time.
    static func injectFaults(progress: ScaleOutProgress, victim: ServedBoxOffice, cluster: PostgresTestCluster) async throws -> FaultRecord {
        var record = FaultRecord()
        await progress.waitFor(confirmed: killAfter)
        record.killedAt = progress.confirmed.withLock { $0 }
        await onOwnThread { victim.killNow() }
        await progress.waitFor(confirmed: restartAfter)
        record.restartedAt = progress.confirmed.withLock { $0 }
        let started = Date()
        try await onOwnThread { try cluster.stop(forSeconds: outageSeconds) }
        record.restartSeconds = Date().timeIntervalSince(started)
        record.confirmedWhenBackUp = progress.confirmed.withLock { $0 }
        return record
    }
}

/// Orders confirmed so far across the kiosks, and whether they all stopped.
final class ScaleOutProgress: Sendable {
    let confirmed = Mutex(0)
    let finished = Mutex(false)

    /// Returns once `confirmed` orders are in, or the kiosks stopped (polled every 20 ms).
    func waitFor(confirmed target: Int) async {
        while confirmed.withLock({ $0 }) < target && !finished.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
