import Animation
import BoxOfficeClient
import DRMDisplay
import Dispatch
import Geometry
import KioskUI
import Logging
import Raster
import Recording
import Seating
import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// What the runtime asks of a touch source factory: the seat, the device filter, calibration
/// and how the picture sits on the panel (the logical screen size and the one rotation shared
/// with the display).
public struct TouchSourceSettings: Sendable {
    public var seat: String
    public var deviceName: String?
    public var calibration: CalibrationMatrix?
    /// The upright picture (logical screen), px.
    public var screenSize: Size
    public var rotation: DisplayRotation
    /// The panel's active area in mm (panel orientation), when configured.
    public var physicalSize: Size?
}

/// `tribune run`: the kiosk daemon. One `EventLoop` on the calling thread drives the DRM
/// output (page-flip events), touch, timers (the session's deadlines, the systemd watchdog),
/// signals (SIGTERM/SIGINT stop, SIGHUP reloads, SIGUSR1/2 VT switching) and the control
/// socket; box-office work runs in tasks and comes back through a mailbox. A frame is rendered
/// only when the session needs one and no page flip is pending, so an idle kiosk sleeps.
public final class KioskRuntime {
    public private(set) var configuration: KioskConfiguration
    public let configurationFile: String?
    private let configurationOptional: Bool
    private let overrides: [(key: String, value: String)]
    private var logger: Logger
    private let environment: [String: String]
    private let touchFactory: ((TouchSourceSettings) throws -> any TouchSource)?

    private let clock = MonotonicClock()
    private let startTime: Double
    private var loop: EventLoop!
    private var session: KioskSession!
    private var presenter: DRMPresenter!
    private var console: DRMConsole?
    private var hotplug: DRMHotplugMonitor?
    private var touch: (any TouchSource)?
    private var bridge: BoxOfficeBridge?
    private var mailbox: LoopMailbox<BoxOfficeResponse>?
    private var control: ControlServer?
    private var notifier: SystemdNotifier?
    private var signals: SignalWatch?
    private var sessionTimer: LoopTimer?
    private var frameTimer: LoopTimer?
    private var watchdogTimer: LoopTimer?
    private var event: EventInfo?
    private var venue: Venue!
    private var phase = "starting"
    private var lastStatus = ""
    private var serviceCode: String?
    /// The last frame was drawn while something moved: one more frame is due once it stops, so
    /// the final state of an animation that ended between two frames gets on screen.
    private var lastFrameWasMoving = false
    /// Frames rendered and handed to the display.
    public private(set) var frames = 0
    /// Touch frames handed to the session.
    private var touchFrames = 0
    /// Touch-to-flip latency: the kernel time of the oldest touch not yet drawn, the touch time
    /// of the frame whose flip is awaited (with the flip count that completes it), and samples (s).
    private var touchAwaitingFrame: Double?
    private var touchAwaitingFlip: (time: Double, flips: Int)?
    private var touchToFlip: [Double] = []

    /// Fault injection for tests on a real kernel: this many page-flip events are dropped once
    /// the display is open, as a driver that loses them would; the kiosk loop must write the
    /// flip off at its deadline, set the mode again and repaint (`flip_timeouts` in `status`).
    public var lostFlipEvents = 0

    /// - Parameters:
    ///   - configurationFile: the file `reload` reads again (nil: flags only).
    ///   - optional: the file may be missing (the default path without `--config`).
    ///   - overrides: the flags (key, text), re-applied on reload.
    ///   - touchFactory: opens the touch source (nil or `touch.enabled = false`: no touch).
    public init(configuration: KioskConfiguration, configurationFile: String?, optional: Bool,
                overrides: [(key: String, value: String)], environment: [String: String],
                touchFactory: ((TouchSourceSettings) throws -> any TouchSource)?) {
        self.configuration = configuration
        self.configurationFile = configurationFile
        configurationOptional = optional
        self.overrides = overrides
        logger = Logger(label: "tribune")
        logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
        self.environment = environment
        self.touchFactory = touchFactory
        startTime = clock.now
    }

    /// Runs until SIGTERM/SIGINT; returns the exit status (0 after a clean shutdown).
    public func run() throws -> Int32 {
        loop = try EventLoop()
        signals = try SignalWatch(loop: loop, signals: [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]) { [unowned self] in
            self.handleSignal($0)
        }
        notifier = SystemdNotifier(environment: environment)

        // Box office first: the event may name the venue's prices (and provide its layout).
        if let url = configuration.boxOffice.url { try connectBoxOffice(url: url) }
        venue = try loadVenue(configuration)

        try openDisplay()
        session = makeSession()
        if let code = serviceCode { session.receive(.service(code: code)) }
        if configuration.touch.enabled { openTouch() } else { logger.info("touch disabled (--no-touch / touch.enabled = false)") }
        if !configuration.controlSocket.isEmpty { openControlSocket() }

        sessionTimer = try LoopTimer(loop: loop) {}
        frameTimer = try LoopTimer(loop: loop) {}
        if let interval = SystemdNotifier.watchdogInterval(environment: environment), let notifier {
            watchdogTimer = try LoopTimer(loop: loop) { try? notifier.watchdog() }
            watchdogTimer?.arm(after: interval, repeating: interval)
            logger.info("systemd watchdog", metadata: ["interval_s": "\(interval)"])
        }
        bridge?.start()

        // The first frame: rendered into the shadow, shown by the modeset itself.
        session.advance(to: clock.now)
        session.render(into: presenter.shadow)
        lastFrameWasMoving = session.needsDisplay
        try presenter.start()
        frames = 1
        phase = "running"
        lastStatus = session.statusLine
        try? notifier?.ready(status: lastStatus)
        logger.notice("kiosk running", metadata: [
            "screen": "\(presenter.shadow.width)x\(presenter.shadow.height)", "venue": "\(venue.name)",
            "seats": "\(venue.seatCount)", "box_office": "\(configuration.boxOfficeConfigured ? "configured" : "standalone")",
            "path": "\(presenter.path.rawValue)"])

        loop.beforeSleep = { [unowned self] in self.tick() }
        try loop.run()
        return shutdown()
    }

    /// Routes swift-log to `KioskLogHandler` (stderr, journald priorities under systemd). Once per process.
    public static func bootstrapLogging() {
        LoggingSystem.bootstrap { label in KioskLogHandler(label: label, level: .info) }
    }

    // MARK: Setup

    private func connectBoxOffice(url: String) throws {
        let settings = configuration.boxOffice
        let tokenPath = settings.tokenFile ?? ""
        let token: String
        switch KioskConfiguration.readFile(tokenPath) {
        case .success(let text): token = text.trimmingSpaces().split(separator: "\n").first.map(String.init) ?? ""
        case .failure(let e):
            throw ConfigurationError(source: tokenPath, key: "box_office.token_file", reason: "cannot read the token: \(e)")
        }
        guard !token.isEmpty else {
            throw ConfigurationError(source: tokenPath, key: "box_office.token_file", reason: "the file is empty")
        }
        try? FileOutput.makeDirectory(settings.journalDirectory)
        let journal = try PurchaseJournal(directory: settings.journalDirectory)
        // Unconfirmed purchases from before: no visitor is served until they are reconciled.
        let unconfirmed = (try? journal.entries(.pending).count) ?? 0
        if unconfirmed > 0 {
            serviceCode = BoxOfficeBridge.code(.resolvingJournal)
            logger.notice("unconfirmed purchases in the journal; out of service until reconciled", metadata: ["entries": "\(unconfirmed)"])
        }
        var clientConfiguration = PurchaseClient.Configuration(cacheDirectory: settings.journalDirectory)
        clientConfiguration.pollInterval = settings.pollInterval
        clientConfiguration.outOfServiceAfter = settings.outOfServiceAfter
        let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: url, token: token, requestTimeout: settings.requestTimeout),
                                    journal: journal, configuration: clientConfiguration)
        let mailbox = try LoopMailbox<BoxOfficeResponse>(loop: loop) { [unowned self] responses in
            for r in responses {
                if case .service(let code) = r { self.serviceCode = code }
                self.session.receive(r)
            }
        }
        self.mailbox = mailbox
        let eventID = settings.eventID ?? ""
        bridge = BoxOfficeBridge(client: client, eventID: eventID, pollInterval: settings.pollInterval, mailbox: mailbox, logger: logger)
        event = waitFor(timeout: settings.requestTimeout + 1) { try? await client.loadEvent(eventID) }
        if let event {
            logger.info("box office event", metadata: ["event": "\(event.name)", "categories": "\(event.categories.count)"])
        } else {
            logger.warning("box office event not loaded yet (unreachable?); starting without prices", metadata: ["url": "\(url)"])
        }
    }

    private func loadVenue(_ c: KioskConfiguration) throws -> Venue {
        if let path = c.venue { return try VenueFile.read(path: path) }
        guard let bridge else { throw ConfigurationError(source: "flags", key: "venue", reason: "no venue file") }
        let client = bridge.client
        guard let v = waitFor(timeout: 15, { try? await client.venue() }) else {
            throw ConfigurationError(source: configuration.boxOffice.url ?? "", key: "venue",
                                     reason: "no venue file and the box office's layout could not be loaded (set venue = … for offline starts)")
        }
        return v
    }

    private func openDisplay() throws {
        let d = configuration.display
        guard let cardPath = d.card ?? DRMCard.firstConnectedCardPath() else {
            throw DRMSelectionError("no DRM card with a connected connector under /dev/dri (set display.card or --card)")
        }
        let card = try DRMCard(path: cardPath)
        let output = try card.selectOutput(connector: d.connector, mode: d.mode.flatMap(DRMModeRequest.init))
        let panel = DRMRotation(panelOrientation: output.panelOrientation ?? "Normal")
        let rotation = panel.followed(by: DRMRotation(rawValue: d.rotation) ?? .r0)
        presenter = try DRMPresenter(card: card, output: output, rotation: rotation)
        presenter.ignoredFlipEvents = lostFlipEvents
        try loop.watch(card.fileDescriptor.rawValue) { [unowned self] _ in
            do { try self.presenter.dispatchEvents() } catch { self.logger.error("DRM events: \(error)") }
        }
        if let t = d.tty ?? DRMConsole.activeTerminalPath() {
            do { console = try DRMConsole(path: t) } catch { logger.warning("not taking over the console: \(error)") }
        }
        if let h = try? DRMHotplugMonitor() {
            hotplug = h
            try loop.watch(h.fileDescriptor) { [unowned self] _ in self.hotplugged() }
        }
        logger.info("display", metadata: ["card": "\(cardPath)", "connector": "\(output.connector.name)", "mode": "\(output.mode)",
                                          "rotation": "\(rotation.rawValue)", "path": "\(presenter.path.rawValue)"])
    }

    private func makeSession() -> KioskSession {
        let mode = presenter.output.mode
        var c = Self.sessionConfiguration(configuration, screen: (presenter.shadow.width, presenter.shadow.height),
                                          device: (mode.width, mode.height), event: event, venue: venue)
        c.pixelsPerMillimetre = currentPixelsPerMillimetre()
        return KioskSession(venue: venue, configuration: c, clock: clock)
    }

    /// Pixels per millimetre of glass, for gesture thresholds: the touchscreen's size as libinput
    /// reports it (axis resolution), else `touch.width_mm`/`height_mm`, else the connector's
    /// EDID size, else 96 dpi. Sizes are in the device's orientation, like the mode.
    static func pixelsPerMillimetre(_ configuration: KioskConfiguration, device: (Int, Int), touchPanel: Size?,
                                    edid: (width: Int, height: Int)?) -> Double {
        if let p = touchPanel, p.width > 0, p.width.isFinite { return Double(device.0) / p.width }
        if let w = configuration.touch.widthMM, w > 0 { return Double(device.0) / w }
        if let h = configuration.touch.heightMM, h > 0 { return Double(device.1) / h }
        if let e = edid, e.width > 0 { return Double(device.0) / Double(e.width) }
        return 96 / 25.4
    }

    private func currentPixelsPerMillimetre() -> Double {
        let mode = presenter.output.mode, connector = presenter.output.connector
        return Self.pixelsPerMillimetre(configuration, device: (mode.width, mode.height), touchPanel: touch?.physicalSize,
                                        edid: (connector.widthMillimetres, connector.heightMillimetres))
    }

    /// The visitor screen's settings from the kiosk's: logical screen and device size in px.
    static func sessionConfiguration(_ configuration: KioskConfiguration, screen: (Int, Int), device: (Int, Int),
                                     event: EventInfo?, venue: Venue) -> KioskSession.Configuration {
        let ppmm = pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: nil)
        var c = KioskSession.Configuration(screenSize: Size(width: Double(screen.0), height: Double(screen.1)), pixelsPerMillimetre: ppmm)
        c.eventName = configuration.eventName ?? event?.name ?? venue.name
        c.boxOfficeConfigured = configuration.boxOfficeConfigured
        if let event {
            c.currency = event.currency
            for category in event.categories { c.prices[category.name] = Int(category.price.amountMinor) }
        } else if !configuration.boxOfficeConfigured {
            c.takePrices(from: venue)   // standalone: the legend shows the venue file's prices
        }
        c.idleTimeout = configuration.idle.timeout
        c.idlePromptDuration = configuration.idle.prompt
        c.blankAfter = configuration.idle.blankAfter > 0 ? configuration.idle.blankAfter : nil
        c.wakeGuard = configuration.idle.wakeGuard
        return c
    }

    /// What the kiosk shows `seconds` after start with no touch, rendered headless on a virtual
    /// clock: the same session, settings and size as on the display (`deviceWidth`×`deviceHeight`
    /// turned by `display.rotation`). Writes a PNG of the logical screen; returns its size.
    @discardableResult
    public static func preview(_ configuration: KioskConfiguration, deviceWidth: Int, deviceHeight: Int, at seconds: Double,
                               to path: String) throws -> (width: Int, height: Int) {
        guard let venuePath = configuration.venue else {
            throw ConfigurationError(source: "flags", key: "venue", reason: "a preview needs a venue file")
        }
        let venue = try VenueFile.read(path: venuePath)
        let rotation = DRMRotation(rawValue: configuration.display.rotation) ?? .r0
        let logical = rotation.logicalSize(deviceWidth: deviceWidth, deviceHeight: deviceHeight)
        let clock = VirtualClock(start: 1000)
        let c = sessionConfiguration(configuration, screen: (logical.width, logical.height), device: (deviceWidth, deviceHeight),
                                     event: nil, venue: venue)
        let session = KioskSession(venue: venue, configuration: c, clock: clock)
        let surface = Surface(width: logical.width, height: logical.height)
        // Frames at 60 Hz, as the display would pace them, so frame-dependent state matches.
        let end = clock.now + max(0, seconds)
        session.advance(to: clock.now)
        session.render(into: surface)
        while clock.now < end {
            clock.set(to: min(end, clock.now + 1.0 / 60))
            session.advance(to: clock.now)
            if session.needsDisplay { session.render(into: surface) }
        }
        session.render(into: surface)
        try surface.writePNG(to: path, opaque: true)
        return logical
    }

    private func openTouch() {
        guard let touchFactory else {
            logger.warning("no touch input in this build; running without touch")
            return
        }
        let t = configuration.touch
        let settings = TouchSourceSettings(
            seat: t.seat, deviceName: t.device,
            calibration: t.calibration.map { CalibrationMatrix(a: $0[0], b: $0[1], c: $0[2], d: $0[3], e: $0[4], f: $0[5]) },
            screenSize: session.configuration.screenSize,
            rotation: DisplayRotation(degrees: presenter.rotation.rawValue) ?? .degrees0,
            physicalSize: t.widthMM.flatMap { w in t.heightMM.map { Size(width: w, height: $0) } })
        do {
            let source = try touchFactory(settings)
            try loop.watch(source.fileDescriptor) { [unowned self] _ in self.touchReadable() }
            touch = source
            if let live = source as? LibinputTouchscreen {
                for w in live.warnings + live.openFailures { logger.warning("touch: \(w)") }
                if live.touchscreens.isEmpty { logger.warning("touch: no touchscreen on seat \(t.seat) yet (hotplug is followed)") }
            }
            logger.info("touch input", metadata: ["seat": "\(t.seat)", "device": "\(t.device ?? "any touchscreen")"])
        } catch {
            // A kiosk without working touch still shows the chart (and says so in the log).
            logger.error("touch input unavailable: \(error)")
        }
    }

    private func openControlSocket() {
        let path = configuration.controlSocket
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try? FileOutput.makeDirectory(String(path[..<slash])) }
        do {
            control = try ControlServer(path: path, loop: loop) { [unowned self] in self.command($0) }
        } catch {
            logger.error("control socket unavailable: \(error)")
        }
    }

    // MARK: The loop

    /// After every wake-up: advance the session, hand its requests on, blank or unblank, render
    /// when needed, and arm the timers for the next thing that will happen.
    private func tick() {
        guard !loop.isStopping else { return }
        session.advance(to: clock.now)
        let requests = session.takeRequests()
        if !requests.isEmpty { bridge?.perform(requests) }
        bridge?.seatViewIsOpen = session.phase.showsSeats
        do {
            if session.isBlanked && !presenter.isBlanked {
                try presenter.blank(); phase = "blanked"; logger.info("display blanked (idle)")
            } else if !session.isBlanked && presenter.isBlanked {
                try presenter.unblank(); phase = "running"; logger.info("display woken")
            }
            // The flip that showed a touch has completed (its event woke this tick): a sample.
            if let awaited = touchAwaitingFlip, presenter.flipsCompleted >= awaited.flips {
                if touchToFlip.count < 100_000 { touchToFlip.append(DRMPresenter.monotonicNow() - awaited.time) }
                touchAwaitingFlip = nil
            }
            if presenter.writeOffOverdueFlip() {
                logger.error("display: a page flip never completed; setting the mode again", metadata: ["timeouts": "\(presenter.flipTimeouts)"])
                lastFrameWasMoving = true
            }
            if frameDue && !presenter.isDisconnected && !presenter.isBlanked && !presenter.isSuspended && !presenter.isFlipPending {
                let damage = session.render(into: presenter.shadow)
                lastFrameWasMoving = session.needsDisplay
                if try presenter.present(damage: damage) {
                    frames += 1
                    if let t = touchAwaitingFrame { touchAwaitingFlip = (t, presenter.flipsCompleted + 1) }
                }
                touchAwaitingFrame = nil   // drawn now, or nothing on screen changed for it
            }

        } catch {
            logger.error("display: \(error)")
            presenter.invalidate()
        }
        // Animating with no flip to wait for (nothing changed on screen): look again in a frame.
        if frameDue && !presenter.isFlipPending && !presenter.isBlanked && !presenter.isSuspended && !presenter.isDisconnected {
            frameTimer?.arm(after: 1.0 / 60)
        } else if let deadline = presenter.flipDeadline {
            // A flip in flight: its event normally wakes the loop first; if it never comes, this does.
            frameTimer?.arm(after: max(0.001, deadline - DRMPresenter.monotonicNow()))
        }
        if let d = session.nextDeadline { sessionTimer?.arm(at: d) } else { sessionTimer?.disarm() }
        let status = session.statusLine
        if status != lastStatus {
            lastStatus = status
            try? notifier?.status(status)
        }
    }

    /// The session wants a frame, or an animation drawn in the last frame has ended since.
    private var frameDue: Bool { session.needsDisplay || lastFrameWasMoving }

    private func touchReadable() {
        guard let touch else { return }
        do {
            let frames = try touch.dispatch()
            // A touchscreen that reports its size may just have been plugged in.
            let ppmm = currentPixelsPerMillimetre()
            if abs(ppmm - session.configuration.pixelsPerMillimetre) > 1e-9 {
                logger.info("touch: gesture thresholds at \(ppmm) px/mm", metadata: ["panel_mm": "\(touch.physicalSize.map { "\($0.width)x\($0.height)" } ?? "unknown")"])
                session.setPixelsPerMillimetre(ppmm)
            }
            for frame in frames { session.handle(frame) }
            touchFrames += frames.count
            if touchAwaitingFrame == nil, let first = frames.first { touchAwaitingFrame = first.timestamp }
        } catch {
            logger.error("touch input: \(error)")
        }
    }

    private func hotplugged() {
        guard let hotplug, hotplug.readEvents() else { return }
        do {
            switch try presenter.refreshAfterHotplug(mode: configuration.display.mode.flatMap(DRMModeRequest.init)) {
            case .none: break
            case .disconnected:
                logger.notice("display disconnected; waiting for it")
            case .reconnected:
                logger.notice("display connected again")
                try presenter.present(damage: [presenter.shadow.bounds])
            case .modeChanged:
                // A new size: the visitor screen is laid out again for it.
                logger.notice("display mode changed", metadata: ["mode": "\(presenter.output.mode)"])
                session = makeSession()
                if let code = serviceCode { session.receive(.service(code: code)) }
            }
        } catch {
            logger.error("display hotplug: \(error)")
        }
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGTERM, SIGINT:
            logger.notice("stopping (\(number == SIGTERM ? "SIGTERM" : "SIGINT"))")
            phase = "stopping"
            try? notifier?.stopping(status: "stopping")
            loop.stop()
        case SIGHUP:
            let answer = reload()
            logger.notice("SIGHUP: \(answer.trimmingSpaces())")
        case SIGUSR1:
            // Touches still down end as cancelled; the devices are closed while away.
            if let live = touch as? LibinputTouchscreen {
                for case .frame(let f) in live.suspend() { session.handle(f) }
            }
            presenter.suspend(); console?.acknowledgeRelease(); phase = "suspended"
            logger.info("VT switched away: display released")
        case SIGUSR2:
            console?.acknowledgeAcquire()
            if let live = touch as? LibinputTouchscreen {
                do { try live.resume() } catch { logger.error("touch after VT switch: \(error)") }
            }
            do { try presenter.resume(); try presenter.present(damage: []) } catch { logger.error("VT back: \(error)") }
            phase = presenter.isBlanked ? "blanked" : "running"
            logger.info("VT back: display taken again")
        default: break
        }
    }

    private func shutdown() -> Int32 {
        let started = clock.now
        bridge?.releaseHolds(timeout: 1.0)
        if presenter.isBlanked { try? presenter.unblank() }
        presenter.restore()
        console?.restore()
        control = nil
        logger.notice("stopped", metadata: ["shutdown_ms": "\(Int((clock.now - started) * 1000))", "frames": "\(frames)"])
        return 0
    }

    // MARK: Control commands

    /// Answers one control-socket line: `status`, `screenshot [PATH]`, `reload`.
    func command(_ line: String) -> [UInt8] {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch parts.first ?? "" {
        case "status":
            return Array((statusJSON() + "\n").utf8)
        case "screenshot":
            let png = presenter.shadow.pngData(opaque: true)
            if parts.count == 2 {
                let path = parts[1]
                do {
                    try presenter.shadow.writePNG(to: path, opaque: true)
                    return Array("ok \(path)\n".utf8)
                } catch {
                    return Array("error: cannot write \(path): \(error)\n".utf8)
                }
            }
            return Array("ok png \(png.count)\n".utf8) + png
        case "reload":
            return Array((reload() + "\n").utf8)
        default:
            return Array("error: unknown command \"\(line.prefix(64))\" (status, screenshot [PATH], reload)\n".utf8)
        }
    }

    func statusJSON() -> String {
        let service = !configuration.boxOfficeConfigured ? "standalone" : serviceCode ?? "in service"
        let shown = phase == "running" ? session.phase.rawValue : phase
        return "{\"phase\": \(json(shown)), \"statusLine\": \(json(session.statusLine)), \"frames\": \(frames), "
            + "\"flips\": \(presenter.flipsCompleted), \"flip_timeouts\": \(presenter.flipTimeouts), \"uptime\": \(((clock.now - startTime) * 10).rounded() / 10), "
            + "\"blanked\": \(presenter.isBlanked), \"service\": \(json(service)), "
            + "\"screen\": [\(presenter.shadow.width), \(presenter.shadow.height)], \"touch\": \(touch != nil), "
            + "\"settled\": \(session.isSettled && !frameDue && !presenter.isFlipPending), "
            + "\"touch_frames\": \(touchFrames), \"pixels_per_mm\": \(session.configuration.pixelsPerMillimetre), "
            + "\"gestures\": \(gesturesJSON()), \"touch_to_flip_ms\": \(latencyJSON())}"
    }

    /// The session's gesture totals, named as in the replay report's `gestures`.
    private func gesturesJSON() -> String {
        let t = session.totals
        return "{\"translation_px\": [\(t.translation.dx), \(t.translation.dy)], \"magnification\": \(t.magnification), "
            + "\"rotation_degrees\": \(t.rotation * 180 / .pi), \"taps\": \(t.taps), \"double_taps\": \(t.doubleTaps), "
            + "\"long_presses\": \(t.longPresses), \"flings\": \(t.flings)}"
    }

    /// Touch-to-flip latency: the kernel's touch timestamp to the page flip that showed it, ms.
    private func latencyJSON() -> String {
        let v = touchToFlip.sorted()
        guard !v.isEmpty else { return "{\"count\": 0}" }
        func at(_ p: Double) -> Double { (v[min(v.count - 1, Int((p * Double(v.count - 1)).rounded()))] * 1e5).rounded() / 100 }
        return "{\"count\": \(v.count), \"p50\": \(at(0.5)), \"p95\": \(at(0.95)), \"max\": \(at(1))}"
    }

    /// Reads the configuration file and the venue again. A bad file keeps what runs and says why.
    func reload() -> String {
        do {
            let c = try KioskConfiguration.load(file: configurationFile, optional: configurationOptional, overrides: overrides)
            let v = try c.venue.map { path throws -> Venue in try VenueFile.read(path: path) } ?? venue!
            let restartKeys = [c.display != configuration.display ? "display" : nil,
                               c.touch != configuration.touch ? "touch" : nil,
                               c.boxOffice != configuration.boxOffice ? "box_office" : nil,
                               c.controlSocket != configuration.controlSocket ? "control_socket" : nil].compactMap { $0 }
            bridge?.perform(session.takeRequests() + [.releaseAll])
            configuration.venue = c.venue
            configuration.eventName = c.eventName
            configuration.idle = c.idle
            configuration.logLevel = c.logLevel
            logger.logLevel = Logger.Level(rawValue: c.logLevel) ?? .info
            venue = v
            session = makeSession()
            lastFrameWasMoving = true
            if let code = serviceCode { session.receive(.service(code: code)) }
            logger.notice("reloaded", metadata: ["venue": "\(v.name)", "seats": "\(v.seatCount)"])
            tick()
            return restartKeys.isEmpty ? "ok reloaded"
                : "ok reloaded (changes to \(restartKeys.joined(separator: ", ")) take effect after a restart)"
        } catch {
            logger.error("reload refused: \(error)")
            return "error: \(error) (kept the running configuration)"
        }
    }

    private func json(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if u.value < 0x20 { out += unicodeEscape(u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

private func unicodeEscape(_ value: UInt32) -> String {
    let hex = Array("0123456789abcdef")
    return "\\u00" + String(hex[Int(value >> 4)]) + String(hex[Int(value & 15)])
}

/// Holds a value produced on another thread.
final class ResultBox<T>: @unchecked Sendable { var value: T? }

/// Runs `operation` in a task and waits for it on this thread, at most `timeout` seconds.
func waitFor<T>(timeout: Double, _ operation: @escaping @Sendable () async -> T?) -> T? {
    let box = ResultBox<T>()
    let done = CompletionFlag()
    Task { box.value = await operation(); done.set() }
    return done.wait(timeout: timeout) ? box.value : nil
}
