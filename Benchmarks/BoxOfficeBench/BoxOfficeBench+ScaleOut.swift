import AsyncHTTPClient
import BoxOffice
import BoxOfficeTestSupport
import Foundation

/// Issue 28's benchmark: hold + order throughput of served box offices (real `tribune-boxoffice
/// serve` processes beside this one) with 8 and 32 clients against three deployments, all in one
/// run: SQLite with one instance, PostgreSQL with one instance, and PostgreSQL with three
/// instances behind nginx (the repository's site file). A PostgreSQL server of the bench's own
/// (`initdb` into a temporary folder) and a fresh database or file per measurement.
extension BoxOfficeBench {
    /// A deployment measured.
    enum Deployment: String, CaseIterable {
        case sqlite = "SQLite, 1 instance"
        case postgres = "PostgreSQL, 1 instance"
        case postgresBehindNginx = "PostgreSQL, 3 instances + nginx"
    }

    @dynamicMemberLookup
    struct ScaleOutRow {
        var deployment: Deployment
        var clients: Int
        var measured: Measured
        subscript<T>(dynamicMember path: KeyPath<Measured, T>) -> T { measured[keyPath: path] }
    }

    /// Measures every deployment with each of `clientCounts` for `seconds` and prints one table.
    static func scaleOutBench(clientCounts: [Int], seconds: Int) async throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tribune-boxoffice").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError("scale-out: \(executable) is missing (swift build -c release --product tribune-boxoffice)")
        }
        print("boxoffice-bench scale-out: hold (2 seats) + order, \(seconds) s per row, served processes on loopback")
        print("  load average before: \(loadAverage()) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let cluster = try PostgresTestCluster.startOwn()
        defer { cluster.stopOwn() }
        let directory = NSTemporaryDirectory() + "boxoffice-bench-scale-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tokenFile = directory + "/tokens"
        try (1...(clientCounts.max() ?? 8)).map { "kiosk-\($0) token-\($0)\n" }.joined().write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let venue = try VenueLayout(document: Self.venue())
        var rows: [ScaleOutRow] = []
        var measurement = 0
        for clients in clientCounts {
            let http = HTTPClient(eventLoopGroupProvider: .singleton,
                                  configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: clients)))
            do {
                for deployment in Deployment.allCases {
                    measurement += 1
                    let row = try await measure(deployment, clients: clients, seconds: seconds, http: http, cluster: cluster,
                                                executable: executable, directory: directory, tokenFile: tokenFile,
                                                venue: venue, number: measurement)
                    rows.append(row)
                    print(String(format: "  %@ with %d clients: %.0f requests/s  p50 %.2f ms  p99 %.2f ms  (%d requests, %d failures)",
                                 deployment.rawValue, clients, row.requestsPerSecond, row.p50, row.p99, row.requests, row.failures))
                }
            } catch {
                try? await http.shutdown()   // a client not shut down traps when released
                throw error
            }
            try await http.shutdown()
        }
        print("  load average after: \(loadAverage())")
        print("  | deployment | clients | requests/s | p50 ms | p99 ms | vs SQLite |")
        print("  |---|---|---|---|---|---|")
        for row in rows {
            let sqlite = rows.first { $0.deployment == .sqlite && $0.clients == row.clients }?.requestsPerSecond ?? 0
            print(String(format: "  | %@ | %d | %.0f | %.2f | %.2f | %.2f× |", row.deployment.rawValue, row.clients, row.requestsPerSecond,
                         row.p50, row.p99, row.requestsPerSecond / max(sqlite, 1)))
        }
        // What two cores can show: every process here (clients, nginx, instances, PostgreSQL) shares them.
        print("  note: clients, nginx, every instance and PostgreSQL share this machine's \(ProcessInfo.processInfo.activeProcessorCount) cores;"
              + " more instances add processes competing for the same cores, so this shows the cost of the deployment's hops"
              + " (nginx, the round trips to PostgreSQL) and that it stays correct under load, not how it scales on separate machines."
              + " Every seat change of one event first locks the event's row (seats are then taken in one order, so writers never"
              + " deadlock), so one event's writes run one at a time for as long as a transaction's round trips and its commit"
              + " take, however many instances serve it; instances add capacity for reads and for other events.")
        if rows.contains(where: { $0.failures > 0 }) { print("  FAILURES: some requests did not succeed (see the rows above)") }
    }

    /// One row: a fresh database (a SQLite file, or database `bench<number>` on `cluster`) with
    /// the bench's event, the deployment's instances (and nginx) started, `clients` driven for
    /// `seconds`, everything stopped again.
    static func measure(_ deployment: Deployment, clients: Int, seconds: Int, http: HTTPClient, cluster: PostgresTestCluster,
                        executable: String, directory: String, tokenFile: String, venue: VenueLayout, number: Int) async throws -> ScaleOutRow {
        let database: String
        if deployment == .sqlite {
            database = "sqlite:\(directory)/bench-\(number).sqlite"
        } else {
            try cluster.psql("CREATE DATABASE bench\(number)")
            database = cluster.url(database: "bench\(number)")
        }
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: database))
        let eventID = try await store.createEvent(id: "evt_bench", name: "Bench", layout: venue, prices: ["CAT1": 4500])
        await store.close()
        let instances = try (1...(deployment == .postgresBehindNginx ? 3 : 1)).map {
            try ServedBoxOffice(executable: executable, database: database, tokenFile: tokenFile, directory: directory,
                                name: "m\(number)-instance-\($0)")
        }
        defer { for instance in instances { instance.stop() } }
        let balancer = deployment == .postgresBehindNginx ? try NginxTestBalancer(upstreamPorts: instances.map(\.port)) : nil
        defer { balancer?.stop() }
        let started = DispatchTime.now().uptimeNanoseconds
        let result = try await drive(http: http, base: "http://127.0.0.1:\(balancer?.port ?? instances[0].port)", eventID: eventID,
                                     clients: clients, seconds: seconds)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return ScaleOutRow(deployment: deployment, clients: clients,
                           measured: Measured(latencies: result.latencies, failures: result.failures, seconds: elapsed))
    }
}
