import Foundation
import NIOSSL

/// The box office's TLS identity from two PEM files: the certificate chain (the server's
/// certificate first, then any intermediates) and its private key. `tlsConfiguration()` checks
/// both files before the server listens, so a bad file is a `TLSFileError` at start rather than
/// a handshake every kiosk fails.
public struct ServerCertificate: Sendable, Equatable {
    /// PEM file with the certificate chain, leaf first.
    public var certificateChainPath: String
    /// PEM file with the leaf certificate's private key (PKCS#8, RSA or EC).
    public var privateKeyPath: String

    public init(certificateChainPath: String, privateKeyPath: String) {
        self.certificateChainPath = certificateChainPath
        self.privateKeyPath = privateKeyPath
    }

    /// A server configuration (TLS 1.2 and later) serving the chain with the key, checked: both
    /// files exist and are PEM, the key is the leaf's, the leaf has not expired at `now`.
    public func tlsConfiguration(now: Date = Date()) throws(TLSFileError) -> TLSConfiguration {
        let chainBytes = try Self.pemBytes(certificateChainPath, expected: "CERTIFICATE")
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMBytes(chainBytes) } catch {
            throw TLSFileError(path: certificateChainPath, problem: .malformed("\(error)"))
        }
        guard let leaf = chain.first else { throw TLSFileError(path: certificateChainPath, problem: .notPEM(expected: "CERTIFICATE")) }
        let notValidAfter = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
        guard notValidAfter > now else {
            throw TLSFileError(path: certificateChainPath, problem: .expired(notValidAfter: Self.utc(notValidAfter)))
        }
        let keyBytes = try Self.pemBytes(privateKeyPath, expected: "PRIVATE KEY")
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem) } catch {
            throw TLSFileError(path: privateKeyPath, problem: .malformed("\(error)"))
        }
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                     privateKey: .privateKey(key))
        // BoringSSL compares the key with the leaf's public key when a context takes both.
        do { _ = try NIOSSLContext(configuration: configuration) } catch {
            throw TLSFileError(path: privateKeyPath, problem: .keyDoesNotMatch(certificatePath: certificateChainPath))
        }
        return configuration
    }

    /// The file's bytes when it holds a PEM block of the `expected` kind (`PRIVATE KEY` also
    /// matches `RSA PRIVATE KEY` and `EC PRIVATE KEY`).
    static func pemBytes(_ path: String, expected: String) throws(TLSFileError) -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else { throw TLSFileError(path: path, problem: .missing) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw TLSFileError(path: path, problem: .unreadable(Self.reason(error)))
        }
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("-----BEGIN "), text.contains("\(expected)-----") else {
            throw TLSFileError(path: path, problem: .notPEM(expected: expected))
        }
        return Array(data)
    }

    static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return error.localizedDescription
    }

    static func utc(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date)
    }
}
