import ArgumentParser
import Kiosk

/// `tribune doctor`: is this machine ready for kiosk duty?
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check this machine for kiosk duty: display, touchscreen, permissions, font, configuration.",
        discussion: """
            Prints OK, WARN or FAIL for each item and, when something is wrong, the command that fixes it. \
            Exits 0 only when every required item is OK.

            Example:
              tribune doctor --config /etc/tribune/tribune.toml
            """)

    @Option(help: "The font file the kiosk uses.")
    var font: String = Doctor.defaultFontPath

    @Option(help: "The configuration file (default \(Doctor.defaultConfigPath); optional unless given).")
    var config: String?

    func run() throws {
        let checks = Doctor(fontPath: font, configPath: config).run()
        let width = min(40, checks.map(\.item.count).max() ?? 0)
        for c in checks {
            let item = c.item + String(repeating: " ", count: max(0, width - c.item.count))
            let outcome = c.outcome.rawValue + String(repeating: " ", count: 5 - c.outcome.rawValue.count)
            print("\(outcome) \(item)  \(c.detail)")
            if !c.fix.isEmpty && c.outcome != .ok { print("      fix: \(c.fix)") }
        }
        if Doctor.isReady(checks) {
            print("Ready for kiosk duty.")
        } else {
            let failed = checks.filter { $0.outcome == .failed }.count
            print("Not ready: \(failed) item\(failed == 1 ? "" : "s") failed.")
            throw ExitCode(1)
        }
    }
}
