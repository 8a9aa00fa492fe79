import ArgumentParser
import Glibc
import Recording

/// Set by SIGINT/SIGTERM; the recording loop polls it.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// `tribune record`: records a touchscreen in `libinput record` format.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touchscreen's evdev events as libinput-record YAML (replay with 'libinput replay' or 'tribune replay').",
        discussion: """
            Reads the device node directly (needs read access to /dev/input/eventN: root or the 'input' group).
            Stop with Ctrl-C (or unplug the device): the file is complete up to the last full frame.

            Example:
              tribune record -o session.yaml --device /dev/input/event5
              tribune record -o session.yaml --wait 30     # the first touchscreen plugged in within 30 s
            """)

    @Option(name: .shortAndLong, help: "The YAML file to write.")
    var output: String = "recording.yaml"

    @Option(help: "The device node (default: the first touchscreen among /dev/input/event*).")
    var device: String?

    @Option(help: "Without --device: wait up to this many seconds for a touchscreen to appear.")
    var wait: Double = 0

    func run() throws {
        guard wait >= 0, wait.isFinite else { throw ValidationError("--wait: expected seconds ≥ 0; found \(wait)") }
        guard let path = device ?? EvdevDeviceNode.waitForTouchscreen(timeout: wait) else {
            throw ValidationError("no touchscreen found among /dev/input/event* (give --device, and check read permission)")
        }
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let node = try EvdevDeviceNode(path: path)
        if device == nil { node.waitForUdevProperties(timeout: 10) }   // just plugged in: let udev tag it first
        let recorder = try TouchscreenRecorder(node: node, output: output, system: .init(kernel: kernel))

        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in stopRequested = 1 }
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        print("Recording \(recorder.device.name) (\(path)) to \(output); Ctrl-C stops.")
        fflush(nil)
        let summary = try recorder.record { stopRequested != 0 }
        let why = summary.ending == .deviceRemoved ? " (the device went away)" : ""
        print("Wrote \(summary.frames) frame\(summary.frames == 1 ? "" : "s") to \(output)\(why).")
    }
}
