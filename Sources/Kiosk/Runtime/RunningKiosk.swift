import Animation
import BoxOfficeClient
import Displays
import Geometry
import Gestures
import KioskUI
import Logging
import Seating
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk while it runs (`KioskRuntime.run()`): everything `tribune run` opened, each held
/// for the whole run. Built in one go by `init` (box office, venue, display, session, touch,
/// timers), then `run()` wires the loop (signals, descriptors, control socket) and runs it.
///
/// Concerns live in extensions: the loop iteration and input (`+Loop`), signals and VT
/// switching (`+Signals`), control commands, status and reload (`+Control`).
final class RunningKiosk {
    private(set) var configuration: KioskConfiguration
    let runtime: KioskRuntime
    var logger: Logger
    /// The runtime's clock (`KioskRuntime.clock`): monotonic on a kiosk, virtual in the soak.
    let clock: any Clock
    let startTime: Double
    let loop: EventLoop
    let notifier: SystemdNotifier?
    /// The box office (nil: standalone, Buy disabled).
    let boxOffice: BoxOfficeLink?
    /// The box office's event: loaded at start, or later once the box office answers
    /// (`adoptLateEvent`); nil until then.
    var event: EventInfo?
    /// Frames onto the display, and touch-to-flip latency.
    let pacer: FramePacer
    var display: any Displays.Display { pacer.display }
    let touch: (any TouchSource)?
    let sessionTimer: LoopTimer
    let frameTimer: LoopTimer
    let watchdogTimer: LoopTimer?
    var venue: Venue
    var session: KioskSession
    /// The runtime's own phase: `starting`, `running`, `blanked`, `suspended`, `stopping`.
    var phase = "starting"
    var lastStatus = ""
    /// The box office's last out-of-service code, kept across session rebuilds.
    var serviceCode: String?
    /// Touch frames handed to the session.
    var touchFrames = 0
    /// Requests go here and responses come back through its mailbox (set up by `run()`).
    var bridge: BoxOfficeBridge?
    var control: ControlServer?
    /// Speaks the session's announcements (opens the sound device on the first one).
    let voice: KioskVoice
    /// The headset jacks read for the headset key (`accessibility.headset_switch`).
    var headsetJacks: [HeadsetJack] = []
    /// Frame times, touch-to-flip latency, presents, box-office requests (the control socket's `metrics`).
    let metrics = KioskMetrics()
    /// Heartbeats to the box office every `box_office.heartbeat_interval` s (`startHeartbeats`).
    var heartbeats: HeartbeatSender?
    var heartbeatTimer: LoopTimer?
    /// From the kernel's start of this process to the first frame on screen (s); nil before
    /// it, or where /proc does not say when the process started.
    var firstFrameSeconds: Double?
    /// When touch-to-flip latency was last logged (the runtime clock, s), and its sample count then.
    var latencyLogged: (time: Double, samples: Int) = (0, 0)

    init(_ runtime: KioskRuntime) throws {
        self.runtime = runtime
        let configuration = runtime.configuration
        self.configuration = configuration
        var logger = Logger(label: "tribune")
        logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
        self.logger = logger
        clock = runtime.clock
        startTime = clock.now
        loop = try EventLoop()
        notifier = SystemdNotifier(environment: runtime.environment)

        // Box office first: the event may name the venue's prices (and provide its layout).
        let link = try configuration.boxOffice.url.map {
            try BoxOfficeLink.connect(url: $0, settings: configuration.boxOffice, logger: logger)
        }
        boxOffice = link
        event = link?.event
        serviceCode = link?.serviceCode
        if let path = configuration.venue {
            venue = try VenueFile.read(path: path)
        } else if let link, let url = configuration.boxOffice.url {
            venue = try link.venue(url: url, requestTimeout: configuration.boxOffice.requestTimeout)
        } else {
            throw ConfigurationError(source: "flags", key: "venue", reason: "no venue file")
        }

        let display = try runtime.displayFactory(configuration.display, runtime.lostFlipEvents)
        pacer = FramePacer(display: display)
        pacer.metrics = metrics
        logger.info("display", metadata: ["output": "\(display.summary)"])

        session = Self.makeSession(configuration, display: display, event: link?.event, venue: venue, touchPanel: nil, clock: clock)
        if let code = serviceCode { session.receive(.service(code: code)) }
        touch = configuration.touch.enabled
            ? Self.openTouch(runtime.touchFactory, configuration.touch, session: session, display: display, logger: logger)
            : nil
        if !configuration.touch.enabled { logger.info("touch disabled (--no-touch / touch.enabled = false)") }

        voice = KioskVoice(settings: configuration.speech, logger: logger)
        sessionTimer = try LoopTimer(loop: loop) {}
        frameTimer = try LoopTimer(loop: loop) {}
        if let interval = SystemdNotifier.watchdogInterval(environment: runtime.environment), let notifier {
            let timer = try LoopTimer(loop: loop) { try? notifier.watchdog() }
            timer.arm(after: interval, repeating: interval)
            watchdogTimer = timer
            logger.info("systemd watchdog", metadata: ["interval_s": "\(interval)"])
        } else {
            watchdogTimer = nil
        }
    }

    /// Wires the loop, shows the first frame and runs until a stop signal; then shuts down.
    func run() throws -> Int32 {
        let signals = try SignalWatch(loop: loop, signals: [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]) { [unowned self] in
            self.handleSignal($0)
        }
        for fd in display.eventDescriptors {
            try loop.watch(fd) { [unowned self] _ in self.displayEvents(on: fd) }
        }
        if let touch {
            try loop.watch(touch.fileDescriptor) { [unowned self] _ in self.touchReadable() }
        }
        if let boxOffice { try connectBridge(boxOffice) }
        try startHeartbeats()
        try watchHeadsetJacks()
        if !configuration.controlSocket.isEmpty { openControlSocket() }
        try start()
        loop.beforeSleep = { [unowned self] in self.tick() }
        try loop.run()
        withExtendedLifetime(signals) {}
        return shutdown()
    }

    /// The first frame (rendered into the surface, shown by the display's start), then READY.
    func start() throws {
        try KioskRuntime.checkReach(session.configuration)
        session.advance(to: clock.now)
        try pacer.start(session)
        // The display's start returns once the frame is scanned out (a blocking modeset).
        firstFrameSeconds = ProcessStart.monotonicTime().map { ProcessStart.monotonicNow() - $0 }
        latencyLogged = (clock.now, 0)
        phase = "running"
        lastStatus = session.statusLine
        try? notifier?.ready(status: lastStatus)
        logger.notice("kiosk running", metadata: [
            "screen": "\(display.surface.width)x\(display.surface.height)", "venue": "\(venue.name)",
            "seats": "\(venue.seatCount)", "box_office": "\(configuration.boxOfficeConfigured ? "configured" : "standalone")",
            "display": "\(display.summary)",
            "first_frame_ms": "\(firstFrameSeconds.map { "\(Self.milliseconds($0))" } ?? "unknown")"])
    }

    /// Seconds as milliseconds rounded to 0.1.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }

    /// The visitor session for the display's current size.
    static func makeSession(_ configuration: KioskConfiguration, display: any Displays.Display, event: EventInfo?,
                            venue: Venue, touchPanel: Size?, clock: any Clock) -> KioskSession {
        let c = sessionConfiguration(configuration, display: display, event: event, venue: venue, touchPanel: touchPanel)
        return KioskSession(venue: venue, configuration: c, clock: clock)
    }

    /// The visitor session's settings for the display's current size.
    static func sessionConfiguration(_ configuration: KioskConfiguration, display: any Displays.Display, event: EventInfo?,
                                     venue: Venue, touchPanel: Size?) -> KioskSession.Configuration {
        let device = display.deviceSize
        var c = KioskRuntime.sessionConfiguration(configuration, screen: (display.surface.width, display.surface.height),
                                                  device: (device.width, device.height), event: event, venue: venue)
        c.pixelsPerMillimetre = pixelsPerMillimetre(configuration, display: display, touchPanel: touchPanel)
        return c
    }

    /// Gesture thresholds for the display and, when it reports one, the touchscreen's size.
    static func pixelsPerMillimetre(_ configuration: KioskConfiguration, display: any Displays.Display, touchPanel: Size?) -> Double {
        let device = display.deviceSize
        let edid = display.physicalSize.map { (width: Int($0.width), height: Int($0.height)) }
        return KioskRuntime.pixelsPerMillimetre(configuration, device: (device.width, device.height),
                                                touchPanel: touchPanel, edid: edid)
    }

    /// Takes the settings a reload may change while running (venue, event name and date, idle,
    /// log level); display, touch, box office and control socket changes wait for a restart.
    func adopt(_ c: KioskConfiguration) {
        configuration.venue = c.venue
        configuration.eventName = c.eventName
        configuration.eventDate = c.eventDate
        configuration.idle = c.idle
        configuration.logLevel = c.logLevel
        logger.logLevel = Logger.Level(rawValue: c.logLevel) ?? .info
    }

    /// A session laid out again (new size, reload) that keeps the service state.
    func rebuildSession() {
        session = Self.makeSession(configuration, display: display, event: event, venue: venue,
                                   touchPanel: touch?.physicalSize, clock: clock)
        if let code = serviceCode { session.receive(.service(code: code)) }
        pacer.repaint()
    }

    private static func openTouch(_ factory: ((TouchSourceSettings) throws -> any TouchSource)?, _ t: KioskConfiguration.Touch,
                                  session: KioskSession, display: any Displays.Display, logger: Logger) -> (any TouchSource)? {
        guard let factory else {
            logger.warning("no touch input in this build; running without touch")
            return nil
        }
        let settings = TouchSourceSettings(
            seat: t.seat, deviceName: t.device,
            calibration: t.calibration.map { CalibrationMatrix(a: $0[0], b: $0[1], c: $0[2], d: $0[3], e: $0[4], f: $0[5]) },
            screenSize: session.configuration.screenSize, rotation: display.rotation,
            physicalSize: t.widthMM.flatMap { w in t.heightMM.map { Size(width: w, height: $0) } })
        do {
            let source = try factory(settings)
            for w in source.startupWarnings { logger.warning("touch: \(w)") }
            logger.info("touch input", metadata: ["seat": "\(t.seat)", "device": "\(t.device ?? "any touchscreen")"])
            return source
        } catch {
            // A kiosk without working touch still shows the chart (and says so in the log).
            logger.error("touch input unavailable: \(error)")
            return nil
        }
    }

    /// Starts the box-office bridge; its answers reach the session on the loop's thread.
    func connectBridge(_ link: BoxOfficeLink) throws {
        let mailbox = try LoopMailbox<BoxOfficeResponse>(loop: loop) { [unowned self] responses in
            for r in responses {
                if case .service(let code) = r { self.serviceCode = code }
                self.session.receive(r)
            }
        }
        // Started without the event (the box office was out of reach): it comes with the first answer.
        let events = link.event != nil ? nil : try LoopMailbox<EventInfo>(loop: loop) { [unowned self] events in
            if let last = events.last { self.adoptLateEvent(last) }
        }
        let bridge = BoxOfficeBridge(client: link.client, eventID: link.eventID, mailbox: mailbox, logger: logger, clock: clock,
                                     events: events, metrics: metrics)
        self.bridge = bridge
        bridge.start()
    }

    /// Opens the control socket from the configuration (path, mode, group); logs why when it cannot.
    func openControlSocket() {
        let path = configuration.controlSocket
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try? FileOutput.makeDirectory(String(path[..<slash])) }
        do {
            control = try ControlServer(path: path, access: configuration.controlSocketAccess, loop: loop) { [unowned self] in self.command($0) }
        } catch {
            logger.error("control socket unavailable: \(error)")
        }
    }

    /// Releases holds, turns the display back on and gives back what was found at start.
    private func shutdown() -> Int32 {
        let started = clock.now
        _ = bridge?.releaseHolds(timeout: 1.0)
        if display.isBlanked { try? display.unblank() }
        display.restore()
        control = nil
        voice.close()
        logger.notice("stopped", metadata: ["shutdown_ms": "\(Int((clock.now - started) * 1000))", "frames": "\(pacer.frames)",
                                            "touch_to_flip": "\(pacer.latency.summary)"])
        return 0
    }
}
