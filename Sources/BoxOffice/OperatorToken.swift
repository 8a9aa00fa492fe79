/// What an operator token may do. Kiosk tokens have none of these: they hold and sell.
public enum OperatorScope: String, CaseIterable, Sendable, Comparable {
    /// Look up any kiosk's orders: `GET /v1/reports/orders` (`tribune-boxoffice orders` reads the database directly).
    case ordersRead = "orders:read"
    /// `POST /v1/orders/{order_id}/cancel`.
    case ordersCancel = "orders:cancel"
    /// Sales reports: `GET /v1/reports/sales`.
    case reportsRead = "reports:read"
    /// `GET /v1/audit`.
    case auditRead = "audit:read"

    public static func < (a: OperatorScope, b: OperatorScope) -> Bool { a.rawValue < b.rawValue }
}

/// An operator's bearer token and what it may do; a line `operator OPERATOR_ID TOKEN SCOPES`
/// of the token file (`TokenFile`).
public struct OperatorToken: Sendable, Equatable {
    public var operatorID: String
    public var token: String
    public var scopes: Set<OperatorScope>

    public init(operatorID: String, token: String, scopes: Set<OperatorScope>) {
        self.operatorID = operatorID
        self.token = token
        self.scopes = scopes
    }
}

/// Who presented a token: a kiosk (by id) or an operator (by id, with its scopes).
enum TokenHolder: Sendable, Equatable {
    case kiosk(String)
    case `operator`(id: String, scopes: Set<OperatorScope>)
}
