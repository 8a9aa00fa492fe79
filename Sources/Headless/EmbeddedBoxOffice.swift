import BoxOffice
import Foundation
import Seating

/// The real box-office server (`BoxOffice`, Hummingbird + SQLite) inside this process, for the
/// demo and tests: it listens on 127.0.0.1 on a free port, keeps its database in a fresh
/// temporary folder, sells one event on the given venue (prices from the venue's categories)
/// and knows the demo kiosk's token (and any others given). `stop()` shuts it down and removes the folder.
public final class EmbeddedBoxOffice: Sendable {
    /// The temporary folder holding the database (removed by `stop()`).
    public let directory: String
    /// The SQLite database file.
    public let databasePath: String
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    public let port: Int
    /// The bearer token of the one kiosk the server knows.
    public let token: String
    public let kioskID: String
    /// The event selling the venue's seats.
    public let eventID: String
    public let server: BoxOfficeServer

    init(directory: String, baseURL: String, port: Int, token: String, kioskID: String, eventID: String, server: BoxOfficeServer) {
        self.directory = directory
        databasePath = directory + "/boxoffice.sqlite"
        self.baseURL = baseURL
        self.port = port
        self.token = token
        self.kioskID = kioskID
        self.eventID = eventID
        self.server = server
    }

    /// Creates the database and the event, and starts serving.
    /// - Parameters:
    ///   - venue: exported as a pretix seating plan (the layout the server serves); each
    ///     category's `priceMinor` becomes its price, the first category's currency the event's.
    ///   - eventName: shown by the kiosk's header.
    ///   - kioskID, token: the kiosk the demo plays.
    ///   - otherKiosks: more kiosks allowed in, token → kiosk id (tests: a second kiosk competing for seats).
    ///   - startsAt: the event's start, ISO 8601 with the venue's UTC offset
    ///     ("2026-03-14T20:45:00+01:00"), for the kiosk's header; nil: none.
    ///   - idSeed: the random half of hold, order and ticket ids from this seed (`IDRandomness`),
    ///     so an order's code — the last six characters of its id — is the same on every run;
    ///     nil: the system's generator.
    ///   - holdSeconds: the event's hold lifetime and its ceiling with extensions, s (on the
    ///     server's wall clock, not a replay's); nil: the box office's defaults. Tests that may run
    ///     for many minutes on a loaded machine give long ones, so no hold expires under them.
    ///   - port: the loopback port; 0: one the kernel picks (tests that restart the server on
    ///     its port pass one outside the ephemeral range).
    public static func start(venue: Venue, eventName: String, kioskID: String = "demo-kiosk",
                             token: String = "demo-token", otherKiosks: [String: String] = [:],
                             startsAt: String? = nil, idSeed: UInt64? = nil,
                             holdSeconds: (ttl: Int, max: Int)? = nil, port: Int = 0) async throws -> EmbeddedBoxOffice {
        let directory = NSTemporaryDirectory() + "tribune-boxoffice-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            let layout = try VenueLayout(document: Data(PretixSeatingPlan.export(venue)))
            var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: port,
                                                              tokens: otherKiosks.merging([token: kioskID]) { _, mine in mine })
            configuration.host = "127.0.0.1"
            if let idSeed { configuration.ids = IDRandomness(seed: idSeed) }
            let server = try BoxOfficeServer(configuration: configuration)
            var prices: [String: Int64] = [:]
            for c in venue.categories { prices[c.id] = c.priceMinor }
            let eventID = try await server.store.createEvent(name: eventName, layout: layout,
                                                             currency: venue.categories.first?.currency ?? "EUR",
                                                             prices: prices, holdTTLSeconds: (holdSeconds ?? BoxOfficeStore.defaultHoldSeconds).ttl,
                                                             holdMaxTotalSeconds: (holdSeconds ?? BoxOfficeStore.defaultHoldSeconds).max, startsAt: startsAt)
            let port = try await server.start()
            return EmbeddedBoxOffice(directory: directory, baseURL: "http://127.0.0.1:\(port)", port: port, token: token,
                                     kioskID: kioskID, eventID: eventID, server: server)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Stops serving and removes the temporary folder (database included).
    public func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The order as the server's database has it (nil: no such order).
    public func storedOrder(id: String) async throws -> BoxOfficeStore.StoredOrder? {
        try await server.store.storedOrder(id: id)
    }
}
