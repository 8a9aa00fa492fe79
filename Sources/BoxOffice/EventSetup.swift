import Foundation

/// `tribune-boxoffice event create`: reads a venue file (a Tribune venue or a pretix seating
/// plan), prices its categories and creates the event in the database. The executable only
/// parses arguments into this; tests run it directly.
public struct EventSetup: Sendable {
    /// The database (created and migrated if missing): a SQLite file or a PostgreSQL server.
    public var database: DatabaseURL
    /// The venue layout file.
    public var venuePath: String
    public var name: String
    /// nil: generated (`evt_…`).
    public var id: String?
    /// Category → amount in minor units; categories not named here take the venue's price.
    public var prices: [String: Int64] = [:]
    /// For categories priced neither here nor by the venue (pretix plans carry no prices);
    /// nil: such a category is an error.
    public var defaultPrice: Int64?
    /// ISO 4217; nil: the venue's currency (EUR for a pretix plan).
    public var currency: String?
    public var maxSeatsPerOrder: Int = 8
    public var noOrphanSeats: Bool = false
    public var holdTTLSeconds: Int = BoxOfficeStore.defaultHoldSeconds.ttl
    public var holdMaxTotalSeconds: Int = BoxOfficeStore.defaultHoldSeconds.max
    /// When the event starts: ISO 8601 with the venue's UTC offset ("2026-03-14T20:45:00+01:00");
    /// nil: not set (kiosks show their configured date, if any).
    public var startsAt: String?

    public init(database: DatabaseURL, venuePath: String, name: String) {
        self.database = database
        self.venuePath = venuePath
        self.name = name
    }

    /// On the SQLite file at `databasePath`.
    public init(databasePath: String, venuePath: String, name: String) {
        self.init(database: .sqlite(path: databasePath), venuePath: venuePath, name: name)
    }

    /// Parses one `--price CATEGORY=AMOUNT` (AMOUNT: a non-negative integer in minor units).
    public static func parsePrice(_ entry: String) throws(SetupError) -> (category: String, amount: Int64) {
        let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let amount = Int64(parts[1]), amount >= 0 else {
            throw SetupError("--price '\(entry)': expected CATEGORY=AMOUNT with AMOUNT a non-negative integer in minor units (4500 = 45.00)")
        }
        return (String(parts[0]), amount)
    }

    /// Parses repeated `--price` entries; a category named twice is an error.
    public static func parsePrices(_ entries: [String]) throws(SetupError) -> [String: Int64] {
        var prices: [String: Int64] = [:]
        for entry in entries {
            let (category, amount) = try parsePrice(entry)
            guard prices.updateValue(amount, forKey: category) == nil else { throw SetupError("--price names category \(category) twice") }
        }
        return prices
    }

    /// Creates the event; returns its id. Errors name the venue file and the JSON path, or the
    /// option at fault.
    public func run() async throws -> String {
        let document: Data
        do { document = try Data(contentsOf: URL(fileURLWithPath: venuePath)) } catch {
            throw SetupError("\(venuePath): cannot read the venue file (\(error.localizedDescription))")
        }
        let layout: VenueLayout
        do { layout = try VenueLayout(document: document) } catch { throw SetupError("\(venuePath): \(error)") }
        let pricing: VenueLayout.EventPrices
        do { pricing = try layout.eventPrices(overrides: prices, defaultPrice: defaultPrice, currency: currency) } catch {
            throw SetupError("\(venuePath): \(error)")
        }
        if let currency, !VenueLayout.isCurrencyCode(currency) {
            throw SetupError("--currency '\(currency)': expected an ISO 4217 code (three capital letters)")
        }
        let store = try await BoxOfficeStore(url: database)
        let created: Result<String, any Error>
        do {
            created = .success(try await store.createEvent(id: id, name: name, layout: layout, currency: pricing.currency, prices: pricing.amounts,
                                                           defaultPrice: nil, maxSeatsPerOrder: maxSeatsPerOrder, noOrphanSeats: noOrphanSeats,
                                                           holdTTLSeconds: holdTTLSeconds, holdMaxTotalSeconds: holdMaxTotalSeconds,
                                                           startsAt: startsAt))
        } catch {
            created = .failure(error)
        }
        await store.close()
        return try created.get()
    }
}
