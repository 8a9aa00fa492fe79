import Foundation
import NIOSSL

/// The certificate authorities a kiosk trusts for its box office: the PEM file of the
/// configuration's `box_office.ca_file` (the venue's own CA, README "HTTPS between kiosks and the
/// box office"). Requests over `https://` then accept only a server certificate issued by one of
/// them and naming the URL's host (DNS name or IP address in its subjectAltName).
public struct BoxOfficeTrust: Sendable {
    /// The PEM file, as configured.
    public let caFile: String
    /// How many certificates the file holds.
    public var certificateCount: Int { certificates.count }
    let certificates: [NIOSSLCertificate]

    /// Reads every `CERTIFICATE` block of `caFile`; a missing, unreadable or empty file, or one
    /// that does not parse, is a `TrustFileError` naming the file.
    public init(caFile: String) throws(TrustFileError) {
        guard FileManager.default.fileExists(atPath: caFile) else { throw TrustFileError(path: caFile, problem: .missing) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: caFile)) } catch {
            throw TrustFileError(path: caFile, problem: .unreadable((error as NSError).localizedDescription))
        }
        guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw TrustFileError(path: caFile, problem: .notPEM)
        }
        do { certificates = try NIOSSLCertificate.fromPEMBytes(Array(data)) } catch {
            throw TrustFileError(path: caFile, problem: .malformed("\(error)"))
        }
        guard !certificates.isEmpty else { throw TrustFileError(path: caFile, problem: .notPEM) }
        self.caFile = caFile
    }

    /// Full verification (chain to these roots only, and the host name) for TLS 1.2 and later.
    var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(certificates)
        configuration.certificateVerification = .fullVerification
        return configuration
    }
}
