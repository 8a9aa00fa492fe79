import Foundation
import Spawn
import Synchronization

/// A real PostgreSQL server for the tests: `initdb` and `pg_ctl` into a new temporary folder,
/// listening on that folder's unix socket and on 127.0.0.1 at a free port, trust authentication
/// for the user `tribune`. One server per test process (`shared`), started on first use and
/// stopped when the process exits; each test takes a fresh database of its own (`newDatabase`).
///
/// Durability is PostgreSQL's default: `fsync = on`, `synchronous_commit = on`, so the tests of
/// acknowledged-after-commit hold against the server as deployed. Only `initdb` runs with
/// `--no-sync` (the empty cluster's files; nothing of a test's is written by then).
///
/// PostgreSQL refuses to run as root; as root (CI runs as root) every server command runs as the
/// `postgres` user that Debian's `postgresql` package makes (else `nobody`) through `runuser`,
/// and the folder is handed to that user. As anyone else the commands run as they are.
public final class PostgresTestCluster: Sendable {
    /// The folder holding the data directory, the log and the unix socket.
    public let directory: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The role the tests connect as (a superuser, trust authentication, no password).
    public let user = "tribune"
    let binaries: String
    let runAs: String?
    private let databases = Mutex(0)

    /// The process's server, started on first use.
    public static func shared() throws -> PostgresTestCluster {
        try sharedCluster.withLock { cluster in
            if let cluster { return cluster }
            let started = try PostgresTestCluster()
            cluster = started
            atexit { PostgresTestCluster.stopShared() }
            return started
        }
    }

    private static let sharedCluster = Mutex<PostgresTestCluster?>(nil)

    private static func stopShared() {
        sharedCluster.withLock { cluster in
            cluster?.stop()
            cluster = nil
        }
    }

    /// Creates a new, empty database and returns its URL, `postgres://tribune@127.0.0.1:PORT/NAME`.
    public func newDatabase(prefix: String = "t") throws -> String {
        let number = databases.withLock { n -> Int in n += 1; return n }
        let name = "\(prefix)_\(getpid())_\(number)"
        try psql("CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// The URL of `database` on this server over TCP.
    public func url(database: String) -> String { "postgres://\(user)@127.0.0.1:\(port)/\(database)" }

    /// Runs `sql` with `psql` in `database` (over the unix socket) and returns its unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(binaries + "/psql", ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", String(port),
                                          "-U", user, "-d", database, "-c", sql], runAs: nil)
    }

    init() throws {
        binaries = try Self.findBinaries()
        runAs = getuid() == 0 ? Self.unprivilegedUser() : nil
        var template = Array((NSTemporaryDirectory() + "tribune-pg-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresTestClusterError(step: "mkdtemp", detail: String(cString: strerror(errno))) }
        directory = String(cString: made)
        if let runAs { _ = try Self.run("/bin/chown", [runAs + ":", directory], runAs: nil) }
        try Self.run(binaries + "/initdb", ["-D", directory + "/data", "-U", user, "--auth=trust", "-E", "UTF8", "--no-locale",
                                            "--no-sync", "--no-instructions"], runAs: runAs)
        var lastError: (any Error)?
        for _ in 0..<5 {
            let candidate = try Self.freePort()
            do {
                try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "60",
                                                    "-o", Self.serverOptions(directory: directory, port: candidate), "start"], runAs: runAs)
                port = candidate
                return
            } catch {
                lastError = error  // the port was taken meanwhile: another one
            }
        }
        throw lastError ?? PostgresTestClusterError(step: "pg_ctl start", detail: "no port")
    }

    /// The server's options: its socket folder, port, loopback only, room for many pools.
    static func serverOptions(directory: String, port: Int) -> String {
        "-k \(directory) -p \(port) -c listen_addresses=127.0.0.1 -c max_connections=200"
    }

    /// Stops the server at once (the tests' data need no checkpoint) and removes the folder.
    func stop() {
        _ = try? Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"], runAs: runAs)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `TRIBUNE_PG_BIN`, else the newest /usr/lib/postgresql/N/bin (Debian), else `pg_config --bindir`.
    static func findBinaries() throws -> String {
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_PG_BIN"] { return dir }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        if let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb") {
            return "\(root)/\(newest)/bin"
        }
        if let dir = try? run("/usr/bin/pg_config", ["--bindir"], runAs: nil).trimmingCharacters(in: .whitespacesAndNewlines),
           FileManager.default.isExecutableFile(atPath: dir + "/initdb") {
            return dir
        }
        throw PostgresTestClusterError(step: "find initdb",
                                       detail: "no PostgreSQL server binaries in \(root)/*/bin or pg_config --bindir; run scripts/install-deps.sh (postgresql) or set TRIBUNE_PG_BIN")
    }

    static func unprivilegedUser() -> String {
        getpwnam("postgres") != nil ? "postgres" : "nobody"
    }

    /// A loopback port below the ephemeral range (`LoopbackPort`): the test's own cluster is
    /// restarted on it while kiosks connect.
    static func freePort() throws -> Int {
        guard let port = LoopbackPort.unused() else { throw PostgresTestClusterError(step: "free port", detail: "none free in 20000-31999") }
        return port
    }

    /// Runs `path` (as `runAs` through runuser when given) and returns its standard output; a
    /// non-zero exit is an error carrying its standard error. Its standard input is /dev/null.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], runAs: String?) throws -> String {
        let argv = (runAs.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + [path] + arguments
        let step = (path as NSString).lastPathComponent
        let run: ChildProcess.Completed
        do { run = try ChildProcess.run(argv[0], Array(argv.dropFirst())) } catch {
            throw PostgresTestClusterError(step: step, detail: "cannot start: \(error)")
        }
        guard run.termination.succeeded else { throw PostgresTestClusterError(step: step, detail: "\(run.termination): \(run.errorText)") }
        return run.outputText
    }
}

/// A step of starting or using the test server failed: which, and what it said.
public struct PostgresTestClusterError: Error, CustomStringConvertible {
    public var step: String
    public var detail: String
    public var description: String { "PostgreSQL test server, \(step): \(detail)" }
}
