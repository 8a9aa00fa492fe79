import Foundation
import HTTPTypes
import Hummingbird

/// One API operation: what the router registers and what the OpenAPI test compares against the
/// document.
public struct APIRoute: Sendable {
    public var method: HTTPRequest.Method
    /// OpenAPI-style template, e.g. `/v1/holds/{hold_id}`.
    public var path: String
    public var requiresToken: Bool
    /// Set: an operator's route, for operator tokens with this scope only (kiosk tokens get 403).
    public var scope: OperatorScope? = nil
    let handler: @Sendable (BoxOfficeServer, APIRequest) async throws -> APIReply
}

/// What a handler sees of a request.
struct APIRequest: Sendable {
    var request: Request
    var parameters: [String: String]
    /// The kiosk whose token was presented; empty on open and operator routes.
    var kiosk: String
    var requestID: String
    /// The operator whose token was presented on an operator route.
    var operatorID: String? = nil

    func parameter(_ name: String) -> String { parameters[name] ?? "" }
}

extension HTTPField.Name {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
    static let requestID = HTTPField.Name("X-Request-Id")!
}

extension BoxOfficeServer {
    /// Every route the server registers.
    public var routes: [APIRoute] { Self.routeTable }

    static let routeTable: [APIRoute] = [
        APIRoute(method: .get, path: "/v1/health", requiresToken: false) { server, _ in
            APIReply(status: 200, json: ["status": "ok", "server_time": .string(Timestamp.iso(server.configuration.now())),
                                         "database": try await server.store.databaseHealth()])
        },
        APIRoute(method: .get, path: "/v1/openapi.json", requiresToken: false) { server, _ in
            APIReply(status: 200, body: server.openAPIDocument, contentType: "application/json")
        },
        APIRoute(method: .get, path: "/v1/events", requiresToken: true) { server, _ in
            APIReply(status: 200, json: try await server.store.events())
        },
        APIRoute(method: .get, path: "/v1/events/{event_id}", requiresToken: true) { server, r in
            APIReply(status: 200, json: try await server.store.event(id: r.parameter("event_id")))
        },
        APIRoute(method: .get, path: "/v1/layouts/{layout_id}", requiresToken: true) { server, r in
            try await server.layout(r)
        },
        APIRoute(method: .get, path: "/v1/events/{event_id}/availability", requiresToken: true) { server, r in
            var since: Int64?
            if let text = r.request.uri.queryParameters.get("since") {
                guard let value = Int64(text), value >= 0 else {
                    throw APIProblem.badRequest("invalid_query", "'since' must be a revision (a non-negative integer), not '\(text)'.",
                                                extra: ["field": "since"])
                }
                since = value
            }
            return APIReply(status: 200, json: try await server.store.availability(eventID: r.parameter("event_id"), since: since))
        },
        APIRoute(method: .post, path: "/v1/events/{event_id}/holds", requiresToken: true) { server, r in
            let key = try server.idempotencyKey(r)
            let json = try await server.readJSON(r)
            let hold = try HoldRequest(json)
            let eventID = r.parameter("event_id")
            return try await server.idempotent(r, key: key, body: json) { db, now in
                try BoxOfficeStore.createHold(db, kiosk: r.kiosk, eventID: eventID, request: hold, now: now, ids: server.store.ids)
            }
        },
        APIRoute(method: .get, path: "/v1/holds/{hold_id}", requiresToken: true) { server, r in
            APIReply(status: 200, json: try await server.store.hold(id: r.parameter("hold_id"), kiosk: r.kiosk))
        },
        APIRoute(method: .delete, path: "/v1/holds/{hold_id}", requiresToken: true) { server, r in
            try await server.store.release(holdID: r.parameter("hold_id"), kiosk: r.kiosk)
        },
        APIRoute(method: .put, path: "/v1/holds/{hold_id}/seats/{seat_guid}", requiresToken: true) { server, r in
            try await server.store.addSeat(holdID: r.parameter("hold_id"), seat: r.parameter("seat_guid"), kiosk: r.kiosk)
        },
        APIRoute(method: .delete, path: "/v1/holds/{hold_id}/seats/{seat_guid}", requiresToken: true) { server, r in
            try await server.store.removeSeat(holdID: r.parameter("hold_id"), seat: r.parameter("seat_guid"), kiosk: r.kiosk)
        },
        APIRoute(method: .post, path: "/v1/holds/{hold_id}/extend", requiresToken: true) { server, r in
            let extend = try ExtendRequest(try await server.readJSON(r))
            return try await server.store.extend(holdID: r.parameter("hold_id"), seconds: extend.seconds, kiosk: r.kiosk)
        },
        APIRoute(method: .post, path: "/v1/orders", requiresToken: true) { server, r in
            let key = try server.idempotencyKey(r)
            let json = try await server.readJSON(r)
            let order = try OrderRequest(json)
            let reply = try await server.idempotent(r, key: key, body: json) { db, now in
                try BoxOfficeStore.createOrder(db, kiosk: r.kiosk, request: order, now: now, ids: server.store.ids)
            }
            if reply.status == 201 && !reply.replayed { server.metrics.orders.increment() }
            return reply
        },
        APIRoute(method: .get, path: "/v1/orders", requiresToken: true) { server, r in
            guard let ref = r.request.uri.queryParameters.get("client_order_ref"), !ref.isEmpty else {
                throw APIProblem.badRequest("missing_query", "Give the order's client_order_ref: GET /v1/orders?client_order_ref=….",
                                            extra: ["field": "client_order_ref"])
            }
            try IdentifierRules.check(ref, field: "client_order_ref")
            return APIReply(status: 200, json: try await server.store.order(kiosk: r.kiosk, clientOrderRef: String(ref)))
        },
        APIRoute(method: .get, path: "/v1/orders/{order_id}", requiresToken: true) { server, r in
            APIReply(status: 200, json: try await server.store.order(kiosk: r.kiosk, orderID: r.parameter("order_id")))
        },
        APIRoute(method: .post, path: "/v1/orders/{order_id}/cancel", requiresToken: true, scope: .ordersCancel) { server, r in
            let key = try server.idempotencyKey(r)
            let json = try await server.readJSON(r)
            let cancel = try CancelRequest(json)
            let (operatorID, orderID) = (r.operatorID ?? "", r.parameter("order_id"))
            return try await server.idempotent(r, key: key, body: json) { db, now in
                try BoxOfficeStore.cancelOrder(db, operatorID: operatorID, orderID: orderID, request: cancel, now: now, ids: server.store.ids)
            }
        },
        APIRoute(method: .get, path: "/v1/audit", requiresToken: true, scope: .auditRead) { server, r in
            try await server.auditTrail(r)
        },
        APIRoute(method: .get, path: "/v1/reports/orders", requiresToken: true, scope: .ordersRead) { server, r in
            try await server.orderSearch(r)
        },
        APIRoute(method: .get, path: "/v1/reports/sales", requiresToken: true, scope: .reportsRead) { server, r in
            try await server.salesReport(r)
        },
        APIRoute(method: .post, path: "/v1/kiosks/heartbeat", requiresToken: true) { server, r in
            let beat = try HeartbeatRequest(try await server.readJSON(r))
            try await server.store.recordHeartbeat(kiosk: r.kiosk, beat)
            return .noContent
        },
        // Behind a token like the API: a scraper gets its own line in the token file.
        APIRoute(method: .get, path: "/metrics", requiresToken: true) { server, _ in
            server.metrics.activeHolds.record(try await server.store.activeHoldCount())
            return APIReply(status: 200, body: Data(server.metrics.exposition()), contentType: "text/plain; version=0.0.4; charset=utf-8")
        },
    ]

    func respond(route: APIRoute, request: Request, context: BasicRequestContext) async -> Response {
        let started = ContinuousClock.now
        let requestID = BoxOfficeStore.newID("req_")
        var parameters: [String: String] = [:]
        for segment in route.path.split(separator: "/") where segment.hasPrefix("{") {
            let name = String(segment.dropFirst().dropLast())
            parameters[name] = context.parameters.get(name).map { $0.removingPercentEncoding ?? $0 }
        }
        var reply: APIReply
        do {
            var kiosk = "", operatorID: String?
            if route.requiresToken {
                guard let header = request.headers[.authorization], let token = TokenTable.bearerToken(in: header),
                      let holder = tokens.withLock({ $0.holder(presenting: token) }) else {
                    throw APIProblem.unauthorized
                }
                (kiosk, operatorID) = try Self.authorize(holder, for: route)
            }
            for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { try IdentifierRules.check(value, field: name) }
            reply = try await route.handler(self, APIRequest(request: request, parameters: parameters, kiosk: kiosk, requestID: requestID,
                                                             operatorID: operatorID))
        } catch let problem as APIProblem {
            reply = APIReply(problem: problem, requestID: requestID)
        } catch let error where SQLiteEngine.isConstraintViolation(error) || PostgresEngine.isConstraintViolation(error) {
            logger.error("constraint violated: \(error)")
            reply = APIReply(problem: APIProblem(status: 409, code: "conflict", title: "Conflict",
                                                 detail: "The change conflicts with the current state; retry after refreshing."),
                             requestID: requestID)
        } catch let error where PostgresEngine.isUnavailable(error) {
            logger.error("request \(requestID): the database is unavailable: \(PostgresEngine.describe(error))")
            reply = APIReply(problem: APIProblem(status: 503, code: "database_unavailable", title: "Database unavailable",
                                                 detail: "The box office cannot reach its database; retry with the same Idempotency-Key.",
                                                 retryAfter: 1),
                             requestID: requestID)
        } catch {
            logger.error("request \(requestID) failed: \(PostgresEngine.describe(error))")
            reply = APIReply(problem: APIProblem(status: 500, code: "internal_error", title: "Internal error",
                                                 detail: "The server failed; retry with the same Idempotency-Key.", retryAfter: 1),
                             requestID: requestID)
        }
        var response = Self.response(reply)
        metrics.answered(route, status: reply.status, duration: ContinuousClock.now - started)
        response.headers[.requestID] = requestID
        if reply.status == 401 { response.headers[.wwwAuthenticate] = "Bearer" }
        return response
    }

    static func response(_ reply: APIReply) -> Response {
        var headers = HTTPFields()
        if reply.body != nil { headers[.contentType] = reply.contentType }
        if let location = reply.location { headers[.location] = location }
        if reply.replayed { headers[.idempotentReplayed] = "true" }
        if let retry = reply.retryAfter { headers[.retryAfter] = String(retry) }
        if let etag = reply.etag {
            headers[.eTag] = etag
            headers[.cacheControl] = "public, max-age=31536000, immutable"
        }
        let body = reply.body.map { ResponseBody(byteBuffer: ByteBufferAllocator().buffer(bytes: $0)) } ?? ResponseBody()
        return Response(status: .init(code: reply.status), headers: headers, body: body)
    }

    func idempotencyKey(_ r: APIRequest) throws(APIProblem) -> String {
        guard let key = r.request.headers[.idempotencyKey], !key.isEmpty, key.utf8.count <= 255 else {
            throw APIProblem.badRequest("idempotency_key_missing",
                                        "This request needs an 'Idempotency-Key' header (1–255 characters, a UUID is best), generated once per purchase step and reused on every retry.")
        }
        try IdentifierRules.check(key, field: "Idempotency-Key")
        return key
    }

    /// Reads the body (at most `maxBodyBytes`) and parses it as JSON.
    func readJSON(_ r: APIRequest) async throws -> JSONValue {
        if let type = r.request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw APIProblem(status: 415, code: "unsupported_media_type", title: "Unsupported media type",
                             detail: "Send the body as application/json, not \(type).")
        }
        let tooLarge = APIProblem(status: 413, code: "body_too_large", title: "Body too large",
                                  detail: "Request bodies are limited to \(configuration.maxBodyBytes) bytes.",
                                  extra: ["max_bytes": .int(Int64(configuration.maxBodyBytes))])
        if let length = r.request.headers[.contentLength].flatMap(Int.init), length > configuration.maxBodyBytes { throw tooLarge }
        var request = r.request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: configuration.maxBodyBytes) } catch { throw tooLarge }
        switch JSONValue.parseReportingError(Data(buffer.readableBytesView)) {
        case .success(let json): return json
        case .failure(let error):
            throw APIProblem.badRequest("malformed_json", "The body is not valid JSON (\(buffer.readableBytes) bytes): \(error).",
                                        extra: ["line": .int(Int64(error.line)), "column": .int(Int64(error.column))])
        }
    }

    /// Runs an effect under the request's idempotency key; a second request with the same key while
    /// the first runs gets `409 idempotency_in_flight` with `Retry-After`.
    func idempotent(_ r: APIRequest, key: String, body: JSONValue,
                    effect: @escaping @Sendable (any SQLTransaction, Int64) throws -> APIReply) async throws -> APIReply {
        let path = r.request.uri.path
        // Keys are per token holder; an operator's never meet a kiosk's.
        let owner = r.operatorID.map { "operator:" + $0 } ?? r.kiosk
        let slot = "\(owner)\u{0}POST\u{0}\(path)\u{0}\(key)"
        let claimed = inFlight.withLock { $0.insert(slot).inserted }
        guard claimed else {
            throw APIProblem(status: 409, code: "idempotency_in_flight", title: "Request in progress",
                             detail: "A request with this Idempotency-Key is still running; retry after the delay.", retryAfter: 1)
        }
        defer { _ = inFlight.withLock { $0.remove(slot) } }
        if let pause = configuration.inFlightPauseForTesting { await pause(key) }
        return try await store.idempotent(kiosk: owner, method: "POST", route: path, key: key,
                                          bodyHash: SHA256.hex(body.encoded()), requestID: r.requestID, effect: effect)
    }

    func layout(_ r: APIRequest) async throws -> APIReply {
        let id = r.parameter("layout_id")
        guard let document = try await store.layoutDocument(id: id) else {
            throw APIProblem.notFound("layout_not_found", "No layout '\(id)'.", extra: ["layout_id": .string(id)])
        }
        var reply = APIReply(status: 200, body: document, contentType: "application/json")
        if r.request.headers[.ifNoneMatch] == "\"\(id)\"" { reply = APIReply(status: 304, body: nil, contentType: "application/json") }
        reply.etag = "\"\(id)\""
        return reply
    }
}
