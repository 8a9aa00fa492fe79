import Foundation

/// TLS on a test's own PostgreSQL server, for the engine's `sslmode` settings.
extension PostgresTestCluster {
    /// Serves TLS with `certificate` and `key` (PEM files, copied into the cluster's folder and
    /// owned by the server's user, the key readable by it alone as PostgreSQL demands); plain
    /// connections stay allowed (initdb's `host … trust` lines), so a test sees which one a
    /// client chose in `pg_stat_ssl`. Applied by a configuration reload; returns once a new
    /// session sees it. Blocks its thread (run it with `onOwnThread`).
    public func enableTLS(certificate: String, key: String) throws {
        let certificateCopy = directory + "/server.crt", keyCopy = directory + "/server.key"
        for (from, to) in [(certificate, certificateCopy), (key, keyCopy)] {
            try? FileManager.default.removeItem(atPath: to)
            try FileManager.default.copyItem(atPath: from, toPath: to)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyCopy)
        if let runAs { _ = try Self.run("/bin/chown", [runAs + ":", certificateCopy, keyCopy], runAs: nil) }
        _ = try psql("ALTER SYSTEM SET ssl_cert_file = '\(certificateCopy)'")
        _ = try psql("ALTER SYSTEM SET ssl_key_file = '\(keyCopy)'")
        _ = try psql("ALTER SYSTEM SET ssl = on")
        _ = try psql("SELECT pg_reload_conf()")
        // The postmaster rereads its files when it gets round to the signal.
        func on() throws -> Bool { try psql("SHOW ssl").trimmingCharacters(in: .whitespacesAndNewlines) == "on" }
        for _ in 0..<1200 where try !on() { usleep(50_000) }
        guard try on() else { throw PostgresTestClusterError(step: "enable TLS", detail: "ssl still off after the reload") }
    }
}
