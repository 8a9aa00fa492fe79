#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Localization
import Seating

extension KioskSession {
    public struct Configuration: Sendable {
        /// The logical screen, px (portrait when the display is rotated 90/270).
        public var screenSize: Size
        /// Panel density, for the gesture thresholds (mm).
        public var pixelsPerMillimetre: Double
        /// Shown in the header.
        public var eventName: String = "Tribune"
        /// When the event starts, shown in the header under its name (nil: no date shown).
        public var eventDate: EventDate?
        /// Every string the chrome shows, in the kiosk's language.
        public var strings = KioskStrings.english
        /// The chrome runs right to left (`KioskLayout.rightToLeft`): set for a right-to-left
        /// language (Arabic). The chart is never mirrored.
        public var rightToLeft = false
        /// The languages offered, their strings and the default (`[language]`; `useLanguages`):
        /// English only unless the host reads catalogs.
        public var languages = KioskLanguages.englishOnly
        /// The language shown: `strings` and `rightToLeft` are its (`KioskSession.setLanguage`).
        public var language = KioskLanguage.english
        /// What accessibility mode a new visitor starts with (`[accessibility]` in the kiosk's
        /// configuration: a venue's dedicated accessible kiosk starts with speech on); the idle
        /// reset returns to it. All off by default.
        public var accessibility = AccessibilityOptions.off
        /// False: standalone (`tribune run` without a box office) — the chart is interactive,
        /// Buy is disabled with a visible note, no requests are queued.
        public var boxOfficeConfigured: Bool = true
        /// Seconds between availability polls while a seat view (stadium or tribune) is open;
        /// nil: the session never polls (a host that answers by hand). Hosts set it from
        /// `box_office.poll_interval` (3 s by default).
        public var pollInterval: Double?
        /// Seconds without an answer from the box office before the screen goes out of
        /// service (`box_office.out_of_service_after`); the visitor's seats stay meanwhile.
        public var outOfServiceAfter: Double = 30
        /// Price per category id, minor units; categories missing here show no price.
        public var prices: [String: Int] = [:]
        /// ISO currency code for prices.
        public var currency: String = "EUR"
        /// No touch for this long → "Still there?", s.
        public var idleTimeout: Double = 90
        /// How long the prompt waits before the session resets, s.
        public var idlePromptDuration: Double = 20
        /// No touch for this long → blank the display (nil: never), s.
        public var blankAfter: Double? = 600
        /// After the waking touch ends, touches are ignored this much longer, s.
        public var wakeGuard: Double = 0.2
        /// The receipt goes by itself after this long, as if Done were pressed (nil: only Done), s.
        public var receiptTimeout: Double? = 60
        /// Party size first: the visitor picks how many seats (1…the order's maximum) before
        /// choosing, and a tap on a seat places the whole party (`PartyPlacement`), with Best
        /// seats and the accessible filter beside it. Hosts set it from
        /// `seating.party_size_first` (true by default there); false here keeps seat-by-seat taps.
        public var partySizeFirst = false
        /// The most seats one order may hold: the event's `max_seats_per_order` from the box
        /// office (the party-size picker offers 1 … this; a tap adds no more). At least 1.
        public var maxSeatsPerOrder = 8
        /// How high the panel's active area's bottom edge is above the floor, mm
        /// (`display.mount_bottom_mm`); nil: unknown, and low reach moves nothing.
        public var mountBottomMillimetres: Double?
        /// Worker threads drawing the chart (at least 1): two, the frame budgets' assumption,
        /// or one on a single-core machine. Any count draws the same bytes.
        public var chartThreads = Configuration.defaultChartThreads

        /// Low reach's band on this screen (nil: no mounting configured, or an impossible one:
        /// hosts check it with `ReachBand.init` when they read the configuration).
        public var reachBand: ReachBand? {
            guard let mount = mountBottomMillimetres else { return nil }
            return try? ReachBand(mountBottom: mount, screenHeight: screenSize.height, pixelsPerMillimetre: pixelsPerMillimetre)
        }

        /// Two chart workers, or one on a single-core machine.
        public static let defaultChartThreads = Swift.min(2, Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

        public init(screenSize: Size, pixelsPerMillimetre: Double) {
            self.screenSize = screenSize
            self.pixelsPerMillimetre = pixelsPerMillimetre
        }

        /// Fills `prices` for the categories it does not name from the venue's own category
        /// prices (`SeatCategory.priceMinor`), and takes the currency from the first category
        /// when no price was configured at all.
        public mutating func takePrices(from venue: Venue) {
            if prices.isEmpty, let first = venue.categories.first { currency = first.currency }
            for c in venue.categories where prices[c.id] == nil && c.currency == currency { prices[c.id] = Int(c.priceMinor) }
        }
    }
}
