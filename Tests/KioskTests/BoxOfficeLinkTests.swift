import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import KioskUI
import Logging
import Testing
@testable import Kiosk

/// `tribune run`'s box-office path over HTTPS: the configuration's `box_office.url` and
/// `ca_file` through `BoxOfficeLink.connect` (what `RunningKiosk` calls at start) and the bridge
/// on an event loop, against the real box office serving the venue's certificate on loopback
/// (certificates made with openssl, `TestCertificates`).
@Suite struct BoxOfficeLinkTests {
    /// The bridge tests' event on a box office serving `certificate` over HTTPS; its port.
    static func startHTTPSServer(directory: String, certificate: ServerCertificate) async throws -> (BoxOfficeServer, Int) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = try BoxOfficeStore(path: directory + "/boxoffice.sqlite")
        _ = try await store.createEvent(id: "evt_bridge", name: "Bridge Match", layout: try VenueLayout(document: BoxOfficeBridgeTests.venueDocument()),
                                        currency: "EUR", prices: ["CAT1": Int64(BoxOfficeBridgeTests.price)],
                                        holdTTLSeconds: BoxOfficeBridgeTests.holdTTL)
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: 0, tokens: ["token-k1": "k1"])
        configuration.useTestDeadlines()
        configuration.sweepInterval = nil
        configuration.tls = try certificate.tlsConfiguration()
        let server = try BoxOfficeServer(configuration: configuration)
        return (server, try await server.start())
    }

    /// The box office serving the venue's certificate for 127.0.0.1, its URL and its folder.
    static func serving(_ files: TestCertificates) async throws -> (BoxOfficeServer, url: String, directory: String) {
        let directory = files.directory + "/run"
        let (server, port) = try await startHTTPSServer(
            directory: directory, certificate: ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.serverKey))
        return (server, "https://127.0.0.1:\(port)", directory)
    }

    /// The `[box_office]` settings as `tribune run` reads them (flags here), validated.
    static func settings(url: String, caFile: String, directory: String) throws -> KioskConfiguration.BoxOffice {
        try "token-k1\n".write(toFile: directory + "/token", atomically: true, encoding: .utf8)
        let overrides = [(key: "box_office.url", value: url), (key: "box_office.token_file", value: directory + "/token"),
                         (key: "box_office.ca_file", value: caFile), (key: "box_office.event_id", value: "evt_bridge"),
                         (key: "box_office.journal_dir", value: directory + "/journal"), (key: "box_office.request_timeout", value: "30"),
                         (key: "venue", value: "/unused.venue.json")]
        return try KioskConfiguration.load(file: nil, optional: true, overrides: overrides).boxOffice
    }

    /// `BoxOfficeLink.connect` on a thread of its own, as `tribune run` calls it from its main
    /// thread: it blocks while it waits for the event, which must not hold one of Swift
    /// concurrency's few threads (the request it waits for needs one).
    static func connect(url: String, settings: KioskConfiguration.BoxOffice, logger: Logger) async throws -> BoxOfficeLink {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try BoxOfficeLink.connect(url: url, settings: settings, logger: logger) }) }.start()
        }
    }

    /// A logger writing the kiosk's log lines (`KioskLogHandler`) to a file the test reads.
    static func fileLogger(_ path: String) -> (Logger, Int32) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        return (Logger(label: "tribune") { KioskLogHandler(label: $0, level: .info, journald: false, fileDescriptor: fd) }, fd)
    }

    @Test func aKioskWithItsVenueCABuysOverHTTPS() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, url, directory) = try await Self.serving(files)
        let link = try await Self.connect(url: url, settings: try Self.settings(url: url, caFile: files.caCertificate, directory: directory),
                                             logger: Logger(label: "tls-test"))
        #expect(link.event?.name == "Bridge Match")
        let kiosk = try LiveKiosk(client: link.client, start: 0)
        #expect(try await kiosk.start() == [.service(code: nil)])
        let held = try await kiosk.answers(to: [.holdSeat("A-1-1"), .holdSeat("A-1-2")], count: 2)
        #expect(held.count == 2 && held.allSatisfy { if case .seatHeld = $0 { true } else { false } }, "\(held)")
        let bought = try await kiosk.answers(to: [.buy(seats: ["A-1-1", "A-1-2"], expectedTotal: 2 * BoxOfficeBridgeTests.price)], count: 1)
        guard case .purchased(_, let seats, _)? = bought.first else { Issue.record("expected a purchase, got \(bought)"); return }
        #expect(seats.sorted() == ["A-1-1", "A-1-2"])
        #expect(try await server.store.orderCount() == 1)
        #expect(await kiosk.shutDown(timeout: 60))
        await server.stop()
    }

    /// Another CA in `ca_file`: the event does not load and the log says the certificate of the
    /// URL was not trusted; the visitor's requests come back unanswered with BO-TLS (the
    /// out-of-service screen's code once `out_of_service_after` passes); nothing reaches the box office.
    @Test func aKioskWithTheWrongCASaysWhyAndSellsNothing() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, url, directory) = try await Self.serving(files)
        let (logger, fd) = Self.fileLogger(files.directory + "/kiosk.log")
        let link = try await Self.connect(url: url, settings: try Self.settings(url: url, caFile: files.otherCACertificate, directory: directory),
                                             logger: logger)
        close(fd)
        #expect(link.event == nil)
        let log = try String(contentsOfFile: files.directory + "/kiosk.log", encoding: .utf8)
        #expect(log.contains("box office event not loaded yet; starting without prices"), "\(log)")
        #expect(log.contains("box office not trusted: \(url): the certificate was not trusted: not issued by the CA in \(files.otherCACertificate)"),
                "\(log)")

        let kiosk = try LiveKiosk(client: link.client, start: 0)
        #expect(try await kiosk.start() == [.service(code: nil)])   // an empty journal needs no box office
        #expect(try await kiosk.answers(to: [.holdSeat("A-1-1")], count: 1) == [.unanswered(.holdSeat("A-1-1"), code: "BO-TLS")])
        #expect(try await server.store.orderCount() == 0)
        // Seen by a client that trusts the right CA: the seat is still free.
        let observer = PurchaseClient(connection: BoxOfficeConnection(baseURL: url, token: "token-k1", requestTimeout: 30,
                                                                      trust: try BoxOfficeTrust(caFile: files.caCertificate)),
                                      journal: try PurchaseJournal(directory: directory + "/observer"),
                                      configuration: PurchaseClient.Configuration(cacheDirectory: directory + "/observer"))
        _ = try await observer.loadEvent("evt_bridge")
        try await observer.refreshAvailability()
        #expect(await observer.status(ofSeat: "A-1-1") == "free")
        #expect(await kiosk.shutDown(timeout: 60))
        await server.stop()
    }

    /// A `ca_file` that is not there stops the start with the key and the file named.
    @Test func aMissingCAFileIsAConfigurationError() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let missing = files.directory + "/venue-ca.crt"
        let url = "https://127.0.0.1:9"
        #expect(throws: ConfigurationError(source: missing, key: "box_office.ca_file", reason: "\(missing): no such file")) {
            try BoxOfficeLink.connect(url: url, settings: try Self.settings(url: url, caFile: missing, directory: files.directory),
                                      logger: Logger(label: "tls-test"))
        }
    }
}
