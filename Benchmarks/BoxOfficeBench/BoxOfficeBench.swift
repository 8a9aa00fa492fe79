import AsyncHTTPClient
import BoxOffice
import Foundation
import NIOCore
import NIOHTTP1

/// Hold + order throughput of the box office on loopback: 8 concurrent kiosks, each creating a
/// two-seat hold and converting it to an order, as fast as they can, with SQLite's synchronous
/// level FULL (the default) and NORMAL (its peer) in alternate runs. Each run gets a fresh
/// server and database; prints every run's requests per second and p50/p99 latency per request,
/// the median run against the target, and the machine's load (the bench shares it).
/// Build with `-c release`. Options: `--clients N` (8), `--seconds S` (5), `--runs R` (3),
/// `--flood-requests N` (600; 0 skips the flood, BoxOfficeBench+Flood.swift),
/// `--scale-out-seconds S` (5 per row; 0 skips SQLite / PostgreSQL / PostgreSQL ×3 behind nginx with
/// 8 and 32 clients, BoxOfficeBench+ScaleOut.swift).
@main
struct BoxOfficeBench {
    /// Issue #9: at least this many hold + order requests per second with 8 clients.
    static let targetRequestsPerSecond = 2_000.0

    @dynamicMemberLookup
    struct Run {
        var measured: Measured
        /// The process's CPU time (user + system, server and clients) per request: steadier
        /// than requests/s on a shared machine.
        var cpuMicrosecondsPerRequest: Double
        subscript<T>(dynamicMember path: KeyPath<Measured, T>) -> T { measured[keyPath: path] }
    }

    static func main() async throws {
        let arguments = CommandLine.arguments
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let v = Int(arguments[i + 1]) else { return fallback }
            return v
        }
        let clients = option("--clients", 8)
        let seconds = option("--seconds", 5)
        let runs = max(1, option("--runs", 3))
        let venue = Self.venue()
        let http = HTTPClient(eventLoopGroupProvider: .singleton,
                              configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: clients)))
        print("boxoffice-bench: \(clients) clients, hold (2 seats) + order, \(runs) runs of \(seconds) s per durability level (WAL)")
        print("  load average before: \(Self.loadAverage()) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        // FULL (the default: an acknowledged order survives power loss) against NORMAL, its peer,
        // alternating runs so both see the same machine.
        var results: [Bool: [Run]] = [true: [], false: []]
        for run in 1...runs {
            for synchronousFull in [true, false] {
                let r = try await Self.run(http: http, venue: venue, clients: clients, seconds: seconds, synchronousFull: synchronousFull)
                results[synchronousFull, default: []].append(r)
                print(String(format: "  run %d %@: %6.0f requests/s  p50 %5.2f ms  p99 %6.2f ms  max %6.2f ms  cpu %4.0f µs/request  (%d requests, %d failures, %.1f s)",
                             run, synchronousFull ? "FULL  " : "NORMAL", r.requestsPerSecond, r.p50, r.p99, r.max, r.cpuMicrosecondsPerRequest,
                             r.requests, r.failures, r.seconds))
            }
        }
        print("  load average after: \(Self.loadAverage())")
        func median(_ runs: [Run]) -> Run { runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[runs.count / 2] }
        let full = median(results[true] ?? []), normal = median(results[false] ?? [])
        for (name, m) in [("FULL  ", full), ("NORMAL", normal)] {
            print(String(format: "  median %@: %.0f requests/s (%.0f purchases/s), p50 %.2f ms, p99 %.2f ms, cpu %.0f µs/request",
                         name, m.requestsPerSecond, m.requestsPerSecond / 2, m.p50, m.p99, m.cpuMicrosecondsPerRequest))
        }
        print(String(format: "  FULL/NORMAL: %.2f× requests/s, %.2f× p99 (the cost of surviving power loss)",
                     full.requestsPerSecond / max(normal.requestsPerSecond, 1), full.p99 / max(normal.p99, 0.001)))
        let verdict = full.requestsPerSecond >= targetRequestsPerSecond ? "MET" : "MISSED"
        print(String(format: "  target ≥ %.0f requests/s with 8 clients (FULL): %@ (median %.0f)", targetRequestsPerSecond, verdict, full.requestsPerSecond))
        if results.values.joined().contains(where: { $0.failures > 0 }) { print("  FAILURES: some requests did not succeed (see runs above)") }
        let scaleOutSeconds = option("--scale-out-seconds", 5)
        if scaleOutSeconds > 0 { try await Self.scaleOutBench(clientCounts: [8, 32], seconds: scaleOutSeconds) }
        let floodRequests = option("--flood-requests", 600)
        if floodRequests > 0 { try await Self.floodBench(http: http, venue: venue, requests: floodRequests) }
        try await http.shutdown()
    }

    /// 40 blocks × 40 rows × 25 seats = 40,000 seats, a pretix seating plan.
    static func venue() -> Data {
        var zones: [[String: Any]] = []
        for z in 1...40 {
            let rows: [[String: Any]] = (1...40).map { r in
                ["row_number": "\(r)", "seats": (1...25).map { s in ["seat_guid": "Z\(z)-\(r)-\(s)", "category": r <= 10 ? "CAT1" : "CAT2"] }]
            }
            zones.append(["zone_id": "Z\(z)", "name": "Block \(z)", "rows": rows])
        }
        return try! JSONSerialization.data(withJSONObject: ["name": "Bench Stadium", "categories": [["name": "CAT1", "color": "#E87722"], ["name": "CAT2", "color": "#1D3557"]], "zones": zones])
    }

    /// User + system CPU seconds of this process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// `clients` kiosks against `base` for `seconds`: each holds its next two seats and orders
    /// them, as fast as it can. Kiosk k sells blocks k, k + clients, …: no two want the same seat
    /// (contention is the concurrency tests' subject; this measures throughput). Every request's
    /// latency, ms, and the requests that did not succeed.
    static func drive(http: HTTPClient, base: String, eventID: String, clients: Int, seconds: Int,
                      token: @escaping @Sendable (Int) -> String = { "token-\($0)" }) async throws -> (latencies: [Double], failures: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds) * 1_000_000_000
        return try await withThrowingTaskGroup(of: (latencies: [Double], failures: Int).self) { group in
            for k in 1...clients {
                group.addTask {
                    var latencies: [Double] = []
                    var failures = 0
                    var n = 0
                    let kiosk = BenchKiosk(http: http, base: base, token: token(k))
                    var seats: [String] = []
                    for z in stride(from: k, through: 40, by: clients) { for r in 1...40 { for s in 1...25 { seats.append("Z\(z)-\(r)-\(s)") } } }
                    while DispatchTime.now().uptimeNanoseconds < deadline && n + 1 < seats.count {
                        let (status, body, holdLatency) = try await kiosk.send("POST", "/v1/events/\(eventID)/holds",
                                                                          body: "{\"seats\":[\"\(seats[n])\",\"\(seats[n + 1])\"]}")
                        n += 2
                        latencies.append(holdLatency)
                        // The server's own parser: the client's work shares the machine with the server.
                        guard status == 201, let hold = JSONValue.parse(body), let holdID = hold["hold_id"]?.stringValue,
                              let total = hold["total"]?["amount_minor"]?.intValue else {
                            failures += 1
                            continue
                        }
                        let (orderStatus, _, orderLatency) = try await kiosk.send("POST", "/v1/orders",
                            body: "{\"client_order_ref\":\"\(UUID().uuidString)\",\"hold_id\":\"\(holdID)\",\"expected_total\":{\"amount_minor\":\(total),\"currency\":\"EUR\"}}")
                        latencies.append(orderLatency)
                        if orderStatus != 201 { failures += 1 }
                    }
                    return (latencies, failures)
                }
            }
            var all: [Double] = []
            var failures = 0
            for try await r in group { all += r.latencies; failures += r.failures }
            return (all, failures)
        }
    }

    /// One run on a fresh server and database.
    static func run(http: HTTPClient, venue: Data, clients: Int, seconds: Int, synchronousFull: Bool) async throws -> Run {
        let directory = NSTemporaryDirectory() + "boxoffice-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var tokens: [String: String] = [:]
        for k in 1...clients { tokens["token-\(k)"] = "kiosk-\(k)" }
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/bench.sqlite", port: 0, tokens: tokens)
        configuration.sweepInterval = nil
        configuration.synchronousFull = synchronousFull
        let server = try BoxOfficeServer(configuration: configuration)
        let eventID = try await server.store.createEvent(id: "evt_bench", name: "Bench", layout: try VenueLayout(document: venue), prices: ["CAT1": 4500])
        let port = try await server.start()

        let started = DispatchTime.now().uptimeNanoseconds
        let cpuStarted = cpuSeconds()
        let results = try await drive(http: http, base: "http://127.0.0.1:\(port)", eventID: eventID, clients: clients, seconds: seconds)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let cpu = cpuSeconds() - cpuStarted
        await server.stop()
        let measured = Measured(latencies: results.latencies, failures: results.failures, seconds: elapsed)
        return Run(measured: measured, cpuMicrosecondsPerRequest: measured.requests == 0 ? 0 : cpu * 1e6 / Double(measured.requests))
    }
}
