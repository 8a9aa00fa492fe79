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

    /// Stops this server at once and removes its folder.
    public func stopOwn() { stop() }
}
