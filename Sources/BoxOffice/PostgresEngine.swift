import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization

/// PostgreSQL through PostgresNIO: any number of box-office processes on one database.
///
/// Bridging: PostgresNIO is asynchronous, the sales logic synchronous (so it is written once for
/// both engines and SQLite keeps its batched, synchronous transactions). A transaction leases a
/// connection from a `PostgresClient` pool, then runs on a thread of a blocking pool
/// (`NIOThreadPool`), where each statement waits for its answer; no cooperative thread or event
/// loop ever blocks. The blocking pool has as many threads as the connection pool has
/// connections, so a leased connection always finds a thread.
///
/// Concurrency is the database's: writes run at READ COMMITTED, every seat change first locks the
/// event's row (`bumpRevision`), so writers of one event queue there and take seat rows in one
/// order, and a conditional `UPDATE … WHERE state = 'free'` whose row count falls short is a
/// lost race (409). The partial unique index on live tickets is the last guard. A transaction
/// that fails with a serialization failure (40001), a deadlock (40P01) or a unique violation
/// (23505: another process stored the same idempotency key or client_order_ref first) is rolled
/// back and run again from the start, where it sees the winner's rows and answers as a replay.
final class PostgresEngine: StorageEngine {
    let client: PostgresClient
    let blocking: NIOThreadPool
    let logger: Logger
    private let running: Task<Void, Never>
    /// The longest a transaction waits for a pooled connection before it fails with
    /// `PostgresLeaseTimeout` (`defaultLeaseTimeout`; tests on a loaded machine wait longer).
    let leaseTimeout: Duration
    /// Told how long each write's COMMIT took (`observeCommits`).
    let commitObserver = Mutex<(@Sendable (Duration) -> Void)?>(nil)
    /// The schema versions this engine applied when it opened the database (oldest first).
    let migrationsAppliedAtOpen: [String]
    /// Most attempts of one transaction that keeps losing races.
    static let attempts = 8
    static let retried: Set<String> = ["40001", "40P01", "23505"]

    /// Connects to `location` (not at once: the pool connects on first use) and applies the
    /// schema's migrations; `location.poolSize` bounds the pool, `location.sslMode` says whether
    /// it speaks TLS (over TCP; a unix socket never does). `leaseTimeout` bounds each wait for a
    /// pooled connection, the migrations' first.
    init(_ location: DatabaseURL.PostgresLocation, leaseTimeout: Duration = defaultLeaseTimeout) async throws {
        self.leaseTimeout = leaseTimeout
        let connections = location.poolSize
        var configuration: PostgresClient.Configuration
        if location.isUnixSocket {
            configuration = .init(unixSocketPath: location.socketPath, username: location.user, password: location.password,
                                  database: location.database)
        } else {
            configuration = .init(host: location.host, port: location.port, username: location.user, password: location.password,
                                  database: location.database, tls: Self.tls(location))
        }
        configuration.options.maximumConnections = connections
        configuration.options.minimumConnections = 0
        logger = Logger(label: "tribune.boxoffice.postgres")
        // One connection first, so a server that refuses (its address, a certificate from
        // another CA, a password) is named at once: the pool retries for a minute, then says
        // only that its circuit breaker tripped.
        do {
            try await Self.probe(location, logger: logger)
        } catch {
            throw SetupError("\(DatabaseURL.postgres(location).redacted): cannot open the database (\(Self.describe(error)))")
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        running = Task { await client.run() }
        blocking = NIOThreadPool(numberOfThreads: connections)
        blocking.start()
        do {
            migrationsAppliedAtOpen = try await Self.migrate(client: client, blocking: blocking, logger: logger, leaseTimeout: leaseTimeout)
        } catch {
            migrationsAppliedAtOpen = []
            await shutdown()
            throw SetupError("\(DatabaseURL.postgres(location).redacted): cannot open the database (\(Self.describe(error)))")
        }
    }

    /// Opens one connection as the pool would and closes it; throws what refused it.
    static func probe(_ location: DatabaseURL.PostgresLocation, logger: Logger) async throws {
        let configuration: PostgresConnection.Configuration
        if location.isUnixSocket {
            configuration = .init(unixSocketPath: location.socketPath, username: location.user, password: location.password,
                                  database: location.database)
        } else {
            let tls = try tlsConfiguration(location).map { PostgresConnection.Configuration.TLS.require(try NIOSSLContext(configuration: $0)) } ?? .disable
            configuration = .init(host: location.host, port: location.port, username: location.user, password: location.password,
                                  database: location.database, tls: tls)
        }
        let connection = try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.any(),
                                                              configuration: configuration, id: 0, logger: logger).get()
        try await connection.close().get()
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await transaction(begin: "BEGIN", body)
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Runs `body` between `begin` and COMMIT on a leased connection, on a blocking thread; again
    /// from the start when it lost a race (see the type's comment).
    func transaction<T: Sendable>(begin: String, _ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        try await Self.transaction(client: client, blocking: blocking, logger: logger, begin: begin,
                                   observer: begin == "BEGIN" ? commitObserver.withLock({ $0 }) : nil,
                                   leaseTimeout: leaseTimeout, body)
    }

    /// `transaction(begin:_:)` before the engine exists (the migrations while it opens).
    static func transaction<T: Sendable>(client: PostgresClient, blocking: NIOThreadPool, logger: Logger, begin: String,
                                         observer: (@Sendable (Duration) -> Void)? = nil, leaseTimeout: Duration = defaultLeaseTimeout,
                                         _ body: @escaping @Sendable (any SQLTransaction) throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await leasing(client, within: leaseTimeout) { connection in
                    try await blocking.runIfActive {
                        let tx = PostgresTransaction(connection: connection, logger: logger)
                        try tx.execute(begin, [])
                        do {
                            let result = try body(tx)
                            let committing = ContinuousClock.now
                            try tx.execute("COMMIT", [])
                            observer?(ContinuousClock.now - committing)
                            return result
                        } catch {
                            _ = try? tx.execute("ROLLBACK", [])
                            throw error
                        }
                    }
                }
            } catch let error as PSQLError where attempt < attempts && retried.contains(error.serverInfo?[.sqlState] ?? "") {
                attempt += 1
            }
        }
    }

    /// The longest a transaction waits for a pooled connection, so a request finds out in
    /// seconds, not after the pool's minute of connecting, that the database is away.
    static let defaultLeaseTimeout: Duration = .seconds(10)

    /// `body` on a connection leased from `client`, or `PostgresLeaseTimeout` when none came
    /// within `timeout` (the lease is cancelled then). Once leased, `body` takes as long as it takes.
    static func leasing<T: Sendable>(_ client: PostgresClient, within timeout: Duration,
                                     _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let lease = LeaseState()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await client.withConnection { connection in lease.taken.withLock { $0 = true }; return try await body(connection) } }
            group.addTask {
                try await Task.sleep(for: timeout)
                if lease.taken.withLock({ $0 }) { return nil }
                throw PostgresLeaseTimeout(waited: timeout)
            }
            while let outcome = try await group.next() {
                if let value = outcome { group.cancelAll(); return value }
            }
            throw PostgresLeaseTimeout(waited: timeout)   // not reached: the lease's child returns a value or throws
        }
    }

    /// Whether a transaction's connection was leased (shared by the lease and its deadline).
    final class LeaseState: Sendable {
        let taken = Mutex(false)
    }

    func health() async throws -> JSONValue {
        let (synchronous, fsync) = try await read { tx -> (String, String) in
            (try tx.value("SHOW synchronous_commit") ?? "unknown", try tx.value("SHOW fsync") ?? "unknown")
        }
        // An acknowledged order survives power loss only with both on.
        return ["engine": "postgresql", "synchronous": .string(fsync == "on" ? synchronous : "off")]
    }

    func observeCommits(_ observer: @escaping @Sendable (Duration) -> Void) {
        commitObserver.withLock { $0 = observer }
    }

    func shutdown() async {
        running.cancel()
        try? await blocking.shutdownGracefully()
    }

    /// The TLS of a TCP connection for `location.sslMode`: none, encryption without checking the
    /// server's certificate (libpq's `require`), or the certificate checked against
    /// `sslrootcert` or the system's roots and the host name (`verify-full`).
    static func tls(_ location: DatabaseURL.PostgresLocation) -> PostgresClient.Configuration.TLS {
        tlsConfiguration(location).map { .require($0) } ?? .disable
    }

    /// `tls(_:)`'s settings (nil: no TLS).
    static func tlsConfiguration(_ location: DatabaseURL.PostgresLocation) -> TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch location.sslMode {
        case .disable: return nil
        case .require: tls.certificateVerification = .none
        case .verifyFull:
            tls.certificateVerification = .fullVerification
            if let root = location.sslRootCertificate { tls.trustRoots = .file(root) }
        }
        return tls
    }

    /// A constraint refused the write after its retries (SQLSTATE class 23: integrity constraint).
    static func isConstraintViolation(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState]?.hasPrefix("23") == true
    }

    /// The database could not be reached or went away mid-request (a restart, a cut connection,
    /// no connection to be had): the request may succeed later, so it answers 503 and the kiosk
    /// counts the box office as out of reach. SQLSTATE classes 08 (connection exception) and 57
    /// (operator intervention: shutting down, starting up); the pool's own errors are matched by
    /// their module, which PostgresNIO does not export.
    static func isUnavailable(_ error: any Error) -> Bool {
        if error is PostgresConnectionLost || error is PostgresLeaseTimeout { return true }
        if let psql = error as? PSQLError {
            if let state = psql.serverInfo?[.sqlState] { return state.hasPrefix("08") || state.hasPrefix("57") }
            return [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed].contains(psql.code)
        }
        return String(reflecting: type(of: error)).hasPrefix("_ConnectionPoolModule.")
    }

    /// PostgresNIO's errors print little by default; the server's message and code when there is one.
    static func describe(_ error: any Error) -> String {
        guard let psql = error as? PSQLError else { return "\(error)" }
        if let info = psql.serverInfo, let message = info[.message] {
            return "\(message) (SQLSTATE \(info[.sqlState] ?? "?"))"
        }
        // A connection that failed (refused, TLS handshake, certificate): the cause is underneath.
        if let underlying = psql.underlying { return "\(psql.code): \(underlying)" }
        return "\(psql.code)"
    }
}
