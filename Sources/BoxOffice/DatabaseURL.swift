import Foundation

/// Where the box office keeps its data: `--db sqlite:/path` (or a plain path, as before) for
/// embedded SQLite, or `--db postgres://user[:password]@host[:port]/database[?pool=N&sslmode=…]`
/// (also `postgresql://`) for a PostgreSQL server that several box-office processes may share.
public enum DatabaseURL: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    /// A PostgreSQL server and database. `host` may be a folder holding the server's unix socket
    /// (`postgres://user@%2Frun%2Fpostgresql/db`, as libpq reads it).
    public struct PostgresLocation: Sendable, Equatable {
        public var user: String
        public var password: String?
        public var host: String
        public var port: Int
        public var database: String
        /// Most connections this process opens to the server (`?pool=N`, `--db-pool`); each
        /// concurrent transaction holds one.
        public var poolSize: Int = PostgresLocation.defaultPoolSize
        /// Whether the connection is encrypted (`?sslmode=`), as libpq names the modes.
        public var sslMode: SSLMode = .disable
        /// `?sslrootcert=`: the PEM file of the CA that signed the server's certificate, for
        /// `verify-full`; nil: the system's trusted roots.
        public var sslRootCertificate: String?

        public static let defaultPoolSize = 16
        /// The pool sizes accepted: a PostgreSQL server allows 100 connections by default.
        public static let poolSizes = 1...1000

        /// libpq's `sslmode` values that this box office supports.
        public enum SSLMode: String, Sendable, Equatable, CaseIterable {
            /// Plain TCP (or the unix socket).
            case disable
            /// TLS, the server's certificate not checked (protects against listening, not against
            /// a server impersonated on the network: libpq's meaning).
            case require
            /// TLS, the certificate checked against `sslrootcert` (else the system's roots) and
            /// the host name.
            case verifyFull = "verify-full"
        }

        /// Whether `host` names a unix socket's folder instead of a machine.
        public var isUnixSocket: Bool { host.hasPrefix("/") }
        /// The socket file PostgreSQL makes in that folder for `port`.
        public var socketPath: String { host + "/.s.PGSQL.\(port)" }
    }

    /// Parses `text`; a malformed URL is a `DatabaseURLError` naming the part that is wrong.
    public init(parsing text: String) throws(DatabaseURLError) {
        if text.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path = String(path.dropFirst(2)) }  // sqlite:///abs/path
            guard !path.isEmpty else { throw DatabaseURLError(url: text, part: "path", problem: "is empty; expected sqlite:/path/to/boxoffice.sqlite") }
            self = .sqlite(path: path)
            return
        }
        for scheme in ["postgres://", "postgresql://"] where text.hasPrefix(scheme) {
            self = .postgres(try Self.postgres(text, rest: String(text.dropFirst(scheme.count))))
            return
        }
        if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter || $0 == "+" }),
           text[colon...].hasPrefix("://") {
            throw DatabaseURLError(url: text, part: "scheme", problem: "'\(text[..<colon])' is not one of sqlite, postgres, postgresql")
        }
        guard !text.isEmpty else { throw DatabaseURLError(url: text, part: "path", problem: "is empty") }
        self = .sqlite(path: text)  // a plain path, as --db took before URLs
    }

    static func postgres(_ url: String, rest: String) throws(DatabaseURLError) -> PostgresLocation {
        guard let slash = rest.firstIndex(of: "/") else {
            throw DatabaseURLError(url: url, part: "database", problem: "is missing; expected postgres://user@host:port/database")
        }
        let authority = rest[..<slash]
        var database = String(rest[rest.index(after: slash)...])
        var query = ""
        if let mark = database.firstIndex(of: "?") {
            query = String(database[database.index(after: mark)...])
            database = String(database[..<mark])
        }
        database = database.removingPercentEncoding ?? database
        guard !database.isEmpty, !database.contains("/") else {
            throw DatabaseURLError(url: url, part: "database", problem: "'\(database)' is not a database name")
        }
        guard let at = authority.lastIndex(of: "@") else {
            throw DatabaseURLError(url: url, part: "user", problem: "is missing; expected postgres://user@host:port/database")
        }
        let credentials = authority[..<at], server = authority[authority.index(after: at)...]
        let userPart = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let user = String(userPart[0]).removingPercentEncoding ?? String(userPart[0])
        guard !user.isEmpty else { throw DatabaseURLError(url: url, part: "user", problem: "is empty") }
        let password = userPart.count > 1 ? (String(userPart[1]).removingPercentEncoding ?? String(userPart[1])) : nil
        var host = String(server), port = 5432
        if let colon = server.lastIndex(of: ":"), !server.hasSuffix("]") {
            host = String(server[..<colon])
            let digits = server[server.index(after: colon)...]
            guard let n = Int(digits), (1...65535).contains(n) else {
                throw DatabaseURLError(url: url, part: "port", problem: "'\(digits)' is not a port number (1–65535)")
            }
            port = n
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        host = host.removingPercentEncoding ?? host
        guard !host.isEmpty else { throw DatabaseURLError(url: url, part: "host", problem: "is empty") }
        var location = PostgresLocation(user: user, password: password, host: host, port: port, database: database)
        try location.apply(query: query, url: url)
        return location
    }

    /// The URL with any password replaced by `***`, for logs and errors.
    public var redacted: String {
        switch self {
        case .sqlite(let path): return "sqlite:" + path
        case .postgres(let p):
            var parameters: [String] = []
            if p.poolSize != PostgresLocation.defaultPoolSize { parameters.append("pool=\(p.poolSize)") }
            if p.sslMode != .disable { parameters.append("sslmode=\(p.sslMode.rawValue)") }
            if let root = p.sslRootCertificate { parameters.append("sslrootcert=\(root)") }
            let query = parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
            return "postgres://\(p.user)\(p.password == nil ? "" : ":***")@\(p.host):\(p.port)/\(p.database)" + query
        }
    }
}

extension DatabaseURL.PostgresLocation {
    /// Reads the URL's query: `pool=N`, `sslmode=disable|require|verify-full`, `sslrootcert=PATH`;
    /// any other parameter, or a bad value, is an error naming it.
    mutating func apply(query: String, url: String) throws(DatabaseURLError) {
        for parameter in query.split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
            switch name {
            case "pool":
                guard let n = Int(value), Self.poolSizes.contains(n) else {
                    throw DatabaseURLError(url: url, part: "query parameter pool", problem: "'\(value)' is not a pool size (\(Self.poolSizes.lowerBound)–\(Self.poolSizes.upperBound) connections)")
                }
                poolSize = n
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw DatabaseURLError(url: url, part: "query parameter sslmode",
                                           problem: "'\(value)' is not one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                sslMode = mode
            case "sslrootcert":
                guard !value.isEmpty else { throw DatabaseURLError(url: url, part: "query parameter sslrootcert", problem: "is empty; expected a PEM file") }
                sslRootCertificate = value
            default:
                throw DatabaseURLError(url: url, part: "query parameter '\(name)'", problem: "is not supported; expected pool, sslmode or sslrootcert")
            }
        }
        if sslRootCertificate != nil, sslMode != .verifyFull {
            throw DatabaseURLError(url: url, part: "query parameter sslrootcert", problem: "needs sslmode=verify-full (only that mode checks the certificate)")
        }
    }
}

/// A `--db` URL that cannot be used: the URL (password hidden), the part and what is wrong with it.
public struct DatabaseURLError: Error, CustomStringConvertible, Equatable {
    public var url: String
    public var part: String
    public var problem: String

    init(url: String, part: String, problem: String) {
        self.url = Self.hidingPassword(url)
        self.part = part
        self.problem = problem
    }

    public var description: String { "--db '\(url)': the \(part) \(problem)" }

    static func hidingPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@"),
              let colon = url[scheme.upperBound..<at].firstIndex(of: ":") else { return url }
        return url.replacingCharacters(in: url.index(after: colon)..<at, with: "***")
    }
}
