import ArgumentParser
import Foundation
import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// `tribune run`: the kiosk daemon (what `tribune-kiosk.service` starts).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk: the seating chart on a DRM display with touch, until SIGTERM.",
        discussion: """
            Settings come from the TOML file (default /etc/tribune/tribune.toml; see \
            config/tribune.toml.example) and from the flags below, which win. Without a box office \
            (box_office.url) the kiosk runs standalone: the chart is fully interactive and Buy is \
            disabled with a note — for checking display, touch and calibration on a new installation. \
            Under systemd (Type=notify) it reports READY=1 once the first frame is on screen, a STATUS= \
            line and WATCHDOG=1 keep-alives. SIGHUP reloads the file and the venue; SIGTERM releases \
            holds, gives the console back and exits 0. Invalid settings exit with status 78 naming the key.

            Examples:
              tribune run --venue stadium.venue.json --no-touch
              tribune run --config /etc/tribune/tribune.toml --rotation 90
              tribune run --venue stadium.venue.json --mode 1080x1920 \\
                  --preview first-screen.png
            """)

    @Option(help: "The configuration file (default: /etc/tribune/tribune.toml when it exists).") var config: String?
    @Option(help: "Venue file (venue).") var venue: String?
    @Option(help: "Event name in the header (event_name).") var eventName: String?
    @Option(help: "Event start in the header, YYYY-MM-DDTHH:MM local time (event_date).") var eventDate: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (log_level).") var logLevel: String?
    @Option(help: "Control socket path, \"\" for none (control_socket).") var controlSocket: String?
    @Option(help: "Control socket mode, \"0600\" or \"0660\" (control_socket_mode).") var controlSocketMode: String?
    @Option(help: "Group given the control socket (control_socket_group).") var controlSocketGroup: String?
    @Option(help: "Box office base URL (box_office.url).") var boxOfficeURL: String?
    @Option(help: "File holding the box office token (box_office.token_file).") var tokenFile: String?
    @Option(help: "PEM file of the CA an https:// box office's certificate must come from (box_office.ca_file).") var caFile: String?
    @Option(help: "Box office event id (box_office.event_id).") var eventID: String?
    @Option(help: "Purchase journal folder (box_office.journal_dir).") var journalDir: String?
    @Option(help: "Seconds between availability polls (box_office.poll_interval).") var pollInterval: String?
    @Option(help: "Seconds per box office request (box_office.request_timeout).") var requestTimeout: String?
    @Option(help: "Seconds unreachable before out of service (box_office.out_of_service_after).") var outOfServiceAfter: String?
    @Option(help: "Seconds between heartbeats to the box office, 0 for none (box_office.heartbeat_interval).") var heartbeatInterval: String?
    @Option(help: "DRM card node (display.card).") var card: String?
    @Option(help: "Connector name, e.g. HDMI-A-1 (display.connector).") var connector: String?
    @Option(help: "Mode WxH or WxH@Hz (display.mode).") var mode: String?
    @Option(help: "Rotation 0, 90, 180 or 270 clockwise (display.rotation).") var rotation: String?
    @Option(help: "Virtual terminal to take over (display.tty).") var tty: String?
    @Flag(help: "No touch input (touch.enabled = false), for displays without touch.") var noTouch = false
    @Option(name: .customLong("lose-flip-events"),
            help: "Testing: drop this many page-flip events, as a driver that loses them (the kiosk writes the flip off and repaints).")
    var loseFlipEvents: Int = 0
    @Option(help: "libinput seat (touch.seat).") var seat: String?
    @Option(help: "Touchscreen name filter (touch.device).") var touchDevice: String?
    @Option(help: "Calibration matrix \"a b c d e f\" (touch.calibration).") var calibration: String?
    @Option(help: "Panel width in mm (touch.width_mm).") var widthMM: String?
    @Option(help: "Panel height in mm (touch.height_mm).") var heightMM: String?
    @Option(help: "Seconds idle before \"Still there?\" (idle.timeout).") var idleTimeout: String?
    @Option(help: "Seconds the prompt waits (idle.prompt).") var idlePrompt: String?
    @Option(help: "Seconds idle before blanking, 0 never (idle.blank_after).") var blankAfter: String?
    @Option(help: "Seconds touches stay ignored after waking (idle.wake_guard).") var wakeGuard: String?
    @Option(help: "Seconds the receipt stays, 0 until Done (idle.receipt).") var receiptTimeout: String?
    @Flag(help: "Seats are tapped one by one, no party size first (seating.party_size_first = false).") var noPartySizeFirst = false
    @Flag(help: "Every visitor starts with speech on (accessibility.speech).") var speech = false
    @Flag(help: "Every visitor starts with step-through lists (accessibility.step_through).") var stepThrough = false
    @Flag(help: "Every visitor starts with large text and high contrast (accessibility.large_text).") var largeText = false
    @Flag(help: "Every visitor starts with low reach (accessibility.low_reach).") var lowReach = false
    @Option(help: "Headset jack switch: auto, off or /dev/input/eventN (accessibility.headset_switch).") var headsetSwitch: String?
    @Option(help: "ALSA PCM device for speech (speech.device).") var speechDevice: String?
    @Option(help: "Speech volume 0 to 1 (speech.volume).") var speechVolume: String?
    @Option(help: "Speech rate, words per minute 80 to 450 (speech.rate).") var speechRate: String?
    @Option(help: "The language every visitor starts in: en, de, es, ar or zh (language.default).") var language: String?
    @Option(help: "The languages offered, e.g. \"en,de,ar\" (language.offered).") var languages: String?
    @Option(help: "The compiled message catalogs, e.g. out/locale (language.catalogs).") var catalogs: String?
    @Option(help: "Do not open the display: write what it would show PREVIEW-AT seconds after start (no touch) as this PNG, at --mode's size (default 1920x1080) turned by --rotation.")
    var preview: String?
    @Option(help: "Seconds after start for --preview.") var previewAt: Double = 5

    /// The flags given, as (key, text), in the order of the settings.
    var overrides: [(key: String, value: String)] {
        let pairs: [(String, String?)] = [
            ("venue", venue), ("event_name", eventName), ("event_date", eventDate), ("log_level", logLevel), ("control_socket", controlSocket),
            ("control_socket_mode", controlSocketMode), ("control_socket_group", controlSocketGroup),
            ("box_office.url", boxOfficeURL), ("box_office.token_file", tokenFile), ("box_office.ca_file", caFile),
            ("box_office.event_id", eventID),
            ("box_office.journal_dir", journalDir), ("box_office.poll_interval", pollInterval),
            ("box_office.request_timeout", requestTimeout), ("box_office.out_of_service_after", outOfServiceAfter),
            ("box_office.heartbeat_interval", heartbeatInterval),
            ("display.card", card), ("display.connector", connector), ("display.mode", mode), ("display.rotation", rotation),
            ("display.tty", tty), ("touch.enabled", noTouch ? "false" : nil), ("touch.seat", seat),
            ("touch.device", touchDevice), ("touch.calibration", calibration), ("touch.width_mm", widthMM),
            ("touch.height_mm", heightMM), ("idle.timeout", idleTimeout), ("idle.prompt", idlePrompt),
            ("idle.blank_after", blankAfter), ("idle.wake_guard", wakeGuard), ("idle.receipt", receiptTimeout),
            ("seating.party_size_first", noPartySizeFirst ? "false" : nil),
            ("accessibility.speech", speech ? "true" : nil), ("accessibility.large_text", largeText ? "true" : nil),
            ("accessibility.low_reach", lowReach ? "true" : nil), ("accessibility.step_through", stepThrough ? "true" : nil),
            ("accessibility.headset_switch", headsetSwitch), ("speech.device", speechDevice), ("speech.volume", speechVolume),
            ("speech.rate", speechRate), ("language.default", language), ("language.offered", languages),
            ("language.catalogs", catalogs),
        ]
        return pairs.compactMap { k, v in v.map { (key: k, value: $0) } }
    }

    func run() throws {
        // Before any thread exists: these signals are only ever read from the loop's signalfd.
        SignalWatch.block([SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2])
        let file = config ?? KioskConfiguration.defaultPath
        let configuration: KioskConfiguration
        do {
            configuration = try KioskConfiguration.load(file: file, optional: config == nil, overrides: overrides)
        } catch {
            FileHandle.standardError.write(Data("tribune run: \(error)\n".utf8))
            throw ExitCode(78)   // EX_CONFIG: the unit's RestartPreventExitStatus
        }
        if let preview {
            let size = configuration.display.mode.flatMap { m -> (Int, Int)? in
                let wh = m.split(separator: "@")[0].split(separator: "x").compactMap { Int($0) }
                return wh.count == 2 ? (wh[0], wh[1]) : nil
            } ?? (1920, 1080)
            let logical = try KioskRuntime.preview(configuration, deviceWidth: size.0, deviceHeight: size.1, at: previewAt, to: preview)
            print("\(preview): \(logical.width)x\(logical.height), \(previewAt) s after start")
            return
        }
        KioskRuntime.bootstrapLogging()
        let runtime = KioskRuntime(configuration: configuration, configurationFile: file, optional: config == nil,
                                   overrides: overrides, environment: ProcessInfo.processInfo.environment,
                                   touchFactory: TouchSourceFactory.make)
        runtime.lostFlipEvents = max(0, loseFlipEvents)
        do {
            let status = try runtime.run()
            if status != 0 { throw ExitCode(status) }
        } catch let e as ExitCode {
            throw e
        } catch let e as ConfigurationError {
            FileHandle.standardError.write(Data("tribune run: \(e)\n".utf8))
            throw ExitCode(78)
        } catch {
            FileHandle.standardError.write(Data("tribune run: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// Opens the touchscreen for `tribune run`.
enum TouchSourceFactory {
    /// libinput's udev backend (module TouchInput) on the configured seat.
    static var make: ((TouchSourceSettings) throws -> any TouchSource)? { { try KioskRuntime.openLibinputTouch($0) } }
}
