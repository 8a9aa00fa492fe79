import ArgumentParser
import BoxOffice
import Foundation

@main
struct TribuneBoxOffice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tribune-boxoffice",
        abstract: "The reference box-office backend for Tribune kiosks.",
        subcommands: [Serve.self, EventCommand.self, KiosksCommand.self, MigrateCommand.self, OrdersCommand.self, ReportCommand.self])
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the /v1 API until SIGTERM or SIGINT.",
        usage: "tribune-boxoffice serve --db <db> --token-file <token-file> [<options>]")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "TCP port to listen on (0: any free port; the one chosen is printed).") var port: Int = 8080
    @Option(help: "Address to bind.") var host: String = "127.0.0.1"
    @Option(name: .customLong("token-file"), help: "File with one 'KIOSK_ID TOKEN' or 'operator OPERATOR_ID TOKEN SCOPE[,SCOPE…]' per line (docs/boxoffice.md).") var tokenFile: String
    @Option(help: ArgumentHelp("SQLite's synchronous level (PostgreSQL: the server's synchronous_commit and fsync apply): full (an acknowledged order survives power loss) or normal (survives a crash of this process only).",
                               valueName: "full|normal"))
    var synchronous: Durability = .full
    @Option(help: "Seconds a connection may take to send its first request head (idle and slow-header clients are closed then).")
    var headTimeout: Int = 10
    @Option(name: .customLong("tls-certificate"), help: ArgumentHelp("PEM certificate chain (server certificate first) to serve HTTPS with; needs --tls-key. Without both: plain HTTP.", valueName: "pem-file"))
    var tlsCertificate: String?
    @Option(name: .customLong("tls-key"), help: ArgumentHelp("PEM private key of the --tls-certificate.", valueName: "pem-file"))
    var tlsKey: String?

    func run() async throws {
        let tokenFile = try TokenFile.read(path: self.tokenFile)
        var configuration = BoxOfficeServer.Configuration(databasePath: database.db, port: port, tokens: tokenFile.kiosks)
        configuration.operators = tokenFile.operators
        configuration.host = host
        configuration.synchronousFull = synchronous == .full
        guard headTimeout > 0 else { throw ValidationError("--head-timeout must be at least 1 second, not \(headTimeout)") }
        configuration.headTimeout = .seconds(headTimeout)
        configuration.tls = try tlsCertificateFiles()?.tlsConfiguration()
        let scheme = configuration.tls == nil ? "http" : "https"
        let store = try await database.open(synchronousFull: configuration.synchronousFull)
        let server = BoxOfficeServer(configuration: configuration, store: store)
        let reloader = await TokenReloader(server: server, path: self.tokenFile)
        let reloading = Task { await reloader.run() }
        defer { reloading.cancel() }
        try await store.using { _ in
            try await server.run { host, port in
                print("tribune-boxoffice: listening on \(scheme)://\(host):\(port)")
                fflush(nil)  // a pipe or journal reading the port must see it now
            }
        }
    }

    /// The certificate and key files, when both are given (one without the other is an error).
    func tlsCertificateFiles() throws -> ServerCertificate? {
        switch (tlsCertificate, tlsKey) {
        case (nil, nil): return nil
        case (let chain?, let key?): return ServerCertificate(certificateChainPath: chain, privateKeyPath: key)
        case (nil, _?): throw ValidationError("--tls-key needs --tls-certificate (the certificate chain it belongs to)")
        case (_?, nil): throw ValidationError("--tls-certificate needs --tls-key (its private key)")
        }
    }

    enum Durability: String, ExpressibleByArgument, CaseIterable { case full, normal }
}

struct EventCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "event", abstract: "Manage events.", subcommands: [Create.self, List.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the events with their seats by state, orders and revenue.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            for summary in try await database.openExisting().using({ try await $0.eventSummaries() }) { print(summary.line) }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an event on a venue layout; prints its id.",
            usage: "tribune-boxoffice event create --db <db> --venue <venue> --name <name>\n[<options>]",
            discussion: """
                The venue is a Tribune venue file (tribune venue generate) or a pretix seating plan. Each category costs \
                what --price says, else the venue's own price; pretix plans carry no prices, so there every category needs \
                --price or --default-price.
                """)

        @OptionGroup var database: DatabaseOptions
        @Option(help: "The venue file: a Tribune venue or a pretix seating plan.") var venue: String
        @Option(help: "The event's name.") var name: String
        @Option(help: "Event id (default: generated).") var id: String?
        @Option(parsing: .singleValue, help: "CATEGORY=AMOUNT in minor units; repeatable. Overrides the venue's price.")
        var price: [String] = []
        @Option(help: "Price in minor units for categories priced neither by --price nor by the venue.") var defaultPrice: Int64?
        @Option(help: "ISO 4217 currency (default: the venue's; EUR for a pretix plan).") var currency: String?
        @Option(help: "Maximum seats per order.") var maxSeats: Int = 8
        @Flag(help: "Refuse orders that leave a single free seat between taken ones.") var noOrphanSeats = false
        @Option(help: "Hold time to live in seconds.") var holdTTL: Int = 480
        @Option(help: "Longest a hold can be extended to, in seconds from its creation.") var holdMax: Int = 900
        @Option(help: "When the event starts, ISO 8601 with the venue's UTC offset (2026-03-14T20:45:00+01:00); kiosks show it in their header.")
        var startsAt: String?

        func run() async throws {
            var setup = EventSetup(database: try database.url(), venuePath: venue, name: name)
            setup.id = id
            setup.prices = try EventSetup.parsePrices(price)
            setup.defaultPrice = defaultPrice
            setup.currency = currency
            setup.maxSeatsPerOrder = maxSeats
            setup.noOrphanSeats = noOrphanSeats
            setup.holdTTLSeconds = holdTTL
            setup.holdMaxTotalSeconds = holdMax
            setup.startsAt = startsAt
            print(try await setup.run())
        }
    }
}
