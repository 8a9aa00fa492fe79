extension BoxOfficeServer {
    /// Who may call `route` with a token `holder` presented: kiosk routes take kiosk tokens
    /// only, operator routes (`route.scope` set) an operator token that has that scope. Returns
    /// the kiosk id (empty for an operator) and the operator id (nil for a kiosk).
    static func authorize(_ holder: TokenHolder, for route: APIRoute) throws(APIProblem) -> (kiosk: String, operatorID: String?) {
        switch (holder, route.scope) {
        case (.kiosk(let id), nil):
            return (id, nil)
        case (.kiosk(let id), let scope?):
            throw APIProblem(status: 403, code: "operator_token_required", title: "Operator token required",
                             detail: "Kiosk '\(id)' cannot call \(route.method.rawValue) \(route.path): it needs an operator token with the scope '\(scope.rawValue)'.",
                             extra: ["required_scope": .string(scope.rawValue)])
        case (.operator(let id, _), nil):
            throw APIProblem(status: 403, code: "kiosk_token_required", title: "Kiosk token required",
                             detail: "\(route.method.rawValue) \(route.path) is a kiosk's route; operator '\(id)' cannot call it with an operator token.")
        case (.operator(let id, let scopes), let scope?):
            guard scopes.contains(scope) else {
                throw APIProblem(status: 403, code: "scope_missing", title: "Scope missing",
                                 detail: "Operator '\(id)' lacks the scope '\(scope.rawValue)' for \(route.method.rawValue) \(route.path); it has \(scopes.isEmpty ? "none" : scopes.sorted().map(\.rawValue).joined(separator: ", ")).",
                                 extra: ["required_scope": .string(scope.rawValue)])
            }
            return ("", id)
        }
    }
}

extension BoxOfficeServer {
    /// `GET /v1/audit?order=ORDER_ID` or `?seat=SEAT_GUID[&event=EVENT_ID]`: exactly one of order and seat.
    func auditTrail(_ r: APIRequest) async throws -> APIReply {
        let query = r.request.uri.queryParameters
        func text(_ name: String) -> String? { query.get(name).map { String($0) } }
        let (order, seat, event) = (text("order"), text("seat"), text("event"))
        guard (order == nil) != (seat == nil), !(order ?? seat ?? "").isEmpty, order == nil || event == nil else {
            throw APIProblem.badRequest("invalid_query", "Give exactly one of 'order' (an order id) or 'seat' (a seat id, optionally with 'event'): GET /v1/audit?order=… or ?seat=…&event=….",
                                        extra: ["field": "order"])
        }
        for (name, value) in [("order", order), ("seat", seat), ("event", event)] {
            if let value { try IdentifierRules.check(value, field: name) }
        }
        return APIReply(status: 200, json: try await store.auditTrail(orderID: order, seat: seat, eventID: event))
    }
}
