import ArgumentParser
import BoxOffice
import Foundation

@main
struct TribuneBoxOffice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tribune-boxoffice",
        abstract: "The reference box-office backend for Tribune kiosks.",
        subcommands: [Serve.self, EventCommand.self])
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the /v1 API until SIGTERM or SIGINT.")

    @Option(help: "The SQLite database file (created if missing).") var db: String
    @Option(help: "TCP port to listen on.") var port: Int = 8080
    @Option(help: "Address to bind.") var host: String = "127.0.0.1"
    @Option(name: .customLong("token-file"), help: "File with one 'KIOSK_ID TOKEN' per line.") var tokenFile: String
    @Flag(help: "fsync every commit (survives power loss; slower).") var synchronousFull = false

    func run() async throws {
        var configuration = BoxOfficeServer.Configuration(databasePath: db, port: port, tokens: try BoxOfficeServer.readTokens(path: tokenFile))
        configuration.host = host
        configuration.synchronousFull = synchronousFull
        try await BoxOfficeServer(configuration: configuration).run()
    }
}

struct EventCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "event", abstract: "Manage events.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an event on a venue layout; prints its id.")

        @Option(help: "The SQLite database file.") var db: String
        @Option(help: "The venue layout JSON file.") var venue: String
        @Option(help: "The event's name.") var name: String
        @Option(help: "Event id (default: generated).") var id: String?
        @Option(parsing: .singleValue, help: "CATEGORY=AMOUNT in minor units; repeatable. Unpriced categories get --default-price.")
        var price: [String] = []
        @Option(help: "Price in minor units for categories without --price.") var defaultPrice: Int64 = 1000
        @Option(help: "ISO 4217 currency.") var currency: String = "EUR"
        @Option(help: "Maximum seats per order.") var maxSeats: Int = 8
        @Flag(help: "Refuse orders that leave a single free seat between taken ones.") var noOrphanSeats = false
        @Option(help: "Hold time to live in seconds.") var holdTTL: Int = 480
        @Option(help: "Longest a hold can be extended to, in seconds from its creation.") var holdMax: Int = 900

        func run() async throws {
            var prices: [String: Int64] = [:]
            for entry in price {
                let parts = entry.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let amount = Int64(parts[1]), amount >= 0 else {
                    throw ValidationError("--price '\(entry)': expected CATEGORY=AMOUNT with AMOUNT a non-negative integer in minor units")
                }
                prices[String(parts[0])] = amount
            }
            let document = try Data(contentsOf: URL(fileURLWithPath: venue))
            let layout: VenueLayout
            do { layout = try VenueLayout(document: document) } catch { throw ValidationError("\(venue): \(error)") }
            let store = try BoxOfficeStore(path: db)
            let eventID = try await store.createEvent(id: id, name: name, layout: layout, currency: currency, prices: prices,
                                                      defaultPrice: defaultPrice, maxSeatsPerOrder: maxSeats, noOrphanSeats: noOrphanSeats,
                                                      holdTTLSeconds: holdTTL, holdMaxTotalSeconds: holdMax)
            print(eventID)
        }
    }
}
