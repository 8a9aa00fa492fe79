import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The reference box-office backend: the `/v1` HTTP API over a `BoxOfficeStore`.
/// `start()` binds and serves in the background (tests, benchmark); `run()` serves until SIGTERM
/// or SIGINT (`tribune-boxoffice serve`).
public final class BoxOfficeServer: Sendable {
    public struct Configuration: Sendable {
        /// The SQLite database file.
        public var databasePath: String
        public var host: String = "127.0.0.1"
        /// 0 picks a free port; `start()` returns it.
        public var port: Int = 8080
        /// Bearer token → kiosk id.
        public var tokens: [String: String]
        /// Operator tokens with their scopes (`TokenFile`).
        public var operators: [OperatorToken] = []
        /// HTTPS with this identity (`ServerCertificate.tlsConfiguration()`); nil: plain HTTP.
        public var tls: TLSConfiguration?
        /// Larger request bodies are refused with 413 before they are read.
        public var maxBodyBytes: Int = 1 << 20
        /// Most connections served at once; more wait in the listen backlog until one closes.
        /// Sized under the unit's `LimitNOFILE` (16384) with room for the database and logs, and
        /// well above 5,000 idle plus 500 slow clients, which must not keep kiosks out.
        public var maxConnections = 8192
        /// Connections the kernel completes before the server accepts them (capped by
        /// net.core.somaxconn, 4096 on current kernels): a burst beyond it makes clients retry their
        /// SYN after a second, so it must cover a flood plus the kiosks.
        public var listenBacklog = 4096
        /// The first request head must arrive within this time of the connection opening.
        public var headTimeout: Duration = .seconds(10)
        /// Each next request head within this time of the previous response.
        public var keepAliveTimeout: Duration = .seconds(30)
        /// A whole request (head to end of body) within this time of its head.
        public var requestTimeout: Duration = .seconds(30)
        /// How often expired holds are swept (nil: never; lazy expiry keeps the API correct).
        public var sweepInterval: Duration? = .seconds(1)
        /// Idempotency keys are kept at least this long.
        public var idempotencyRetentionSeconds: Int64 = 48 * 3600
        /// fsync every commit before its reply (survives power loss); see `BoxOfficeStore.init`.
        public var synchronousFull: Bool = true
        /// Milliseconds since 1970.
        public var now: @Sendable () -> Int64 = Timestamp.systemNow
        /// The random half of new ids: the system's generator, or a seeded sequence where runs
        /// must repeat (the demo's embedded box office).
        public var ids = IDRandomness()
        /// Tests only: awaited with the request's idempotency key inside its in-flight window,
        /// before the transaction, so a test can hold a request there while it sends another.
        public var inFlightPauseForTesting: (@Sendable (_ key: String) async -> Void)?

        public init(databasePath: String, port: Int = 8080, tokens: [String: String]) {
            self.databasePath = databasePath
            self.port = port
            self.tokens = tokens
        }
    }

    public let configuration: Configuration
    public let store: BoxOfficeStore
    let inFlight = Mutex<Set<String>>([])
    /// The accepted tokens; `reloadTokens` replaces them while the server runs.
    let tokens: Mutex<TokenTable>
    let running = Mutex<(group: ServiceGroup?, task: Task<Void, Never>?, sweeper: Task<Void, Never>?)>((nil, nil, nil))
    let openAPIDocument: Data
    let logger: Logger
    /// This server's own registry (see `BoxOfficeMetrics`), served by `GET /metrics`.
    let metrics: BoxOfficeMetrics

    /// A server over the SQLite database at `configuration.databasePath` (opened and migrated here).
    public convenience init(configuration: Configuration) throws {
        let store = try BoxOfficeStore(path: configuration.databasePath, synchronousFull: configuration.synchronousFull, now: configuration.now,
                                       ids: configuration.ids)
        self.init(configuration: configuration, store: store)
    }

    /// A server over `store`, already opened on either engine (`BoxOfficeStore.init(url:…)`);
    /// `configuration.databasePath`, `synchronousFull`, `now` and `ids` are the store's business then.
    public init(configuration: Configuration, store: BoxOfficeStore) {
        self.configuration = configuration
        self.store = store
        tokens = Mutex(TokenTable(configuration.tokens, operators: configuration.operators))
        openAPIDocument = Self.openAPIData
        let metrics = BoxOfficeMetrics(routes: Self.routeTable)
        store.engine.observeCommits { metrics.commitDuration.recordInterval($0) }
        self.metrics = metrics
        var logger = Logger(label: "tribune-boxoffice")
        logger.logLevel = .warning
        self.logger = logger
    }

    /// The OpenAPI 3.1 document of the API (also in docs/openapi.json).
    public static var openAPIData: Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"), let data = try? Data(contentsOf: url) else {
            return Data("{}".utf8)
        }
        return data
    }

    /// Replaces the accepted tokens (bearer token → kiosk id) at once: a token no longer listed is
    /// refused from the next request on.
    public func reloadTokens(_ tokens: [String: String]) {
        self.tokens.withLock { $0 = TokenTable(tokens) }
    }

    /// Replaces the accepted kiosk and operator tokens at once with a re-read token file.
    public func reloadTokens(_ file: TokenFile) {
        tokens.withLock { $0 = TokenTable(file) }
    }

    /// The kiosk tokens of a token file (`TokenFile`: bearer token → kiosk id); operator lines
    /// are read and checked too but not returned.
    public static func readTokens(path: String) throws -> [String: String] {
        try TokenFile.read(path: path).kiosks
    }

    func makeApplication(onRunning: @escaping @Sendable (Int) -> Void) throws -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ProblemMiddleware(routes: routes.map { ($0.method, $0.path) }))
        for route in routes {
            router.on(RouterPath(route.path), method: route.method) { [self] request, context in
                await self.respond(route: route, request: request, context: context)
            }
        }
        let (head, keepAlive, request) = (TimeAmount(configuration.headTimeout), TimeAmount(configuration.keepAliveTimeout),
                                          TimeAmount(configuration.requestTimeout))
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [
            ConnectionGuard(headTimeout: head, keepAliveTimeout: keepAlive, requestTimeout: request),
        ])
        let server: HTTPServerBuilder = try configuration.tls.map { try .tls(.http1(configuration: http1), tlsConfiguration: $0) }
            ?? .http1(configuration: http1)
        return Application(router: router, server: server,
                           configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                                                backlog: configuration.listenBacklog, availableConnectionsDelegate: CountedConnections(limit: MaximumAvailableConnections(configuration.maxConnections, logger: logger),
                                                                                                      gauge: metrics.openConnections)),
                           onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
                           logger: logger)
    }

    /// Starts serving in the background; returns the bound port.
    public func start() async throws -> Int {
        // The bound port, or why the server stopped before it listened (bind's errno and all).
        let (ports, continuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let app = try makeApplication { continuation.yield(.success($0)); continuation.finish() }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            do { try await group.run() } catch {
                logger.error("server stopped: \(error)")
                continuation.yield(.failure(error))
            }
            continuation.finish()
        }
        running.withLock { $0 = (group, task, startSweeper()) }
        for await outcome in ports {
            switch outcome {
            case .success(let port): return port
            case .failure(let error):
                throw SetupError("the server could not listen on \(configuration.host):\(configuration.port): \(error)")
            }
        }
        throw SetupError("the server could not listen on \(configuration.host):\(configuration.port)")
    }

    /// Stops a server started with `start()` and waits until it no longer listens.
    public func stop() async {
        let (group, task, sweeper) = running.withLock { state in
            defer { state = (nil, nil, nil) }
            return state
        }
        sweeper?.cancel()
        await group?.triggerGracefulShutdown()
        await task?.value
        await sweeper?.value
    }

    /// Serves until SIGTERM or SIGINT. `onListening(host, port)` is called once the socket is
    /// bound (port 0 in the configuration: the port the system chose).
    public func run(onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws {
        let app = try makeApplication { [configuration] port in onListening(configuration.host, port) }
        let sweeper = startSweeper()
        defer { sweeper?.cancel() }
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    func startSweeper() -> Task<Void, Never>? {
        guard let interval = configuration.sweepInterval else { return nil }
        return Task { [store, configuration, logger] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                do { try await store.sweep(retentionSeconds: configuration.idempotencyRetentionSeconds) } catch {
                    logger.error("sweep failed: \(error)")
                }
            }
        }
    }
}
