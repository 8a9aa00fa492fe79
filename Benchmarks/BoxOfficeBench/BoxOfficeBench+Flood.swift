import AsyncHTTPClient
import BoxOfficeTestSupport
import Foundation
import NIOCore

/// Issue 26's flood, timed: `tribune-boxoffice serve` (the release build beside this bench) under
/// the shipped unit's `LimitNOFILE`, one kiosk's requests (availability reads and hold + order
/// pairs) timed first on a quiet server, then beside 5,000 idle connections and 500 that dribble a
/// request head. The peer is the same server without the flood: the ratio is the flood's cost.
extension BoxOfficeBench {
    /// Issue 26: a kiosk's requests beside the flood are answered with a p99 under this (ms).
    static let floodTargetP99Milliseconds = 100.0
    static let floodIdleConnections = 5_000
    static let floodSlowConnections = 500

    static func floodBench(http: HTTPClient, venue: Data, requests: Int) async throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tribune-boxoffice").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("  flood: skipped, \(executable) is not built (swift build -c release --product tribune-boxoffice)")
            return
        }
        let limit = try unitFileLimit()
        try raiseOwnFileLimit(to: floodIdleConnections + floodSlowConnections + 512)
        let directory = NSTemporaryDirectory() + "boxoffice-flood-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try venue.write(to: URL(fileURLWithPath: directory + "/venue.json"))
        try "kiosk-1 secret-one\n".write(toFile: directory + "/tokens", atomically: true, encoding: .utf8)
        let db = directory + "/flood.sqlite"
        let create = Process()
        create.executableURL = URL(fileURLWithPath: executable)
        create.arguments = ["event", "create", "--db", db, "--venue", directory + "/venue.json", "--name", "Flood", "--id", "evt_flood",
                            "--default-price", "4500"]
        create.standardOutput = FileHandle.nullDevice
        try create.run()
        create.waitUntilExit()
        guard create.terminationStatus == 0 else { print("  flood: skipped, event create failed"); return }

        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        server.arguments = ["--nofile=\(limit):\(limit)", executable, "serve", "--db", db, "--port", "0", "--token-file", directory + "/tokens"]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        var bytes: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { bytes.append(byte) }
        let line = String(decoding: bytes, as: UTF8.self)
        guard let port = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            print("  flood: skipped, the server printed no port (\(line))")
            return
        }
        let kiosk = BenchKiosk(http: http, base: "http://127.0.0.1:\(port)", token: "secret-one")
        var seat = 0
        let quiet = try await kiosk.measure(requests: requests, seat: &seat)

        var idle: [Int32] = [], slow: [Int32] = []
        defer { (idle + slow).forEach { close($0) } }
        for _ in 0..<floodIdleConnections { idle.append(try LoopbackPort.connect(port: port)) }
        for _ in 0..<floodSlowConnections {
            let fd = try LoopbackPort.connect(port: port)
            _ = "GET /v1/health HTTP/1.1\r\nHost: x\r\n".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            slow.append(fd)
        }
        let dribblers = slow
        let dribbling = Task.detached {
            while !Task.isCancelled {
                for fd in dribblers { _ = "X".withCString { send(fd, $0, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        let flooded = try await kiosk.measure(requests: requests, seat: &seat)
        dribbling.cancel()
        let alive = server.isRunning
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()

        print("  flood: tribune-boxoffice serve under LimitNOFILE=\(limit); one kiosk, \(requests) requests (availability, hold, order)")
        for (name, l) in [("quiet server", quiet), ("beside \(floodIdleConnections) idle + \(floodSlowConnections) slow", flooded)] {
            print(String(format: "    %@ p50 %6.2f ms  p99 %6.2f ms  max %7.2f ms  (%d failures)",
                         name.padding(toLength: 30, withPad: " ", startingAt: 0), l.p50, l.p99, l.max, l.failures))
        }
        let ratio = quiet.p99 > 0 ? flooded.p99 / quiet.p99 : 0
        let verdict = flooded.p99 < floodTargetP99Milliseconds && flooded.failures == 0 && alive ? "MET" : "MISSED"
        print(String(format: "    p99 flooded/quiet %.2f×; target p99 < %.0f ms with the server alive: %@ (%.2f ms, server %@)",
                     ratio, floodTargetP99Milliseconds, verdict, flooded.p99, alive ? "alive" : "DEAD"))
    }

    /// `LimitNOFILE=` of the shipped unit (the bench runs from the repository root).
    static func unitFileLimit() throws -> Int {
        let unit = try String(contentsOfFile: "systemd/tribune-boxoffice.service", encoding: .utf8)
        guard let line = unit.split(separator: "\n").first(where: { $0.hasPrefix("LimitNOFILE=") }),
              let limit = Int(line.dropFirst("LimitNOFILE=".count)) else {
            throw BenchError("systemd/tribune-boxoffice.service: no LimitNOFILE=")
        }
        return limit
    }

    static func raiseOwnFileLimit(to wanted: Int) throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        guard limit.rlim_cur < rlim_t(wanted) else { return }
        guard limit.rlim_max >= rlim_t(wanted) else { throw BenchError("the hard file limit \(limit.rlim_max) is below \(wanted)") }
        limit.rlim_cur = rlim_t(wanted)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw BenchError("setrlimit: errno \(errno)") }
    }
}
