import Foundation

/// A PostgreSQL server of a test's own, for tests that restart it (the process's `shared` one
/// serves every other test at the same time and must stay up).
extension PostgresTestCluster {
    /// Starts a new server in a temporary folder (`stopOwn()` stops it and removes the folder).
    public static func startOwn() throws -> PostgresTestCluster { try PostgresTestCluster() }

    /// `pg_ctl restart -m fast`: every connection is cut, the server shuts down cleanly and comes
    /// back on the same port; returns when it accepts connections again (`-w`, 120 s ceiling).
    public func restart() throws {
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "120",
                                            "-m", "fast", "restart"], runAs: runAs)
    }

    /// An outage: `pg_ctl stop -m fast` (every connection cut, a clean shutdown), `seconds` with
    /// nothing listening, then the server started again on its port; returns when it accepts
    /// connections (`-w`, 120 s ceilings). `whileDown` runs once the server is down, before the
    /// wait (a test that looks at the outage returns from it when done). Blocks its thread (run
    /// it with `onOwnThread`).
    public func stop(forSeconds seconds: Double, whileDown: () -> Void = {}) throws {
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-w", "-t", "120", "-m", "fast", "stop"], runAs: runAs)
        whileDown()
        usleep(useconds_t(seconds * 1_000_000))
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "120",
                                            "-o", Self.serverOptions(directory: directory, port: port), "start"], runAs: runAs)
    }

    /// Stops this server at once and removes its folder.
    public func stopOwn() { stop() }
}
