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

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "One JSON document instead of the table.") var json = false

    func run() async throws {
        let fleet = try await database.openExisting().using { try await $0.kioskFleet() }
        print(json ? fleet.json : fleet.table)
    }
}
