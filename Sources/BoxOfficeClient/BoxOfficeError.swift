/// What a box-office call can fail with, in terms the kiosk screen can act on.
public enum BoxOfficeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The box office could not be reached or did not answer in time; the outcome is unknown.
    case unreachable(String)
    /// Over `https://`, the box office's certificate was refused (not from the configured CA, or
    /// not for the URL's host): nothing was sent. Names the URL and why.
    case untrusted(String)
    /// Seats were taken meanwhile: say which, refresh, keep the other seats.
    case seatsTaken([String])
    /// The server refused the request for good (4xx other than a retryable one).
    case rejected(ProblemDocument)
    /// The server kept failing (5xx, 429, in flight) after every retry.
    case unavailable(status: Int)
    /// The purchase's outcome is unknown; it stays in the journal and is reconciled later.
    case outcomeUnknown(clientOrderRef: String)
    /// A call that needs a hold was made without one.
    case noHold
    /// The server answered something that is not the documented JSON.
    case badResponse(String)

    public var description: String {
        switch self {
        case .unreachable(let why): "box office unreachable: \(why)"
        case .untrusted(let why): "box office not trusted: \(why)"
        case .seatsTaken(let seats): "seats taken meanwhile: \(seats.joined(separator: ", "))"
        case .rejected(let p): "box office refused (\(p.status) \(p.code)): \(p.detail)"
        case .unavailable(let status): "box office kept answering \(status)"
        case .outcomeUnknown(let ref): "purchase \(ref) not confirmed yet; it is journaled and will be reconciled"
        case .noHold: "no seats are held"
        case .badResponse(let why): "unexpected answer from the box office: \(why)"
        }
    }
}
