import AsyncHTTPClient
import NIOSSL

extension BoxOfficeConnection {
    /// The client for every `https://` box office: `HTTPClient.shared`'s settings, except that a
    /// connection that could not be set up fails its request at once instead of being retried
    /// until the request's timeout (a refused certificate would be refused again; the purchase
    /// client has its own retries). Lives as long as the process, like `HTTPClient.shared`.
    static let httpsClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

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
