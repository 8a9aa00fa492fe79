import ArgumentParser
import DRMDisplay
import Raster
import SceneFile
#if canImport(Glibc)
import Glibc
#endif

// Set by signal handlers, read by the hold loop (poll wakes with EINTR).
nonisolated(unsafe) private var terminateRequested: sig_atomic_t = 0
/// A self-pipe: handlers write a byte so `poll` wakes on whichever thread took the signal.
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
private func wakeLoop() { var b: UInt8 = 1; _ = write(signalPipe.write, &b, 1) }
nonisolated(unsafe) private var vtReleaseRequested: sig_atomic_t = 0
nonisolated(unsafe) private var vtAcquireRequested: sig_atomic_t = 0

/// `tribune present SCENE.json …`: shows a scene file on a DRM/KMS output (no X, no Wayland).
///
/// The scene is rendered at its own size and placed at the top-left of the shadow buffer (the
/// mode's size, turned by the rotation); the rest is black. With `--then` a second scene is
/// shown with only the bounding box of the pixels that differ damaged.
struct PresentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Show a scene file on a DRM/KMS display (dumb buffers, page flips).",
        discussion: """
            The scene is drawn at its own size at the top-left of the screen (in the rotated, \
            logical orientation); the rest is black. Runs until SIGTERM/SIGINT or --hold expires, \
            then restores the console and the CRTC configuration found at start and exits 0.
            """)

    @Argument(help: "The scene file (JSON, docs/scene-format.md).") var scene: String
    @Option(help: "DRM card node (default: the first card with a connected connector).") var card: String?
    @Option(help: "Connector name, e.g. HDMI-A-1 (default: the first connected).") var connector: String?
    @Option(help: "Mode as WxH or WxH@Hz (default: preferred, else largest).") var mode: String?
    @Option(help: "Rotation 0, 90, 180 or 270 (clockwise), composed with the panel orientation.") var rotation: Int = 0
    @Flag(help: "Ignore the connector's panel orientation property.") var ignorePanelOrientation = false
    @Flag(help: "Use legacy SetCrtc + PageFlip.") var legacy = false
    @Flag(help: "Use atomic modesetting (fail if unsupported).") var atomic = false
    @Option(help: "Dumb buffers: 2 or 3.") var buffers: Int = 3
    @Option(help: "A second scene shown afterwards with only the changed rectangle damaged.") var then: String?
    @Option(name: .customLong("then-mode"),
            help: "Afterwards switch to this mode (WxH or WxH@Hz), as a configuration reload or a hotplug with a new mode does: new buffers, the scene repainted.")
    var thenMode: String?
    @Option(help: "Seconds to keep showing the scene (default: until SIGTERM/SIGINT).") var hold: Double?
    @Option(help: "Blank the output (DPMS off / CRTC inactive) after this many idle seconds; it is turned back on before exit.")
    var blankAfter: Double?
    @Option(help: "Write a JSON report (frames, flips, damage, path) here.") var report: String?
    @Option(name: .customLong("lose-flip-events"),
            help: "Testing: drop this many page-flip events, as a driver that loses them (the flip timeout recovers).")
    var loseFlipEvents: Int = 0
    @Option(name: .customLong("back-to-back"),
            help: "Testing: present the --then scene this many more times without waiting for page flips (the kernel answers EBUSY; each flip is retried once).")
    var backToBack: Int = 0
    @Option(help: "Virtual terminal to take over (default: the active one).") var tty: String?
    @Flag(help: "Leave the virtual terminal alone.") var noVT = false

    func validate() throws {
        guard DRMRotation(rawValue: rotation) != nil else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        guard !(legacy && atomic) else { throw ValidationError("--legacy and --atomic exclude each other") }
        if let mode, DRMModeRequest(mode) == nil { throw ValidationError("--mode must look like 1920x1080 or 1920x1080@60, got \(mode)") }
        if let thenMode, DRMModeRequest(thenMode) == nil { throw ValidationError("--then-mode must look like 800x600 or 800x600@60, got \(thenMode)") }
        guard buffers == 2 || buffers == 3 else { throw ValidationError("--buffers must be 2 or 3") }
        guard backToBack == 0 || then != nil else { throw ValidationError("--back-to-back needs --then") }
        guard (0...100).contains(backToBack) else { throw ValidationError("--back-to-back must be 0…100") }
    }

    func run() throws {
        let first = try SceneFile(contentsOfFile: scene).renderedOnBlack()
        let second = try then.map { try SceneFile(contentsOfFile: $0).renderedOnBlack() }

        guard let cardPath = card ?? DRMCard.firstConnectedCardPath() else {
            throw ValidationError("no DRM card with a connected connector under /dev/dri (use --card)")
        }
        let drm = try DRMCard(path: cardPath)
        let output = try drm.selectOutput(connector: connector, mode: mode.flatMap(DRMModeRequest.init))
        let panel = ignorePanelOrientation ? DRMRotation.r0 : DRMRotation(panelOrientation: output.panelOrientation ?? "Normal")
        let turn = panel.followed(by: DRMRotation(rawValue: rotation)!)
        let presenter = try DRMPresenter(card: drm, output: output, rotation: turn,
                                         path: legacy ? .legacy : atomic ? .atomic : .automatic, bufferCount: buffers)

        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for f in fds { _ = fcntl(f, F_SETFL, O_NONBLOCK); _ = fcntl(f, F_SETFD, FD_CLOEXEC) }
            signalPipe = (fds[0], fds[1])
        }
        signal(SIGTERM) { _ in terminateRequested = 1; wakeLoop() }
        signal(SIGINT) { _ in terminateRequested = 1; wakeLoop() }
        signal(SIGUSR1) { _ in vtReleaseRequested = 1; wakeLoop() }
        signal(SIGUSR2) { _ in vtAcquireRequested = 1; wakeLoop() }
        var console: DRMConsole?
        if !noVT, let t = tty ?? DRMConsole.activeTerminalPath() {
            do { console = try DRMConsole(path: t) } catch { warn("not taking over the console: \(error)") }
        }
        let hotplug = try? DRMHotplugMonitor()

        // Frame 1: the first scene. The modeset shows it at once; a page flip then presents it.
        presenter.shadow.clear(.black)
        presenter.shadow.copy(from: first, sourceRect: first.bounds, to: (0, 0))
        var damage: [PixelRect] = [presenter.shadow.bounds]
        try presenter.start()
        presenter.ignoredFlipEvents = max(0, loseFlipEvents)
        try presenter.present(damage: [])
        try presenter.waitForFlip(timeout: 2)
        if let second {
            let box = DRMDamageTracker.changedBounds(first, second).intersection(presenter.shadow.bounds)
            presenter.shadow.copy(from: second, sourceRect: box, to: (box.x, box.y))
            damage.append(box)
            try presenter.present(damage: [box])
            if backToBack > 0 {
                // Race our own flips: each present queues its flip while the previous is pending.
                presenter.flipsQueuedWithoutWaiting = backToBack
                for _ in 0..<backToBack { try presenter.present(damage: [box]) }
                presenter.flipsQueuedWithoutWaiting = 0
            }
            try presenter.waitForFlip(timeout: 2)
        }
        if let thenMode, let request = DRMModeRequest(thenMode) {
            // The function a hotplug event runs, asked for the new mode: the connector is read
            // again and, its mode being different, buffers, shadow and mode are set up anew.
            let change = try presenter.refreshAfterHotplug(mode: request)
            guard change == .modeChanged else {
                throw ValidationError("--then-mode \(thenMode): the output already runs that mode (\(change.rawValue))")
            }
            let current = second ?? first
            presenter.shadow.copy(from: current, sourceRect: current.bounds, to: (0, 0))
            try presenter.present(damage: [presenter.shadow.bounds])
            try presenter.waitForFlip(timeout: 2)
        }
        // Let whoever watches (the VM test) know the frames are on screen.
        print("presented \(presenter.framesPresented) frames, \(presenter.flipsCompleted) flips, path \(presenter.path.rawValue)")
        fflush(nil)

        var start = timespec(); clock_gettime(CLOCK_MONOTONIC, &start)
        var blankings = 0, vtReleases = 0, vtAcquires = 0
        while terminateRequested == 0 {
            var now = timespec(); clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) * 1e-9
            if let hold, elapsed >= hold { break }
            if let blankAfter, elapsed >= blankAfter, !presenter.isBlanked, blankings == 0 {
                try presenter.blank()
                blankings += 1
                print("blanked after \(blankAfter) s idle"); fflush(nil)
            }
            var fds = [pollfd(fd: drm.fileDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
            if let hotplug { fds.append(pollfd(fd: hotplug.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            var wait = hold.map { max(0, min(1, $0 - elapsed)) } ?? 1
            if let blankAfter, blankings == 0 { wait = max(0, min(wait, blankAfter - elapsed)) }
            let n = poll(&fds, nfds_t(fds.count), Int32(wait * 1000))
            if n > 0 && fds[0].revents & Int16(POLLIN) != 0 { try presenter.dispatchEvents() }
            if n > 0 && fds[1].revents & Int16(POLLIN) != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = read(signalPipe.read, &drain, drain.count)
            }
            if n > 0 && fds.count > 2 && fds[2].revents & Int16(POLLIN) != 0, hotplug!.readEvents() {
                // Connector gone: keep running without rendering; back or a new mode: set it again
                // and repaint the current scene (at the new size, when it changed).
                let change = try presenter.refreshAfterHotplug(mode: mode.flatMap(DRMModeRequest.init))
                switch change {
                case .none: break
                case .disconnected:
                    print("hotplug: \(presenter.output.connector.name) disconnected"); fflush(nil)
                case .reconnected, .modeChanged:
                    let current = second ?? first
                    presenter.shadow.clear(.black)
                    presenter.shadow.copy(from: current, sourceRect: current.bounds, to: (0, 0))
                    try presenter.present(damage: [presenter.shadow.bounds])
                    try presenter.waitForFlip(timeout: 2)
                    print("hotplug: \(change.rawValue), mode \(presenter.output.mode.width)x\(presenter.output.mode.height)")
                    fflush(nil)
                }
            }
            if vtReleaseRequested != 0 {
                vtReleaseRequested = 0
                presenter.suspend(); console?.acknowledgeRelease()
                vtReleases += 1
            }
            if vtAcquireRequested != 0 {
                vtAcquireRequested = 0
                console?.acknowledgeAcquire()
                try presenter.resume()
                try presenter.present(damage: [])
                vtAcquires += 1
            }
        }
        var stop = timespec(); clock_gettime(CLOCK_MONOTONIC, &stop)
        var unblanked = false
        if presenter.isBlanked { try presenter.unblank(); unblanked = true }
        presenter.restore()
        console?.restore()
        var done = timespec(); clock_gettime(CLOCK_MONOTONIC, &done)
        let shutdownMs = Int((Double(done.tv_sec - stop.tv_sec) + Double(done.tv_nsec - stop.tv_nsec) * 1e-9) * 1000)
        if let report {
            try writeReport(to: report, presenter: presenter, output: output, damage: damage, card: cardPath,
                            driver: (try? drm.driverName()) ?? "", console: console?.path,
                            blankings: blankings, unblanked: unblanked, vtSwitches: (vtReleases, vtAcquires), shutdownMs: shutdownMs)
        }
    }

    private func writeReport(to file: String, presenter: DRMPresenter, output: DRMOutput, damage: [PixelRect],
                             card: String, driver: String, console: String?, blankings: Int, unblanked: Bool, vtSwitches: (Int, Int), shutdownMs: Int) throws {
        func rect(_ r: PixelRect) -> String { "[\(r.x), \(r.y), \(r.width), \(r.height)]" }
        let copied = presenter.copiedRects.map { "[" + $0.map(rect).joined(separator: ", ") + "]" }
        let json = """
            {"card": "\(card)", "driver": "\(driver)", "connector": "\(output.connector.name)",
             "mode": "\(output.mode.width)x\(output.mode.height)@\(output.mode.refreshRate)",
             "rotation": \(presenter.rotation.rawValue), "panelOrientation": \(output.panelOrientation.map { "\"\($0)\"" } ?? "null"),
             "path": "\(presenter.path.rawValue)", "kernelDamageHint": "\(presenter.kernelDamageHint)", "buffers": \(presenter.buffers.count), "pitch": \(presenter.buffers[0].pitch),
             "framesPresented": \(presenter.framesPresented), "flipsCompleted": \(presenter.flipsCompleted),
             "flipTimeouts": \(presenter.flipTimeouts), "busyRetries": \(presenter.busyRetries), "disconnects": \(presenter.disconnects), "reconnects": \(presenter.reconnects), "modeChanges": \(presenter.modeChanges), "finalMode": "\(presenter.output.mode.width)x\(presenter.output.mode.height)", "blankings": \(blankings), "unblanked": \(unblanked),
             "vtReleases": \(vtSwitches.0), "vtAcquires": \(vtSwitches.1), "restoreMs": \(shutdownMs),
             "damageRects": [\(damage.map(rect).joined(separator: ", "))],
             "copiedDeviceRects": [\(copied.joined(separator: ", "))],
             "console": \(console.map { "\"\($0)\"" } ?? "null")}

            """
        guard let f = fopen(file, "w") else { throw ValidationError("cannot write the report to \(file)") }
        fputs(json, f); fclose(f)
    }

    private func warn(_ s: String) {
        let line = Array("tribune present: \(s)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

extension SceneFile {
    /// The scene at its own size; with no background, composited onto black (what XRGB shows).
    func renderedOnBlack() -> Surface {
        let s = Surface(width: width, height: height)
        if background == nil { s.clear(.black) }
        render(into: DrawingContext(surface: s))
        return s
    }
}
