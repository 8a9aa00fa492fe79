import KioskUI

/// Everything an operator sets for `tribune run`: a TOML file (default
/// `/etc/tribune/tribune.toml`, example in `config/tribune.toml.example`) and the same settings
/// as flags, which win. Keys are dotted TOML paths (`display.rotation`); `settingKeys` lists them.
/// The box-office token is never held here, only the file it is read from.
public struct KioskConfiguration: Sendable, Equatable {
    /// The venue file (`tribune venue generate`, docs/venue-format.md).
    public var venue: String?
    /// Shown in the header; the box office's event name when connected and this is unset.
    public var eventName: String?
    /// When the event starts, in the venue's local time, shown in the header under its name
    /// (`event_date = "2026-03-14T20:45"`; unset: no date shown).
    public var eventDate: EventDate?
    /// trace, debug, info, notice, warning, error or critical.
    public var logLevel: String = "info"
    /// Unix socket for `status`, `screenshot` and `reload` (empty: none).
    public var controlSocket: String = "/run/tribune/control.sock"
    /// The control socket's mode and group: owner-only (0600) unless set (`control_socket_mode`,
    /// `control_socket_group`); whoever can connect drives the kiosk.
    public var controlSocketAccess = ControlSocketAccess()

    public struct BoxOffice: Sendable, Equatable {
        /// Base URL, e.g. `http://127.0.0.1:8080` or `https://boxoffice.venue.lan:8443` (unset:
        /// standalone, Buy disabled).
        public var url: String?
        /// A file holding the bearer token (one line), readable by the kiosk user only.
        public var tokenFile: String?
        /// PEM file of the CA(s) an `https://` box office's certificate must be issued by (the
        /// venue's CA); unset: the system's CAs. Only with an `https://` URL.
        public var caFile: String?
        public var eventID: String?
        /// Where the purchase journal and the layout cache live (systemd's StateDirectory).
        public var journalDirectory: String = "/var/lib/tribune"
        /// Seconds between availability polls.
        public var pollInterval: Double = 3
        /// Seconds per HTTP request.
        public var requestTimeout: Double = 5
        /// Seconds of unreachability before the kiosk shows out-of-service.
        public var outOfServiceAfter: Double = 30
        /// Seconds between heartbeats to the box office (0: none); `tribune-boxoffice kiosks`
        /// shows a kiosk Offline after 3 missed.
        public var heartbeatInterval: Double = 30
    }

    public struct Display: Sendable, Equatable {
        /// DRM card node (unset: the first card with a connected connector).
        public var card: String?
        /// Connector name, e.g. HDMI-A-1 (unset: the first connected).
        public var connector: String?
        /// `WxH` or `WxH@Hz` (unset: the preferred mode).
        public var mode: String?
        /// Clockwise degrees: 0, 90, 180 or 270 (touch follows).
        public var rotation: Int = 0
        /// Virtual terminal to take over (unset: the active one; systemd's TTYPath).
        public var tty: String?
        /// How high the active area's bottom edge is above the floor, mm, for low reach (with
        /// the panel's size, `touch.width_mm`/`height_mm` or the EDID's); unset: low reach
        /// moves nothing.
        public var mountBottomMM: Double?
    }

    public struct Touch: Sendable, Equatable {
        public var enabled = true
        /// libinput seat.
        public var seat: String = "seat0"
        /// Only the touchscreen whose name contains this (unset: every touchscreen on the seat).
        public var device: String?
        /// a b c d e f as in LIBINPUT_CALIBRATION_MATRIX (unset: the device's own).
        public var calibration: [Double]?
        /// The panel's visible size in millimetres, for gesture thresholds when the touchscreen
        /// reports none (unset: the display's EDID size, else 96 dpi).
        public var widthMM: Double?
        public var heightMM: Double?
    }

    public struct Idle: Sendable, Equatable {
        /// Seconds without a touch before "Still there?".
        public var timeout: Double = 90
        /// Seconds the prompt waits before the session resets.
        public var prompt: Double = 20
        /// Seconds without a touch before the display is blanked (0: never).
        public var blankAfter: Double = 600
        /// Seconds touches stay ignored after the waking touch ends.
        public var wakeGuard: Double = 0.2
        /// Seconds the receipt stays before the kiosk resets for the next visitor (0: until Done).
        public var receipt: Double = 60
    }

    public struct Seating: Sendable, Equatable {
        /// Party size first: how many seats, then a tap places them all (false: seat by seat).
        public var partySizeFirst = true
    }

    public var boxOffice = BoxOffice()
    public var display = Display()
    public var touch = Touch()
    public var idle = Idle()
    /// How visitors choose seats.
    public var seating = Seating()
    /// Speech output in accessibility mode: device, volume, rate (`[speech]`).
    public var speech = Speech()
    /// Accessibility mode on arrival and the headset key (`[accessibility]`).
    public var accessibility = Accessibility()
    /// The languages offered, the default and their catalogs (`[language]`).
    public var language = Language()

    public init() {}

    /// True when a box office URL is set (else `tribune run` is standalone).
    public var boxOfficeConfigured: Bool { boxOffice.url != nil }

    public static let defaultPath = "/etc/tribune/tribune.toml"
}
