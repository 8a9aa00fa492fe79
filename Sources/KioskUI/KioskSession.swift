import Animation
import Geometry
import Gestures
import Raster
import Recording
import Seating

/// Everything a visitor sees and touches on one kiosk screen, as one deterministic state
/// machine: touch frames and clock time go in, pixels and box-office requests come out.
/// The kiosk runtime (real clock, libinput, DRM) and headless replay (virtual clock, recorded
/// frames, PNG) drive the very same object.
///
/// Driving contract (the same as `ReplayTarget`):
/// * `handle(_:)` each touch frame, in screen pixels of the *logical* screen (after the display
///   rotation; `Configuration.screenSize`), timestamps in clock seconds;
/// * `advance(to:)` whenever the clock passes `nextDeadline` and before each display frame;
/// * when `needsDisplay`, `render(into:)` a surface of `screenSize` and present the returned damage;
/// * perform `takeRequests()` and hand every answer back through `receive(_:)`.
public final class KioskSession {
    /// What the operator decides (configuration file or flags).
    public struct Configuration: Sendable {
        /// The logical screen, px (portrait when the display is rotated 90/270).
        public var screenSize: Size
        /// Panel density, for the gesture thresholds (mm).
        public var pixelsPerMillimetre: Double
        /// Shown in the header.
        public var eventName: String = "Tribune"
        /// False: standalone (`tribune run` without a box office) — the chart is interactive,
        /// Buy is disabled with a visible note, no requests are queued.
        public var boxOfficeConfigured: Bool = true
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

        public init(screenSize: Size, pixelsPerMillimetre: Double) {
            self.screenSize = screenSize
            self.pixelsPerMillimetre = pixelsPerMillimetre
        }
    }

    public let configuration: Configuration
    public let clock: any Clock
    public let interaction: ChartInteraction
    /// Every recognized gesture so far (the report's totals).
    public private(set) var totals = GestureTotals()
    /// Completed purchases.
    public private(set) var purchases: [String] = []

    private var recognizer: SimultaneousGesture<SimultaneousGesture<PanZoomRotateRecognizer, TapRecognizer>, LongPressRecognizer>
    private var events = GestureEventLog()
    private var requests: [BoxOfficeRequest] = []
    private var dirty = true
    private let renderer = ChartRenderer()

    public init(venue: Venue, configuration: Configuration, clock: any Clock) {
        self.configuration = configuration
        self.clock = clock
        interaction = ChartInteraction(chart: SeatingChart(venue: venue, viewSize: configuration.screenSize),
                                       animator: Animator(clock: clock))
        let gestures = GestureConfiguration(pixelsPerMillimetre: configuration.pixelsPerMillimetre)
        recognizer = PanZoomRotateRecognizer(configuration: gestures)
            .simultaneously(with: TapRecognizer(maximumCount: 1, configuration: gestures))
            .simultaneously(with: LongPressRecognizer(configuration: gestures))
    }

    /// One touch frame (logical screen px, clock seconds).
    public func handle(_ frame: TouchFrame) {
        interaction.animator.advance(to: frame.timestamp)
        totals.observe(frame)
        recognizer.handle(frame, into: &events)
        deliver()
        dirty = true
    }

    /// Fires every timer due at or before `time` (s) and moves animations there.
    public func advance(to time: Double) {
        interaction.animator.advance(to: time)
        recognizer.advance(to: time, into: &events)
        deliver()
    }

    /// The earliest pending timer, s (nil: nothing scheduled; animations are covered by `needsDisplay`).
    public var nextDeadline: Double? { recognizer.nextDeadline }

    /// Something changed since the last `render(into:)`, or an animation is running.
    public var needsDisplay: Bool { dirty || interaction.isAnimating }

    /// No touch down, no timer, no animation: an idle kiosk can sleep until the next input.
    public var isSettled: Bool {
        nextDeadline == nil && recognizer.state != .active && recognizer.state != .possible && !interaction.isAnimating
    }

    /// A one-line state for systemd's STATUS= and the control socket.
    public var statusLine: String {
        let selected = interaction.chart.selection.count
        return "browsing, \(selected) seat\(selected == 1 ? "" : "s") selected, \(purchases.count) purchase\(purchases.count == 1 ? "" : "s")"
    }

    /// True while the display should be blanked (long idle).
    public var isBlanked: Bool { false }

    /// Draws the screen as of the clock's current time into `surface` (`screenSize`) and
    /// returns the damaged rectangles (device px) the host must present.
    @discardableResult
    public func render(into surface: Surface) -> [PixelRect] {
        renderer.render(interaction.chart, view: interaction.presentedView, seatReveal: interaction.seatReveal,
                        now: clock.now, into: DrawingContext(surface: surface))
        dirty = false
        return [PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)]
    }

    /// The box-office requests queued since the last call, in order.
    public func takeRequests() -> [BoxOfficeRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// An answer from the box office (or news from it).
    public func receive(_ response: BoxOfficeResponse) {
        if case .purchased(let id, _) = response { purchases.append(id) }
        dirty = true
    }

    private func deliver() {
        guard !events.events.isEmpty else { return }
        for e in events.events {
            totals.receive(e)
            let before = interaction.chart.selection.seats
            interaction.handle(e)
            queueHoldChanges(from: before, to: interaction.chart.selection.seats)
        }
        events.events.removeAll(keepingCapacity: true)
    }

    private func queueHoldChanges(from before: [Int], to after: [Int]) {
        guard configuration.boxOfficeConfigured, before != after else { return }
        let ids = interaction.chart.venue.seatIDs
        for s in after where !before.contains(s) { requests.append(.holdSeat(ids[s])) }
        for s in before where !after.contains(s) { requests.append(.releaseSeat(ids[s])) }
    }
}
