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
            orientation) over the socket and this command writes it, so the file lands where you \
            are; the kiosk never writes a path a caller names. The socket is owner-only (mode \
            0600) unless control_socket_mode says otherwise: run this as the kiosk's user or root.

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
            // Written in place: --out /dev/stdout or a FIFO is written through.
            do { try FileOutput.write(png, to: out) } catch { throw ValidationError("cannot write \(out): \(error)") }
            // On standard error: standard output may be the PNG itself (--out /dev/stdout).
            FileHandle.standardError.write(Data("\(out): \(png.count) bytes\n".utf8))
        case .failure(let e):
            throw ValidationError("the kiosk answered: \(e)")
        }
    }
}
