import Foundation

extension BoxOfficeServer {
    /// `GET /v1/reports/orders?code=C | ?seat=S | ?from=T&to=T` (none: every order), scope
    /// `orders:read`: what `tribune-boxoffice orders` lists, as JSON. T is an ISO 8601 instant
    /// with its offset; the range is [from, to).
    func orderSearch(_ r: APIRequest) async throws -> APIReply {
        let query = r.request.uri.queryParameters
        func text(_ name: String) -> String? { query.get(name).map { String($0) } }
        let orderQuery: OrderQuery
        switch (text("code"), text("seat"), text("from"), text("to")) {
        case (nil, nil, nil, nil): orderQuery = .all
        case (let code?, nil, nil, nil):
            try IdentifierRules.check(code, field: "code")
            orderQuery = .code(code)
        case (nil, let seat?, nil, nil):
            try IdentifierRules.check(seat, field: "seat")
            orderQuery = .seat(seat)
        case (nil, nil, let from?, let to?):
            orderQuery = .created(from: try Self.instant(from, field: "from"), to: try Self.instant(to, field: "to"))
        default:
            throw APIProblem.badRequest("invalid_query", "Give one of 'code', 'seat', or 'from' with 'to' (ISO 8601 instants with their offset), or none for every order.",
                                        extra: ["field": "code"])
        }
        let orders = try await store.orders(matching: orderQuery)
        return APIReply(status: 200, json: ["orders": .array(orders.map(\.json))])
    }

    /// `GET /v1/reports/sales[?event=EVENT_ID]`, scope `reports:read`: what `tribune-boxoffice
    /// report` prints, as JSON; without `event` the database's only event.
    func salesReport(_ r: APIRequest) async throws -> APIReply {
        let event = r.request.uri.queryParameters.get("event").map { String($0) }
        if let event { try IdentifierRules.check(event, field: "event") }
        do {
            return APIReply(status: 200, json: try await store.salesReport(eventID: event).json)
        } catch let error as SetupError {
            if let event { throw APIProblem.notFound("event_not_found", "No event '\(event)'.", extra: ["event_id": .string(event)]) }
            throw APIProblem.badRequest("event_required", error.message.replacingOccurrences(of: "--event", with: "?event="), extra: ["field": "event"])
        }
    }

    static func instant(_ text: String, field: String) throws(APIProblem) -> Int64 {
        guard let milliseconds = Timestamp.milliseconds(iso8601: text) else {
            throw APIProblem.invalid("'\(field)' must be an ISO 8601 date and time with its offset, e.g. 2026-03-14T18:00:00Z; got '\(text)'.", field: field)
        }
        return milliseconds
    }
}

extension Timestamp {
    /// Milliseconds since 1970 of an ISO 8601 date and time with its offset (fractional seconds
    /// allowed), or nil.
    public static func milliseconds(iso8601 text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        }
        return nil
    }
}
