import BoxOfficeTestSupport
import Foundation
import Testing
@testable import Kiosk

/// `tribune doctor` on the configuration's `box_office.ca_file`: checked only when one is set;
/// OK with how many certificates it holds, failed with the file's problem and a fix otherwise.
@Suite struct DoctorBoxOfficeTests {
    static func configuration(caFile: String?, in directory: String) throws -> String {
        let path = directory + "/tribune.toml"
        let ca = caFile.map { "ca_file = \"\($0)\"\n" } ?? ""
        try """
            [box_office]
            url = "https://boxoffice.venue.lan:8443"
            token_file = "\(directory)/token"
            event_id = "evt"
            \(ca)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theVenueCAIsReadable() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let doctor = Doctor(configPath: try Self.configuration(caFile: files.caCertificate, in: files.directory))
        let checks = doctor.boxOfficeTrustChecks()
        #expect(checks == [DoctorCheck(item: "box office CA \(files.caCertificate)", outcome: .ok,
                                       detail: "1 certificate to verify https://boxoffice.venue.lan:8443 with")])
    }

    /// A private key where the CA's certificate belongs: failed, saying the file is no certificate.
    @Test func aFileWithoutCertificatesFails() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let checks = Doctor(configPath: try Self.configuration(caFile: files.serverKey, in: files.directory)).boxOfficeTrustChecks()
        try #require(checks.count == 1)
        #expect(checks[0].outcome == .failed)
        #expect(checks[0].detail == "\(files.serverKey): not a PEM certificate file (no -----BEGIN CERTIFICATE----- block)")
    }

    @Test func nothingToCheckWithoutACAFile() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        #expect(Doctor(configPath: try Self.configuration(caFile: nil, in: files.directory)).boxOfficeTrustChecks().isEmpty)
    }
}
