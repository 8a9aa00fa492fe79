import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Spawn
import Testing
@testable import BoxOffice

/// The box office's certificate and key files: each way a file can be wrong is a `TLSFileError`
/// naming the file, never a crash or a server every kiosk fails to talk to; and
/// `tribune-boxoffice serve --tls-certificate … --tls-key …` serves HTTPS a kiosk trusting the
/// venue CA talks to. The certificates are made with openssl for each run (`TestCertificates`).
@Suite struct ServerCertificateTests {
    @Test func theVenuesCertificateAndKeyLoad() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let configuration = try ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.serverKey)
            .tlsConfiguration()
        #expect(configuration.certificateChain.count == 1)
    }

    @Test func aMissingFileIsNamed() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let missing = files.directory + "/nothing-here.crt"
        #expect(throws: TLSFileError(path: missing, problem: .missing)) {
            try ServerCertificate(certificateChainPath: missing, privateKeyPath: files.serverKey).tlsConfiguration()
        }
        #expect(throws: TLSFileError(path: missing, problem: .missing)) {
            try ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: missing).tlsConfiguration()
        }
    }

    /// Text that is no PEM at all, and a key file given where the certificate belongs (and the
    /// other way round): each names the file and the PEM block it lacks.
    @Test func aFileWithoutTheExpectedPEMBlockIsNamed() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let text = files.directory + "/notes.txt"
        try "the box office certificate goes here\n".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: TLSFileError(path: text, problem: .notPEM(expected: "CERTIFICATE"))) {
            try ServerCertificate(certificateChainPath: text, privateKeyPath: files.serverKey).tlsConfiguration()
        }
        #expect(throws: TLSFileError(path: files.serverKey, problem: .notPEM(expected: "CERTIFICATE"))) {
            try ServerCertificate(certificateChainPath: files.serverKey, privateKeyPath: files.serverCertificate).tlsConfiguration()
        }
        #expect(throws: TLSFileError(path: files.caCertificate, problem: .notPEM(expected: "PRIVATE KEY"))) {
            try ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.caCertificate).tlsConfiguration()
        }
        let error = TLSFileError(path: text, problem: .notPEM(expected: "CERTIFICATE"))
        #expect(error.description == "\(text): not a PEM file (no -----BEGIN CERTIFICATE----- block)")
    }

    /// The key of another certificate (same CA, another host) with the box office's certificate.
    @Test func aKeyOfAnotherCertificateIsRefused() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let error = TLSFileError(path: files.wrongHostKey, problem: .keyDoesNotMatch(certificatePath: files.serverCertificate))
        #expect(throws: error) {
            try ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.wrongHostKey).tlsConfiguration()
        }
        #expect(error.description == "\(files.wrongHostKey): this private key does not belong to the certificate in \(files.serverCertificate)")
    }

    /// On a day after the certificate's notAfter (read back with `openssl x509 -enddate`), the
    /// box office refuses to start with it rather than serve what every kiosk refuses.
    @Test func anExpiredCertificateIsRefused() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let notAfter = try Self.openSSLNotAfter(files.serverCertificate)
        let certificate = ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.serverKey)
        _ = try certificate.tlsConfiguration(now: notAfter.addingTimeInterval(-60))
        do {
            _ = try certificate.tlsConfiguration(now: notAfter.addingTimeInterval(60))
            Issue.record("an expired certificate was accepted")
        } catch {
            #expect(error.path == files.serverCertificate)
            #expect(error.problem == .expired(notValidAfter: ServerCertificate.utc(notAfter)))
        }
    }

    /// `notAfter=Nov  5 13:20:00 2126 GMT` as openssl prints it.
    static func openSSLNotAfter(_ path: String) throws -> Date {
        let text = try ChildProcess.run("/usr/bin/env", ["openssl", "x509", "-in", path, "-noout", "-enddate"]).outputText
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "notAfter=", with: "")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy zzz"
        return try #require(formatter.date(from: value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")))
    }

    /// The executable over HTTPS: it says https in its first line, a client trusting the venue CA
    /// is served, and a bad key file stops it at start with the file named (exit status 1).
    @Test func serveSpeaksHTTPSWithTheGivenFiles() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first")
        let files = try TestCertificates()
        defer { files.remove() }
        let db = files.directory + "/boxoffice.sqlite", tokens = files.directory + "/tokens"
        try "kiosk-1 secret-one\n".write(toFile: tokens, atomically: true, encoding: .utf8)

        let refused = try BoxOfficeCommandTests.run(["serve", "--db", db, "--port", "0", "--token-file", tokens,
                                                     "--tls-certificate", files.serverCertificate, "--tls-key", files.wrongHostKey])
        #expect(refused.status == 1)
        #expect(refused.error.contains("\(files.wrongHostKey): this private key does not belong to the certificate in \(files.serverCertificate)"),
                "\(refused.error)")
        let halfway = try BoxOfficeCommandTests.run(["serve", "--db", db, "--port", "0", "--token-file", tokens,
                                                     "--tls-certificate", files.serverCertificate])
        #expect(halfway.status != 0)
        #expect(halfway.error.contains("--tls-certificate needs --tls-key"), "\(halfway.error)")

        let (server, port, _, _) = try await BoxOfficeCommandTests.serve(
            ["--db", db, "--token-file", tokens, "--tls-certificate", files.serverCertificate, "--tls-key", files.serverKey], scheme: "https")
        defer { server.signal(SIGKILL) }

        let connection = BoxOfficeConnection(baseURL: "https://127.0.0.1:\(port)", token: "secret-one", requestTimeout: 30,
                                             trust: try BoxOfficeTrust(caFile: files.caCertificate))
        let reply = try await connection.send(.GET, "/v1/events")
        #expect(reply.status == 200)
        #expect(JSONValue.parse(reply.body)?["events"]?.arrayValue?.count == 0)
        server.signal(SIGTERM)
        #expect(server.wait() == .exited(0))
    }
}
