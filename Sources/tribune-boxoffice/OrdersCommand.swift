import ArgumentParser
import BoxOffice
import Foundation

/// `tribune-boxoffice orders`: find orders by code, seat or time, as lines or CSV.
struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "List orders: by --code, by --seat, or created between --from and --to (all orders without any); --csv for a spreadsheet.",
        usage: """
            tribune-boxoffice orders --db <url> [--db-pool <n>] [--csv]
                   [--code <code> | --seat <seat> | --from <from> --to <to>]
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The order's code (the receipt's six characters).") var code: String?
    @Option(help: "A seat id: the orders that had a ticket for it, cancelled ones included.") var seat: String?
    @Option(help: "Orders created at or after this instant (ISO 8601 with offset, e.g. 2026-03-14T18:00:00Z).") var from: String?
    @Option(help: "… and before this instant.") var to: String?
    @Flag(help: "CSV with a header line instead of one line per order.") var csv = false

    func query() throws -> OrderQuery {
        switch (code, seat, from, to) {
        case (nil, nil, nil, nil): return .all
        case (let code?, nil, nil, nil): return .code(code)
        case (nil, let seat?, nil, nil): return .seat(seat)
        case (nil, nil, let from?, let to?): return .created(from: try Self.instant(from, "--from"), to: try Self.instant(to, "--to"))
        default: throw ValidationError("give one of --code, --seat, or --from with --to")
        }
    }

    /// Milliseconds since 1970 of an ISO 8601 date-time with offset.
    static func instant(_ text: String, _ option: String) throws -> Int64 {
        guard let milliseconds = Timestamp.milliseconds(iso8601: text) else {
            throw ValidationError("\(option) '\(text)': expected an ISO 8601 date and time with its offset, e.g. 2026-03-14T18:00:00Z")
        }
        return milliseconds
    }

    func run() async throws {
        let query = try query()
        let orders = try await database.openExisting().using { try await $0.orders(matching: query) }
        if csv {
            print(OrderListing.csvHeader)
            for order in orders { print(order.csvRow) }
        } else {
            for order in orders { print(order.line) }
        }
    }
}
