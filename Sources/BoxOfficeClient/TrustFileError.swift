/// A `box_office.ca_file` the kiosk cannot trust anything with: which file, and what is wrong.
public struct TrustFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        case missing
        case unreadable(String)
        /// No `-----BEGIN CERTIFICATE-----` block.
        case notPEM
        /// The PEM contents do not parse; the TLS library's reason.
        case malformed(String)
    }

    public var path: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .missing: "\(path): no such file"
        case .unreadable(let why): "\(path): cannot be read (\(why))"
        case .notPEM: "\(path): not a PEM certificate file (no -----BEGIN CERTIFICATE----- block)"
        case .malformed(let why): "\(path): the certificates do not parse (\(why))"
        }
    }
}
