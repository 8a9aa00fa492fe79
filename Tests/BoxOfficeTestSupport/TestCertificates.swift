import Foundation
import Spawn

/// A venue's certificates made with the `openssl` CLI in a temporary folder, with the same
/// commands README's "HTTPS between kiosks and the box office" gives venues: a venue CA, a box
/// office certificate it signs (subjectAltName `DNS:localhost` and `IP:127.0.0.1`), and for the
/// refusals a second CA that signed nothing of the box office's and a certificate from the venue
/// CA for another host. EC P-256 keys; no passphrases.
public struct TestCertificates: Sendable {
    public let directory: String
    /// The venue CA (what a kiosk's `box_office.ca_file` names).
    public var caCertificate: String { directory + "/ca.crt" }
    /// The box office's certificate and key, for `localhost` and 127.0.0.1.
    public var serverCertificate: String { directory + "/boxoffice.crt" }
    public var serverKey: String { directory + "/boxoffice.key" }
    /// A CA of someone else: it did not sign `serverCertificate`.
    public var otherCACertificate: String { directory + "/other-ca.crt" }
    /// From the venue CA, but for `boxoffice.invalid` only (not for 127.0.0.1 or localhost).
    public var wrongHostCertificate: String { directory + "/wronghost.crt" }
    public var wrongHostKey: String { directory + "/wronghost.key" }

    /// Makes every file in a new folder under the system's temporary directory.
    public init() throws {
        directory = NSTemporaryDirectory() + "tribune-tls-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try makeCA("ca", name: "Test Venue Box Office CA")
        try makeCA("other-ca", name: "Someone Else's CA")
        try makeServer("boxoffice", name: "localhost", altNames: "DNS:localhost,IP:127.0.0.1", ca: "ca")
        try makeServer("wronghost", name: "boxoffice.invalid", altNames: "DNS:boxoffice.invalid", ca: "ca")
    }

    /// Removes the folder.
    public func remove() { try? FileManager.default.removeItem(atPath: directory) }

    func makeCA(_ stem: String, name: String) throws {
        try openssl(["req", "-x509", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", "\(stem).key", "-out", "\(stem).crt", "-days", "36500", "-subj", "/CN=\(name)",
                     "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
    }

    func makeServer(_ stem: String, name: String, altNames: String, ca: String) throws {
        try openssl(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", "\(stem).key", "-out", "\(stem).csr", "-subj", "/CN=\(name)"])
        let extensions = """
            subjectAltName=\(altNames)
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature
            extendedKeyUsage=serverAuth

            """
        try extensions.write(toFile: directory + "/\(stem).ext", atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "\(stem).csr", "-CA", "\(ca).crt", "-CAkey", "\(ca).key", "-CAcreateserial",
                     "-out", "\(stem).crt", "-days", "36500", "-extfile", "\(stem).ext"])
    }

    func openssl(_ arguments: [String]) throws {
        let run = try ChildProcess.run("/usr/bin/env", ["openssl"] + arguments, output: .null, directory: directory)
        guard run.termination.succeeded else {
            throw OpenSSLFailure(arguments: arguments, message: "\(run.termination): \(run.errorText)")
        }
    }

    struct OpenSSLFailure: Error, CustomStringConvertible {
        var arguments: [String]
        var message: String
        var description: String { "openssl \(arguments.joined(separator: " ")): \(message)" }
    }
}
