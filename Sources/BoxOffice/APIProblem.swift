import Foundation

/// An RFC 9457 problem: what the API answers for every failure, as `application/problem+json`.
/// `code` is stable and documented in the OpenAPI document; `extra` carries the specifics
/// (the offending seat ids, the server's total, …).
public struct APIProblem: Error, Sendable {
    public var status: Int
    public var code: String
    public var title: String
    public var detail: String
    public var extra: [String: JSONValue]
    /// Seconds for a `Retry-After` header.
    public var retryAfter: Int?
    /// A business outcome of an idempotent request: stored with its key and replayed. Validation
    /// failures are not stored, so bad input leaves the database untouched.
    public var isFinalOutcome: Bool

    public init(status: Int, code: String, title: String, detail: String, extra: [String: JSONValue] = [:],
                retryAfter: Int? = nil, isFinalOutcome: Bool = false) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.extra = extra
        self.retryAfter = retryAfter
        self.isFinalOutcome = isFinalOutcome
    }

    /// The problem document.
    public func document(requestID: String) -> JSONValue {
        var fields = extra
        fields["type"] = .string("https://tribune.example/problems/\(code.replacingOccurrences(of: "_", with: "-"))")
        fields["title"] = .string(title)
        fields["status"] = .int(Int64(status))
        fields["code"] = .string(code)
        fields["detail"] = .string(detail)
        fields["request_id"] = .string(requestID)
        return .object(fields)
    }

    static func badRequest(_ code: String, _ detail: String, extra: [String: JSONValue] = [:]) -> APIProblem {
        APIProblem(status: 400, code: code, title: "Bad request", detail: detail, extra: extra)
    }

    static func invalid(_ detail: String, field: String) -> APIProblem {
        APIProblem(status: 422, code: "validation_failed", title: "Invalid request", detail: detail,
                   extra: ["field": .string(field)])
    }

    static func notFound(_ code: String, _ detail: String, extra: [String: JSONValue] = [:]) -> APIProblem {
        APIProblem(status: 404, code: code, title: "Not found", detail: detail, extra: extra)
    }

    static let unauthorized = APIProblem(
        status: 401, code: "unauthorized", title: "Unauthorized",
        detail: "Send the kiosk's token as 'Authorization: Bearer <token>'.")
}
