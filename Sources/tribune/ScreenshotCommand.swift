import ArgumentParser
import Foundation
import Kiosk

/// `tribune screenshot`: the running kiosk's current frame as PNG, through its control socket.
struct ScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot",
        abstract: "Save the running kiosk's current frame as a PNG (via its control socket).",
        discussion: """
            The kiosk sends the frame it last drew (its shadow buffer, in the upright logical \
            orientation) and this command writes it, so the file lands where you are, not where \
            the sandboxed service may write.

            Example:
              tribune screenshot --socket /run/tribune/control.sock --out kiosk.png
            """)

    @Option(help: "The kiosk's control socket.") var socket: String = "/run/tribune/control.sock"
    @Option(help: "The PNG file to write.") var out: String
    @Option(help: "Seconds to wait for the answer.") var timeout: Double = 30

    func run() throws {
        let answer: [UInt8]
        do { answer = try ControlClient.send("screenshot", to: socket, timeout: timeout) } catch {
            throw ValidationError("cannot talk to the kiosk at \(socket): \(error)")
        }
        switch ControlClient.screenshotPNG(from: answer) {
        case .success(let png):
            try Data(png).write(to: URL(fileURLWithPath: out))
            print("\(out): \(png.count) bytes")
        case .failure(let e):
            throw ValidationError("the kiosk answered: \(e)")
        }
    }
}
