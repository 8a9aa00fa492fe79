import AsyncHTTPClient
import NIOSSL

extension BoxOfficeConnection {
    /// Why the TLS handshake refused the box office's certificate, when `error` is such a refusal:
    /// not issued by a trusted CA, or not naming the URL's host. Nil for every other failure.
    func certificateRefusal(_ error: any Error) -> String? {
        let roots = trust.map { "the CA in \($0.caFile)" } ?? "the system's CAs"
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "the certificate was not trusted: it is not issued for this host (\(extra))"
        }
        if let ssl = error as? NIOSSLError, case .handshakeFailed(let reason) = ssl, "\(reason)".contains("CERTIFICATE_VERIFY_FAILED") {
            return "the certificate was not trusted: not issued by \(roots) (\(reason))"
        }
        return nil
    }
}
