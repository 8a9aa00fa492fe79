import Foundation

/// A response before it becomes HTTP: what idempotency stores and replays.
public struct APIReply: Sendable {
    public var status: Int
    public var body: Data?
    public var contentType: String
    public var location: String?
    public var replayed: Bool = false
    public var retryAfter: Int?
    /// Immutable resources: sent as `ETag` with a cache-forever `Cache-Control`.
    public var etag: String?

    init(status: Int, json: JSONValue, location: String? = nil) {
        self.status = status
        self.body = json.encoded()
        self.contentType = "application/json"
        self.location = location
    }

    init(status: Int, body: Data?, contentType: String, location: String? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.location = location
    }

    init(problem: APIProblem, requestID: String) {
        self.status = problem.status
        self.body = problem.document(requestID: requestID).encoded()
        self.contentType = "application/problem+json"
        self.retryAfter = problem.retryAfter
    }

    static let noContent = APIReply(status: 204, body: nil, contentType: "application/json")
}

/// UTC timestamps for documents: `2026-03-01T17:02:10.123Z` from milliseconds since 1970.
public enum Timestamp {
    public static func iso(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let ms = Int(milliseconds % 1000)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(ms), 3))Z"
    }

    public static func systemNow() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
