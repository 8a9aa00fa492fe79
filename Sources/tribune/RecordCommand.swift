import ArgumentParser
import Glibc
import Kiosk
import Recording
import TouchInput

/// `tribune record`: records a touchscreen in `libinput record` format.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touchscreen's evdev events as libinput-record YAML (replay with 'libinput replay' or 'tribune-headless replay').",
        discussion: """
            Reads the device node directly (needs read access to /dev/input/eventN: root or the 'input' group). \
            Stop with Ctrl-C (or unplug the device): the file is complete up to the last full frame.

            Example:
              tribune record -o session.yaml --device /dev/input/event5
              tribune record -o session.yaml --wait 30
            The second waits up to 30 s for a touchscreen to be plugged in and records it.
            """)

    @Option(name: .shortAndLong, help: "The YAML file to write.")
    var output: String = "recording.yaml"

    @Option(help: "The device node (default: the first touchscreen among /dev/input/event*).")
    var device: String?

    @Option(help: "Without --device: wait up to this many seconds for a touchscreen to appear.")
    var wait: Double = 0

    func run() throws {
        guard wait >= 0, wait.isFinite else { throw ValidationError("--wait: expected seconds ≥ 0; found \(wait)") }
        let recorder = try TouchscreenRecorder.open(device: device, wait: wait, output: output)
        print("Recording \(recorder.device.name) (\(recorder.node.path)) to \(output); Ctrl-C stops.")
        fflush(nil)
        let summary = try recorder.recordUntilSignalled()
        let why = summary.ending == .deviceRemoved ? " (the device went away)" : ""
        print("Wrote \(summary.frames) frame\(summary.frames == 1 ? "" : "s") to \(output)\(why).")
    }
}
