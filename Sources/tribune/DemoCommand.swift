import ArgumentParser
import Kiosk

/// `tribune demo`: the main job on a machine without kiosk hardware.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the SportFan stadium, a tribune zoomed in with its seats, and the seat preview as PNG files.",
        discussion: """
            Example:
              tribune demo --out out
            """)

    @Option(help: "Folder for the PNG files.")
    var out: String = "out"

    func run() throws {
        let outputs = try Demo(outputDirectory: out).run()
        for o in outputs { print("\(o.path): \(o.caption)") }
    }
}
