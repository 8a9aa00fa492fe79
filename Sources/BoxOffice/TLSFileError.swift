/// A certificate or key file the box office cannot serve TLS with: which file, and what is wrong.
public struct TLSFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// No file at the path.
        case missing
        /// The file exists but cannot be read (permissions); the system's reason.
        case unreadable(String)
        /// No PEM block of the expected kind (`CERTIFICATE`, `PRIVATE KEY`) in the file.
        case notPEM(expected: String)
        /// PEM framing present but the contents do not parse; the TLS library's reason.
        case malformed(String)
        /// The private key is not the key of the chain's first (leaf) certificate.
        case keyDoesNotMatch(certificatePath: String)
        /// The leaf certificate's validity ended; kiosks would refuse it. The date is UTC.
        case expired(notValidAfter: String)
    }

    /// The file, as given.
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .missing: "\(path): no such file"
        case .unreadable(let why): "\(path): cannot be read (\(why))"
        case .notPEM(let expected): "\(path): not a PEM file (no -----BEGIN \(expected)----- block)"
        case .malformed(let why): "\(path): the PEM contents do not parse (\(why))"
        case .keyDoesNotMatch(let certificate): "\(path): this private key does not belong to the certificate in \(certificate)"
        case .expired(let date): "\(path): the certificate expired on \(date) UTC; kiosks would refuse it"
        }
    }
}
