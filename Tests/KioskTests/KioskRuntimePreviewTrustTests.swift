import BoxOfficeTestSupport
import Foundation
import Testing
@testable import Kiosk

/// `tribune run --preview` asks the configured box office as `tribune run` does, so an
/// `https://` box office is checked against `box_office.ca_file` there too (before, the preview's
/// client trusted only the system's CAs: a venue's own CA never loaded the event). Against the
/// real box office serving the venue's certificate on loopback (`TestCertificates`, openssl).
@Suite struct KioskRuntimePreviewTrustTests {
    /// `BoxOfficeLinkTests.settings`' `[box_office]` with a venue, as the preview reads them.
    static func configuration(url: String, caFile: String, directory: String) throws -> KioskConfiguration {
        var configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: [(key: "venue", value: "/unused.venue.json")])
        configuration.boxOffice = try BoxOfficeLinkTests.settings(url: url, caFile: caFile, directory: directory)
        return configuration
    }

    /// The event's name as the preview's box office loaded it (nil: it did not load); its
    /// temporary folder removed. On a thread of its own: the preview blocks while it asks.
    static func previewEventName(_ configuration: KioskConfiguration) async throws -> String? {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let (responder, event) = try KioskRuntime.previewBoxOffice(configuration)
                    if let responder { try? FileManager.default.removeItem(atPath: responder.stateDirectory) }
                    return event?.name
                })
            }.start()
        }
    }

    @Test func thePreviewTrustsTheVenueCAOfCAFile() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, url, directory) = try await BoxOfficeLinkTests.serving(files)
        let right = try Self.configuration(url: url, caFile: files.caCertificate, directory: directory)
        #expect(try await Self.previewEventName(right) == "Bridge Match")
        // Another CA: the certificate is refused, as on the kiosk; nothing loads.
        let wrong = try Self.configuration(url: url, caFile: files.otherCACertificate, directory: directory)
        #expect(try await Self.previewEventName(wrong) == nil)
        await server.stop()
    }

    @Test func aCAFileThatIsNotACertificateStopsThePreviewNamingIt() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let url = "https://127.0.0.1:9"
        var configuration = try Self.configuration(url: url, caFile: files.caCertificate, directory: files.directory)
        configuration.boxOffice.caFile = files.serverKey   // a key, not a certificate
        do {
            _ = try await Self.previewEventName(configuration)
            Issue.record("a preview with a key as its CA file started")
        } catch let error as ConfigurationError {
            #expect(error.source == files.serverKey && error.key == "box_office.ca_file", "\(error)")
        }
    }
}
