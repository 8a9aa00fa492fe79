import ArgumentParser
import BoxOffice
import Foundation

/// `tribune-boxoffice kiosks`: the fleet from the kiosks' heartbeats.
struct KiosksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosks",
        abstract: "List every kiosk that sent a heartbeat: OK, Warning, Error or Offline, and when it was last seen.",
        discussion: """
            OK: in service with display and touchscreen. Warning: standalone or no touchscreen. Error: out of service \
            (its code shown) or no display. Offline: no heartbeat for \(KioskFleet.offlineAfterIntervals) of the kiosk's \
            own heartbeat intervals (box_office.heartbeat_interval in its tribune.toml).
            """)

    @Option(help: "The SQLite database file.") var db: String
    @Flag(help: "One JSON document instead of the table.") var json = false

    func run() async throws {
        guard FileManager.default.fileExists(atPath: db) else { throw ValidationError("\(db): no such database") }
        let fleet = try await BoxOfficeStore(path: db).kioskFleet()
        print(json ? fleet.json : fleet.table)
    }
}
