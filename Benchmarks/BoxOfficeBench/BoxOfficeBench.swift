import AsyncHTTPClient
import BoxOffice
import Foundation
import NIOCore
import NIOHTTP1

/// Hold + order throughput of the box office on loopback: 8 concurrent kiosks, each creating a
/// two-seat hold and converting it to an order, as fast as they can. Prints requests per second
/// and p50/p99 latency per request. Build with `-c release`.
@main
struct BoxOfficeBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let v = Int(arguments[i + 1]) else { return fallback }
            return v
        }
        let clients = option("--clients", 8)
        let seconds = option("--seconds", 5)
        let directory = NSTemporaryDirectory() + "boxoffice-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        // 40 blocks × 40 rows × 25 seats = 40,000 seats.
        var zones: [[String: Any]] = []
        for z in 1...40 {
            let rows: [[String: Any]] = (1...40).map { r in
                ["row_number": "\(r)", "seats": (1...25).map { s in ["seat_guid": "Z\(z)-\(r)-\(s)", "category": r <= 10 ? "CAT1" : "CAT2"] }]
            }
            zones.append(["zone_id": "Z\(z)", "name": "Block \(z)", "rows": rows])
        }
        let venue = try JSONSerialization.data(withJSONObject: ["name": "Bench Stadium", "categories": [["name": "CAT1", "color": "#E87722"], ["name": "CAT2", "color": "#1D3557"]], "zones": zones])
        var tokens: [String: String] = [:]
        for k in 1...clients { tokens["token-\(k)"] = "kiosk-\(k)" }
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/bench.sqlite", port: 0, tokens: tokens)
        configuration.sweepInterval = nil
        // --synchronous-full: every commit fsync'd (durable on power loss), writes group-committed.
        configuration.synchronousFull = arguments.contains("--synchronous-full")
        let server = try BoxOfficeServer(configuration: configuration)
        let eventID = try await server.store.createEvent(id: "evt_bench", name: "Bench", layout: try VenueLayout(document: venue), prices: ["CAT1": 4500])
        let port = try await server.start()
        let http = HTTPClient(eventLoopGroupProvider: .singleton,
                              configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: clients)))

        func post(_ path: String, token: String, body: String) async throws -> (Int, Data, Double) {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            request.method = .POST
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            request.headers.add(name: "Idempotency-Key", value: UUID().uuidString)
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
            let start = DispatchTime.now().uptimeNanoseconds
            let response = try await http.execute(request, timeout: .seconds(30))
            let buffer = try await response.body.collect(upTo: 1 << 20)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return (Int(response.status.code), Data(buffer.readableBytesView), elapsed)
        }

        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds) * 1_000_000_000
        let started = DispatchTime.now().uptimeNanoseconds
        let results = try await withThrowingTaskGroup(of: (latencies: [Double], failures: Int).self) { group in
            for k in 1...clients {
                group.addTask {
                    var latencies: [Double] = []
                    var failures = 0
                    var n = 0
                    // Kiosk k sells blocks k, k + clients, …: no two kiosks want the same seat.
                    var seats: [String] = []
                    for z in stride(from: k, through: 40, by: clients) { for r in 1...40 { for s in 1...25 { seats.append("Z\(z)-\(r)-\(s)") } } }
                    while DispatchTime.now().uptimeNanoseconds < deadline && n + 1 < seats.count {
                        let (status, body, holdLatency) = try await post("/v1/events/\(eventID)/holds", token: "token-\(k)",
                                                                          body: "{\"seats\":[\"\(seats[n])\",\"\(seats[n + 1])\"]}")
                        n += 2
                        latencies.append(holdLatency)
                        guard status == 201, let hold = try JSONSerialization.jsonObject(with: body) as? [String: Any],
                              let holdID = hold["hold_id"] as? String, let total = (hold["total"] as? [String: Any])?["amount_minor"] as? Int else {
                            failures += 1
                            continue
                        }
                        let (orderStatus, _, orderLatency) = try await post("/v1/orders", token: "token-\(k)",
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
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let sorted = results.0.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print(String(format: "boxoffice-bench: %d clients, %.1f s, %d requests (hold + order), %d failures", clients, elapsed, sorted.count, results.1))
        print(String(format: "  throughput %.0f requests/s (%.0f purchases/s)", Double(sorted.count) / elapsed, Double(sorted.count) / 2 / elapsed))
        print(String(format: "  latency p50 %.2f ms, p99 %.2f ms, max %.2f ms", percentile(0.5), percentile(0.99), sorted.last ?? 0))
        try await http.shutdown()
        await server.stop()
    }
}
