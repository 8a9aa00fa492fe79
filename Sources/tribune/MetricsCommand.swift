import ArgumentParser
import Foundation
import Kiosk

/// `tribune metrics`: the running kiosk's Prometheus metrics, through its control socket.
struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Print the running kiosk's metrics in Prometheus text format (via its control socket).",
        discussion: """
            Frame time and touch-to-flip latency histograms, presents, lost page flips, box-office \
            request times and unanswered requests, purchases and resident memory. The kiosk serves \
            them on its control socket only (owner-only, mode 0600 unless control_socket_mode \
            says otherwise), never on the network: to have Prometheus collect them, write them \
            where node_exporter's textfile collector reads, from a timer running as the kiosk's user.

            Example:
              tribune metrics --out /var/lib/node_exporter/textfile/tribune.prom
            """)

    @Option(help: "The kiosk's control socket.") var socket: String = "/run/tribune/control.sock"
    @Option(help: "Write the text to this file instead of standard output.") var out: String?
    @Option(help: "Seconds to wait for the answer.") var timeout: Double = 10

    func run() throws {
        let answer: [UInt8]
        do { answer = try ControlClient.send("metrics", to: socket, timeout: timeout) } catch {
            throw ValidationError("cannot talk to the kiosk at \(socket): \(error)")
        }
        if answer.starts(with: Array("error:".utf8)) {
            throw ValidationError("the kiosk answered: \(String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        guard let out else {
            FileHandle.standardOutput.write(Data(answer))
            return
        }
        // Written in place, so a FIFO or /dev/stdout is written through.
        do { try FileOutput.write(answer, to: out) } catch { throw ValidationError("cannot write \(out): \(error)") }
    }
}
