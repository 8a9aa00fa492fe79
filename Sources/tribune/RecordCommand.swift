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
            Stop with Ctrl-C: the file is complete up to the last full frame.

            Example:
              tribune record -o session.yaml --device /dev/input/event5
            """)

    @Option(name: .shortAndLong, help: "The YAML file to write.")
    var output: String = "recording.yaml"

    @Option(help: "The device node (default: the first touchscreen among /dev/input/event*).")
    var device: String?

    func run() throws {
        guard let path = device ?? EvdevDeviceNode.findTouchscreen() else {
            throw ValidationError("no touchscreen found among /dev/input/event* (give --device, and check read permission)")
        }
        let node = try EvdevDeviceNode(path: path)
        let description = try node.describe()
        if let refusal = description.touchscreenRefusal {
            throw ValidationError("\(path): \(refusal); only touchscreens are recorded")
        }
        guard let file = fopen(output, "w") else {
            throw ValidationError("cannot write \(output): \(String(cString: strerror(errno)))")
        }
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        fputs(LibinputRecordWriter.header(device: description, system: .init(kernel: kernel)), file)
        fflush(file)

        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in stopRequested = 1 }
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        print("Recording \(description.name) (\(path)) to \(output); Ctrl-C stops.")

        var offset: Int64?
        var pending: [InputEvent] = []
        var frames = 0
        while stopRequested == 0 {
            for var e in try node.readEvents(timeout: 200) {
                if offset == nil { offset = e.time }
                e.time -= offset!
                pending.append(e)
                if e.isSynReport {
                    fputs(LibinputRecordWriter.frame(EvdevFrame(time: e.time, events: pending)), file)
                    pending.removeAll(keepingCapacity: true)
                    frames += 1
                    if frames % 32 == 0 { fflush(file) }
                }
            }
        }
        if frames == 0 { fputs("  []\n", file) }
        fflush(file)
        fclose(file)
        print("Wrote \(frames) frame\(frames == 1 ? "" : "s") to \(output).")
    }
}
