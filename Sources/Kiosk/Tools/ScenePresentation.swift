import DRMDisplay
import Displays
import Geometry
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// `tribune present`: shows prepared pictures on a DRM/KMS output and holds them there on the
/// kiosk's event loop (page-flip and hotplug events, SIGTERM/SIGINT, VT switching by
/// SIGUSR1/SIGUSR2, timers for `hold` and `blankAfter`), then restores the console and the
/// CRTC configuration found at start. Prints a line when the frames are on screen and for
/// each blanking and hotplug, for whoever watches (the VM test).
public final class ScenePresentation {
    /// What `tribune present` asks for.
    public struct Options {
        public var card: String?
        public var connector: String?
        public var mode: DRMModeRequest?
        /// Composed after the connector's panel orientation (unless ignored).
        public var rotation: DisplayRotation = .degrees0
        public var ignorePanelOrientation = false
        public var path: DRMModesetPath = .automatic
        /// Dumb buffers: 2 or 3.
        public var buffers = 3
        /// A mode to switch to afterwards, as a hotplug with a new mode does.
        public var thenMode: DRMModeRequest?
        /// Seconds to keep showing the picture (nil: until SIGTERM/SIGINT).
        public var hold: Double?
        /// Seconds after which the output is blanked once.
        public var blankAfter: Double?
        /// Where to write the JSON report.
        public var report: String?
        /// Testing: page-flip events to drop.
        public var loseFlipEvents = 0
        /// Testing: presents of the second picture queued without waiting for flips.
        public var backToBack = 0
        /// The virtual terminal to take over (nil: the active one).
        public var tty: String?
        public var takesConsole = true
        public init() {}
    }

    /// Why a presentation failed beyond the DRM calls themselves.
    public enum Failure: Error, CustomStringConvertible {
        case noCard
        /// `thenMode` names the mode already running.
        case modeUnchanged(DRMModeRequest, DisplayChange)
        case cannotWriteReport(String)

        public var description: String {
            switch self {
            case .noCard: "no DRM card with a connected connector under /dev/dri (use --card)"
            case .modeUnchanged(let m, let change): "--then-mode \(m): the output already runs that mode (\(change.rawValue))"
            case .cannotWriteReport(let path): "cannot write the report to \(path)"
            }
        }
    }

    let first: Surface
    let second: Surface?
    let options: Options
    /// Counters for the report.
    var blankings = 0, vtReleases = 0, vtAcquires = 0
    var copiedRects: [[PixelRect]] = []
    var damageRects: [PixelRect] = []
    /// An error inside a loop handler, rethrown by `run()`.
    private var failure: Error?
    /// What a signal does; set by `hold` once there is a picture to hold.
    private var onSignal: (Int32) -> Void = { _ in }

    /// - Parameters:
    ///   - first: drawn at the top-left of the (logical) screen; the rest is black.
    ///   - second: shown afterwards with only the box of the pixels that differ damaged.
    public init(first: Surface, second: Surface?, options: Options) {
        self.first = first
        self.second = second
        self.options = options
    }

    /// Runs until SIGTERM/SIGINT or `hold` expires; writes the report if asked.
    public func run() throws {
        let o = options
        let loop = try EventLoop()
        // Before the console asks for SIGUSR1/SIGUSR2: they must never take their default action.
        // Read once the loop runs (`hold`); until then they wait in the signalfd.
        let signals = try SignalWatch(loop: loop, signals: [SIGTERM, SIGINT, SIGUSR1, SIGUSR2]) { [unowned self] in
            self.onSignal($0)
        }
        defer { withExtendedLifetime(signals) {} }
        guard let cardPath = o.card ?? DRMCard.firstConnectedCardPath() else { throw Failure.noCard }
        let drm = try DRMCard(path: cardPath)
        let output = try drm.selectOutput(connector: o.connector, mode: o.mode)
        let panel = o.ignorePanelOrientation ? DisplayRotation.degrees0 : DisplayRotation(panelOrientation: output.panelOrientation ?? "Normal")
        let presenter = try DRMPresenter(card: drm, output: output, rotation: panel.followed(by: o.rotation),
                                         path: o.path, bufferCount: o.buffers)
        presenter.frameObserver = { [unowned self] in self.copiedRects.append($0) }
        var console: DRMConsole?
        if o.takesConsole, let t = o.tty ?? DRMConsole.activeTerminalPath() {
            do { console = try DRMConsole(path: t) } catch { Self.warn("not taking over the console: \(error)") }
        }
        try? presenter.followHotplug(mode: o.mode)

        try showFrames(on: presenter)
        // Let whoever watches (the VM test) know the frames are on screen.
        Self.say("presented \(presenter.framesPresented) frames, \(presenter.flipsCompleted) flips, path \(presenter.path.rawValue)")

        try hold(presenter, console: console, on: loop)

        let stop = DRMPresenter.monotonicNow()
        var unblanked = false
        if presenter.isBlanked { try presenter.unblank(); unblanked = true }
        presenter.restore()
        console?.restore()
        let shutdownMs = Int((DRMPresenter.monotonicNow() - stop) * 1000)
        if let failure { throw failure }
        if let report = o.report {
            try writeReport(to: report, presenter: presenter, output: output, card: cardPath, driver: (try? drm.driverName()) ?? "",
                            console: console?.path, unblanked: unblanked, shutdownMs: shutdownMs)
        }
    }

    /// Frame 1 (the first picture, shown by the modeset, then page-flipped), the second picture
    /// with only the changed box damaged, and the mode change.
    private func showFrames(on presenter: DRMPresenter) throws {
        let o = options
        presenter.shadow.clear(.black)
        presenter.shadow.copy(from: first, sourceRect: first.bounds, to: (0, 0))
        damageRects = [presenter.shadow.bounds]
        try presenter.start()
        presenter.ignoredFlipEvents = max(0, o.loseFlipEvents)
        try presenter.present(damage: [])
        try presenter.waitForFlip(timeout: 2)
        if let second {
            let box = DRMDamageTracker.changedBounds(first, second).intersection(presenter.shadow.bounds)
            presenter.shadow.copy(from: second, sourceRect: box, to: (box.x, box.y))
            damageRects.append(box)
            try presenter.present(damage: [box])
            if o.backToBack > 0 {
                // Race our own flips: each present queues its flip while the previous is pending.
                presenter.flipsQueuedWithoutWaiting = o.backToBack
                for _ in 0..<o.backToBack { try presenter.present(damage: [box]) }
                presenter.flipsQueuedWithoutWaiting = 0
            }
            try presenter.waitForFlip(timeout: 2)
        }
        if let request = o.thenMode {
            // The function a hotplug event runs, asked for the new mode: the connector is read
            // again and, its mode being different, buffers, shadow and mode are set up anew.
            let change = try presenter.refreshAfterHotplug(mode: request)
            guard change == .modeChanged else { throw Failure.modeUnchanged(request, change) }
            try repaint(presenter)
        }
    }

    /// The picture shown last, painted whole (after a mode change or a reconnect).
    private func repaint(_ presenter: DRMPresenter) throws {
        let current = second ?? first
        presenter.shadow.clear(.black)
        presenter.shadow.copy(from: current, sourceRect: current.bounds, to: (0, 0))
        try presenter.present(damage: [presenter.shadow.bounds])
        try presenter.waitForFlip(timeout: 2)
    }

    /// Holds the picture on `loop` until a stop signal or `hold` seconds.
    private func hold(_ presenter: DRMPresenter, console: DRMConsole?, on loop: EventLoop) throws {
        let o = options
        onSignal = { [unowned self] signal in
            self.attempt(loop) {
                switch signal {
                case SIGUSR1:
                    presenter.suspend(); console?.acknowledgeRelease()
                    self.vtReleases += 1
                case SIGUSR2:
                    console?.acknowledgeAcquire()
                    try presenter.resume()
                    try presenter.present(damage: [])
                    self.vtAcquires += 1
                default:
                    loop.stop()
                }
            }
        }
        let holdTimer = try LoopTimer(loop: loop) { loop.stop() }
        if let hold = o.hold { holdTimer.arm(after: hold) }
        let blankTimer = try LoopTimer(loop: loop) { [unowned self] in
            self.attempt(loop) {
                guard !presenter.isBlanked, self.blankings == 0, let after = o.blankAfter else { return }
                try presenter.blank()
                self.blankings += 1
                Self.say("blanked after \(after) s idle")
            }
        }
        if let after = o.blankAfter { blankTimer.arm(after: after) }
        for fd in presenter.eventDescriptors {
            try loop.watch(fd) { [unowned self] _ in
                self.attempt(loop) { try self.followEvents(on: fd, of: presenter) }
            }
        }
        try loop.run()
        withExtendedLifetime((holdTimer, blankTimer)) {}
    }

    /// Page-flip events, or a hotplug: connector gone → keep running without rendering; back
    /// or a new mode → set it again and repaint the picture (at the new size, when it changed).
    private func followEvents(on fd: Int32, of presenter: DRMPresenter) throws {
        let change = try presenter.handleEvents(on: fd)
        switch change {
        case .none: break
        case .disconnected:
            Self.say("hotplug: \(presenter.output.connector.name) disconnected")
        case .reconnected, .modeChanged:
            try repaint(presenter)
            Self.say("hotplug: \(change.rawValue), mode \(presenter.output.mode.width)x\(presenter.output.mode.height)")
        }
    }

    /// Runs `body`; an error stops the loop and is rethrown by `run()`.
    private func attempt(_ loop: EventLoop, _ body: () throws -> Void) {
        do { try body() } catch {
            if failure == nil { failure = error }
            loop.stop()
        }
    }

    static func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    static func warn(_ s: String) {
        let line = Array("tribune present: \(s)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
