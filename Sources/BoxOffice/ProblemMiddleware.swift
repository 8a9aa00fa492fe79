import HTTPTypes
import Hummingbird

/// Turns errors thrown outside route handlers into problem documents: an unknown path answers
/// `404 route_not_found`; a known path with a method it does not serve answers
/// `405 method_not_allowed` with `Allow` listing the methods it does serve (RFC 9110 §15.5.6).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    /// Every registered route: its method and OpenAPI-style template (`/v1/holds/{hold_id}`).
    let routes: [(method: HTTPRequest.Method, path: String)]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError {
            let status = Int(error.status.code)
            let allowed = status == 404 ? methods(serving: request.uri.path) : []
            let problem: APIProblem
            if !allowed.isEmpty {
                problem = APIProblem(status: 405, code: "method_not_allowed", title: "Method not allowed",
                                     detail: "\(request.uri.path) answers \(allowed.joined(separator: ", ")), not \(request.method.rawValue).",
                                     extra: ["allow": .array(allowed.map { .string($0) })])
            } else if status == 404 {
                problem = APIProblem.notFound("route_not_found", "No route \(request.method.rawValue) \(request.uri.path); see /v1/openapi.json.")
            } else {
                problem = APIProblem(status: status, code: "http_error", title: error.status.reasonPhrase, detail: "\(error)")
            }
            var response = BoxOfficeServer.response(APIReply(problem: problem, requestID: BoxOfficeStore.newID("req_")))
            if !allowed.isEmpty { response.headers[.allow] = allowed.joined(separator: ", ") }
            return response
        }
    }

    /// The methods of the routes whose template matches `path` (a `{name}` segment matches any
    /// one non-empty segment), sorted.
    func methods(serving path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var methods = Set<String>()
        for route in routes {
            let template = route.path.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == segments.count else { continue }
            let matches = zip(template, segments).allSatisfy { t, s in t.hasPrefix("{") ? !s.isEmpty : t == s }
            if matches { methods.insert(route.method.rawValue) }
        }
        return methods.sorted()
    }
}
