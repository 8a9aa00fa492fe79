import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP answer from the box office.
public struct HTTPReply: Sendable {
    public var status: Int
    public var body: Data
    /// Seconds from a `Retry-After` header.
    public var retryAfter: Double?
    public var replayed: Bool
    public var etag: String?

    /// The body as a problem document, when it is one.
    public var problem: ProblemDocument? { try? JSONDecoder().decode(ProblemDocument.self, from: body) }
}

/// The kiosk's HTTP connection to the box office: base URL, bearer token and a request timeout.
/// A timeout or a dropped connection is reported as `BoxOfficeError.unreachable` (outcome unknown);
/// over `https://` a server certificate the `trust` (else the system's CAs) refuses is
/// `BoxOfficeError.untrusted`, and no request is sent.
public struct BoxOfficeConnection: Sendable {
    public var baseURL: String
    public var token: String
    /// Per request, in seconds.
    public var requestTimeout: Double
    /// The CAs an `https://` box office's certificate must come from (nil: the system's).
    public var trust: BoxOfficeTrust?
    let client: HTTPClient

    /// - Parameter client: nil: `sharedClient`.
    public init(baseURL: String, token: String, requestTimeout: Double = 5, trust: BoxOfficeTrust? = nil, client: HTTPClient? = nil) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.token = token
        self.requestTimeout = requestTimeout
        self.trust = trust
        self.client = client ?? Self.sharedClient
    }

    /// The client of every box-office connection: `HTTPClient.shared`'s settings, except that a
    /// connection that could not be set up fails its request at once instead of being retried
    /// until the request's timeout. A stopped box office refuses at once, and the purchase client
    /// and the poll have their own retries; a refused certificate would be refused again. (Retried,
    /// each request in an outage took the whole timeout, up to AHC's 90 s connect timeout.)
    /// Idle connections are closed after `idleConnectionSeconds`, before the box office's own
    /// keep-alive deadline closes them (`BoxOfficeServer.Configuration.keepAliveTimeout`, 30 s):
    /// a request sent on a connection the server is closing at that moment is lost to a reset.
    /// Lives as long as the process, like `HTTPClient.shared`.
    static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.idleTimeout = .seconds(idleConnectionSeconds)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// How long an idle connection stays open for the next request, s (AHC's default is 60).
    public static let idleConnectionSeconds: Int64 = 20

    /// Sends one request (no retries).
    public func send(_ method: HTTPMethod, _ path: String, json: Data? = nil, idempotencyKey: String? = nil,
                     headers extra: [(String, String)] = []) async throws(BoxOfficeError) -> HTTPReply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        request.tlsConfiguration = trust?.tlsConfiguration
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let idempotencyKey { request.headers.add(name: "Idempotency-Key", value: idempotencyKey) }
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: json))
        }
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(requestTimeout * 1000)))
            let buffer = try await response.body.collect(upTo: 16 << 20)
            return HTTPReply(status: Int(response.status.code), body: Data(buffer.readableBytesView),
                             retryAfter: response.headers.first(name: "Retry-After").flatMap(Double.init),
                             replayed: response.headers.first(name: "Idempotent-Replayed") == "true",
                             etag: response.headers.first(name: "ETag"))
        } catch {
            if let refusal = certificateRefusal(error) { throw .untrusted("\(baseURL): \(refusal)") }
            throw .unreachable("\(method.rawValue) \(path): \(error)")
        }
    }

    /// Decodes a 2xx body, or throws the problem the server sent.
    public func decode<T: Decodable>(_ type: T.Type, from reply: HTTPReply) throws(BoxOfficeError) -> T {
        guard (200..<300).contains(reply.status) else {
            if reply.status == 409, let problem = reply.problem, problem.code == "seat_unavailable" {
                throw .seatsTaken((problem.unavailable ?? []).map(\.seatGUID))
            }
            if let problem = reply.problem { throw .rejected(problem) }
            throw .badResponse("status \(reply.status) without a problem document")
        }
        do { return try JSONDecoder().decode(T.self, from: reply.body) } catch {
            throw .badResponse("\(T.self): \(error)")
        }
    }
}

/// Waits; injected so tests run without real delays.
public protocol Sleeper: Sendable {
    func sleep(seconds: Double) async throws
}

/// Real waiting with `Task.sleep`.
public struct TaskSleeper: Sleeper {
    public init() {}
    public func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int64(max(0, seconds) * 1000)))
    }
}

/// Capped exponential backoff with full jitter: attempt n waits a random time in
/// [(1 − jitter)·d, d] with d = min(maxDelay, baseDelay·2ⁿ); a server's `Retry-After` is a floor.
public struct RetryPolicy: Sendable {
    public var baseDelay: Double
    public var maxDelay: Double
    public var maxAttempts: Int
    /// 0 = no randomness, 1 = full jitter.
    public var jitter: Double

    public init(baseDelay: Double = 0.2, maxDelay: Double = 5, maxAttempts: Int = 8, jitter: Double = 0.5) {
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxAttempts = maxAttempts
        self.jitter = jitter
    }

    /// Seconds to wait before retry number `attempt` (0-based).
    public func delay(attempt: Int, retryAfter: Double? = nil) -> Double {
        let capped = min(maxDelay, baseDelay * pow(2, Double(min(attempt, 30))))
        let jittered = capped * (1 - jitter * Double.random(in: 0...1))
        return max(jittered, retryAfter ?? 0)
    }

    /// Statuses worth retrying with the same key: in flight, rate limited, server errors.
    public static func isRetryable(_ reply: HTTPReply) -> Bool {
        if reply.status == 429 || reply.status >= 500 { return true }
        return reply.status == 409 && reply.problem?.code == "idempotency_in_flight"
    }
}
