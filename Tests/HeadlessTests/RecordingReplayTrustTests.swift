import BoxOffice
import BoxOfficeTestSupport
import Foundation
import Headless
import Seating
import Testing

/// `tribune-headless replay --box-office https://… --ca-file CA` (`RecordingReplay.BoxOffice.caFile`):
/// the replay's client checks the box office's certificate against the venue CA, as `tribune run`
/// does with `box_office.ca_file` (before, it trusted only the system's CAs, so a venue's own CA
/// could not be used). Against the real box office serving the venue's certificate on loopback
/// (`TestCertificates`, made with openssl).
@Suite("Recording replay over HTTPS", .serialized)
struct RecordingReplayTrustTests {
    /// The demo venue written to a temporary folder and its event on a box office serving the
    /// venue's certificate.
    struct Fixture {
        let files: TestCertificates
        let server: BoxOfficeServer
        let url: String
        let venuePath: String

        static func start() async throws -> Fixture {
            let files = try TestCertificates()
            do {
                let venue = DemoSession.venue()
                let venuePath = files.directory + "/stadium.venue.json"
                try VenueFile.write(venue, to: venuePath)
                var configuration = BoxOfficeServer.Configuration(databasePath: files.directory + "/boxoffice.sqlite", port: 0,
                                                                  tokens: ["token-k1": "k1"])
                configuration.useTestDeadlines()
                configuration.host = "127.0.0.1"
                configuration.sweepInterval = nil
                configuration.tls = try ServerCertificate(certificateChainPath: files.serverCertificate,
                                                          privateKeyPath: files.serverKey).tlsConfiguration()
                let server = try BoxOfficeServer(configuration: configuration)
                var prices: [String: Int64] = [:]
                for c in venue.categories { prices[c.id] = c.priceMinor }
                _ = try await server.store.createEvent(name: "Replay TLS Match",
                                                       layout: try VenueLayout(document: Data(PretixSeatingPlan.export(venue))),
                                                       currency: "EUR", prices: prices)
                let url = "https://127.0.0.1:\(try await server.start())"
                return Fixture(files: files, server: server, url: url, venuePath: venuePath)
            } catch {
                files.remove()
                throw error
            }
        }

        func stop() async {
            await server.stop()
            files.remove()
        }
    }

    /// The bundled demo session replayed against `url` trusting `caFile`.
    static func replay(url: String, caFile: String, venuePath: String) async throws -> RecordingReplay.Result {
        var options = RecordingReplayTests.options(try RecordingReplayTests.sessionPath(), venue: venuePath)
        var boxOffice = RecordingReplay.BoxOffice(url: url, token: "token-k1")   // the event: the only one
        boxOffice.caFile = caFile
        options.boxOffice = boxOffice
        options.partySizeFirst = true   // as the demo session was recorded
        let settings = options
        return try await onOwnThread { try RecordingReplay(options: settings).run() }
    }

    @Test func aReplayTrustingTheVenueCABuysOverHTTPS() async throws {
        let box = try await Fixture.start()
        do {
            let result = try await Self.replay(url: box.url, caFile: box.files.caCertificate, venuePath: box.venuePath)
            #expect(result.errors.isEmpty, "\(result.errors)")
            // The session's two purchases, each in the box office's database.
            #expect(result.orders.map(\.lines.count) == [3, 2])
            #expect(try await box.server.store.orderCount() == 2)
        } catch {
            Issue.record("\(error)")
        }
        await box.stop()
    }

    @Test func aReplayTrustingAnotherCAIsRefusedNamingTheBoxOffice() async throws {
        let box = try await Fixture.start()
        do {
            _ = try await Self.replay(url: box.url, caFile: box.files.otherCACertificate, venuePath: box.venuePath)
            Issue.record("a replay trusting another CA ran")
        } catch {
            #expect("\(error)".contains("\(box.url)") && "\(error)".contains("not trusted"), "\(error)")
        }
        #expect(try await box.server.store.orderCount() == 0)
        // A CA file that is not a certificate is refused by its flag before anything is asked.
        do {
            _ = try await Self.replay(url: box.url, caFile: box.files.serverKey, venuePath: box.venuePath)
            Issue.record("a replay with a key as its CA file ran")
        } catch {
            #expect("\(error)".hasPrefix("--ca-file: "), "\(error)")
        }
        await box.stop()
    }
}
