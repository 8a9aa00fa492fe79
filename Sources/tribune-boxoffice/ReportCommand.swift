import ArgumentParser
import BoxOffice
import Foundation

/// `tribune-boxoffice report`: sold, held, free and revenue per category, per kiosk and per hour.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "An event's seats sold, held and free and its revenue per category, and its sales per kiosk and per hour (UTC); cancelled tickets are refunded and not counted.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The event (default: the database's only event).") var event: String?

    func run() async throws {
        let report = try await database.openExisting().using { try await $0.salesReport(eventID: event) }
        print(report.text, terminator: "")
    }
}
