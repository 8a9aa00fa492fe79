import Animation
import Displays
import Logging

/// `tribune run`: the kiosk daemon. One `EventLoop` on the calling thread drives the display
/// (page-flip events, hotplug), touch, timers (the session's deadlines, the systemd watchdog),
/// signals (SIGTERM/SIGINT stop, SIGHUP reloads, SIGUSR1/2 VT switching) and the control
/// socket; box-office work runs in tasks and comes back through a mailbox. A frame is rendered
/// only when the session needs one and no page flip is pending, so an idle kiosk sleeps.
///
/// This type holds what `tribune run` decided; `run()` sets everything up (`RunningKiosk`)
/// and runs the loop until a stop signal.
public final class KioskRuntime {
    public let configuration: KioskConfiguration
    public let configurationFile: String?
    let configurationOptional: Bool
    let overrides: [(key: String, value: String)]
    let environment: [String: String]
    let touchFactory: ((TouchSourceSettings) throws -> any TouchSource)?
    let displayFactory: (KioskConfiguration.Display, _ lostFlipEvents: Int) throws -> any Displays.Display

    /// Fault injection for tests on a real kernel: this many page-flip events are dropped once
    /// the display is open, as a driver that loses them would; the kiosk loop must write the
    /// flip off at its deadline, set the mode again and repaint (`flip_timeouts` in `status`).
    public var lostFlipEvents = 0

    /// The clock the kiosk's session, timers' deadlines and box-office bridge read (seconds).
    /// Monotonic for `tribune run`; the soak (Tests/KioskSoak) steps a `VirtualClock` that runs
    /// ahead of real time and turns the loop itself, so timerfds armed on it only wake early.
    public var clock: any Clock = MonotonicClock()

    /// - Parameters:
    ///   - configurationFile: the file `reload` reads again (nil: flags only).
    ///   - optional: the file may be missing (the default path without `--config`).
    ///   - overrides: the flags (key, text), re-applied on reload.
    ///   - touchFactory: opens the touch source (nil or `touch.enabled = false`: no touch).
    ///   - displayFactory: opens the display (default: DRM/KMS, `openDRMDisplay`).
    public init(configuration: KioskConfiguration, configurationFile: String?, optional: Bool,
                overrides: [(key: String, value: String)], environment: [String: String],
                touchFactory: ((TouchSourceSettings) throws -> any TouchSource)?,
                displayFactory: @escaping (KioskConfiguration.Display, _ lostFlipEvents: Int) throws -> any Displays.Display
                    = KioskRuntime.openDRMDisplay) {
        self.configuration = configuration
        self.configurationFile = configurationFile
        configurationOptional = optional
        self.overrides = overrides
        self.environment = environment
        self.touchFactory = touchFactory
        self.displayFactory = displayFactory
    }

    /// Runs until SIGTERM/SIGINT; returns the exit status (0 after a clean shutdown).
    public func run() throws -> Int32 {
        try RunningKiosk(self).run()
    }

    /// Routes swift-log to `KioskLogHandler` (stderr, journald priorities under systemd). Once per process.
    public static func bootstrapLogging() {
        LoggingSystem.bootstrap { label in KioskLogHandler(label: label, level: .info) }
    }
}
