import BoxOfficeClient
import Foundation

extension HTTPBoxOfficeResponder {
    /// Why the responder could not be set up (token file, event choice).
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The kiosk's bearer token from `path`: the first line that is not blank or a `#` comment,
    /// either the token alone or `KIOSK_ID TOKEN` (the box office's token-file format).
    public static func readToken(path: String) throws -> String {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw SetupError("\(path): cannot read the token file (\(error.localizedDescription))")
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count <= 2 else {
                throw SetupError("\(path):\(number + 1): expected a token or 'KIOSK_ID TOKEN', found \(parts.count) fields")
            }
            return String(parts[parts.count - 1])
        }
        throw SetupError("\(path): no token (the file has no line that is not blank or a # comment)")
    }

    /// The event to sell when none was named: the box office's only event (`GET /v1/events`).
    /// Call from a thread outside Swift concurrency's pool (it blocks). `trust` as for `init`.
    public static func soleEventID(baseURL: String, token: String, requestTimeout: Double = 5,
                                   trust: BoxOfficeTrust? = nil) throws -> String {
        let connection = BoxOfficeConnection(baseURL: baseURL, token: token, requestTimeout: requestTimeout, trust: trust)
        let reply = wait { () async -> Result<HTTPReply, BoxOfficeError> in
            do throws(BoxOfficeError) { return .success(try await connection.send(.GET, "/v1/events")) } catch { return .failure(error) }
        }
        let ids: [String]
        switch reply {
        case .failure(let error): throw SetupError("cannot list the events of \(baseURL): \(error)")
        case .success(let r):
            struct Events: Decodable {
                struct Event: Decodable { var event_id: String }
                var events: [Event]
            }
            do { ids = try connection.decode(Events.self, from: r).events.map(\.event_id) } catch {
                throw SetupError("cannot list the events of \(baseURL): \(error)")
            }
        }
        guard ids.count == 1 else {
            throw SetupError(ids.isEmpty ? "\(baseURL) has no events; create one with tribune-boxoffice event create"
                                         : "\(baseURL) has \(ids.count) events (\(ids.joined(separator: ", "))); choose one with --event")
        }
        return ids[0]
    }
}
