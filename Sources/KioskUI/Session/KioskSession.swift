import Animation
import Geometry
import Gestures
import Raster
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
///
/// The parts: `screen` (one `KioskScreen`, changed only through `go(_:)`), `timers`
/// (`KioskTimers`), `router` (`TouchRouter`), `checkout` (`Checkout`) and the chart's
/// `interaction`; drawing works from a `SessionSnapshot` (Screens/) and the chart picture
/// (ChartRendering/).
public final class KioskSession {
    /// The stadium traces itself in over this long on start and on waking, s (easeInOut).
    public static let traceDuration = 1.0
    /// Pressed buttons and seats grow to this scale about their centre.
    public static let pressedScale = 1.2
    /// The press feedback's duration, s (easeOut).
    public static let pressDuration = 0.12
    /// How long a toast stays, s.
    public static let toastDuration = 4.0
    /// One turn of the attract screen's stadium, s.
    public static let attractTurnPeriod = 60.0

    /// The chart's rotation at rest, radians: the stadium's long side along the screen's long
    /// side — SportFan's π/2 on a portrait screen, 0 on a landscape one.
    public static func restingRotation(for screen: Size) -> Double { screen.width > screen.height ? 0 : .pi / 2 }

    public internal(set) var configuration: Configuration
    /// The time source (virtual in replay and tests, monotonic on a kiosk).
    public let clock: any Clock
    /// The chart's view state, selection and availability, with SportFan's tap and gesture rules.
    public let interaction: ChartInteraction
    /// Where the header, buttons, legend and dialogs are for `configuration.screenSize`.
    public internal(set) var layout: KioskLayout
    /// The colours of the chrome (the chart's are `ChartRenderer`'s).
    public var palette = KioskPalette()
    /// Every recognized gesture so far (the report's totals).
    public internal(set) var totals = GestureTotals()
    /// What the screen shows now.
    public internal(set) var screen: KioskScreen = .stadium
    /// The latest time the session has seen, s.
    public internal(set) var now: Double

    var timers: KioskTimers
    var router = TouchRouter()
    var checkout: Checkout
    /// Availability polls, retries of what the box office did not answer, the outage's length.
    var watch = BoxOfficeWatch()
    var recognizer: ChartGestures
    var events = GestureEventLog()
    /// The screen reader while speech is on: its gestures, focus and announcements.
    var speech: SpeechState

    typealias ChartGestures = SimultaneousGesture<SimultaneousGesture<SimultaneousGesture<SimultaneousGesture<PanZoomRotateRecognizer, TapRecognizer>, LongPressRecognizer>, PressRecognizer>, TwoFingerTapRecognizer>

    // Presentation.
    var dirty = true
    /// The chrome's fixed texts (strings, event name and date, legend).
    lazy var content = ScreenContent(venue: interaction.chart.venue, configuration: configuration, checkout: checkout)
    /// The chart picture, text layouts and the last frame's snapshot, for damage.
    let frameCache = KioskFrameCache()
    let renderer = ChartRenderer()
    let text: TextRendererBox
    let trace: AnimatedProperty<Double>
    let pressScale: AnimatedProperty<Double>
    /// The seat callout shown, if any (`updateCallout(after:)`).
    var seatCallout: SeatCallout?
    /// The legend entry whose seats the map picks out (`tapLegend`).
    var legendHighlight: LegendHighlight?
    /// Whether the folded legend's panel is open (`KioskLayout.legendFolds`; `toggleLegend`).
    var legendOpen = false
    /// The visitor's party size, its picker and the accessible filter (`KioskSession+Party`).
    var party = PartyChoice()
    /// What the visitor turned on in accessibility mode (`setAccessibility(_:)`); all off for a
    /// new visitor.
    public internal(set) var accessibility = AccessibilityOptions.off
    /// Step-through selection: the list shown and its page (`KioskSession+StepThrough`).
    var stepThrough = StepThrough()
    /// The step-through entry the touch in progress went to (`stepListEntries`' index).
    var stepItemTouched: Int?
    /// The cart line the touch in progress went to (its remove control or the line itself).
    var listLine: Int?
    /// What `pressScale` applies to (kept after release while it shrinks back).
    var pressed: Pressed?

    enum Pressed: Equatable {
        case control(KioskControl)
        case seat(Int)
    }

    public init(venue: Venue, configuration: Configuration, clock: any Clock) {
        self.configuration = configuration
        self.clock = clock
        layout = Self.makeLayout(configuration)
        let animator = Animator(clock: clock)
        var chart = SeatingChart(venue: venue, viewSize: configuration.screenSize)
        chart.selection.maxPerOrder = max(1, configuration.maxSeatsPerOrder)
        // The view is bounded by the safe area, limited by seat sizes on the panel, and starts home.
        chart.view.safeArea = Self.chartSafeArea(layout, configuration: configuration)
        chart.view.pixelsPerMillimetre = configuration.pixelsPerMillimetre
        chart.view.homeRotation = Self.restingRotation(for: configuration.screenSize)
        chart.home()
        chart.showLanguage(configuration.language.tag)
        interaction = ChartInteraction(chart: chart, animator: animator)
        recognizer = Self.makeRecognizer(pixelsPerMillimetre: configuration.pixelsPerMillimetre)
        speech = SpeechState(pixelsPerMillimetre: configuration.pixelsPerMillimetre)
        now = clock.now
        timers = KioskTimers(now: now)
        checkout = Checkout(venue: venue, configuration: configuration)
        text = TextRendererBox()
        trace = animator.makeProperty(0.0)
        pressScale = animator.makeProperty(1.0)
        startTrace()
        prepareChart()
        setAccessibility(configuration.accessibility)
    }

    /// The chart's gestures, recognized together; thresholds in mm at `pixelsPerMillimetre`.
    static func makeRecognizer(pixelsPerMillimetre: Double) -> ChartGestures {
        let gestures = GestureConfiguration(pixelsPerMillimetre: pixelsPerMillimetre)
        return PanZoomRotateRecognizer(configuration: gestures)
            .simultaneously(with: TapRecognizer(maximumCount: 1, configuration: gestures))
            .simultaneously(with: LongPressRecognizer(configuration: gestures))
            .simultaneously(with: PressRecognizer(configuration: gestures))
            .simultaneously(with: TwoFingerTapRecognizer(configuration: gestures))
    }

    /// The panel's resolution changed (a touchscreen reporting its size was plugged in): gesture
    /// thresholds in millimetres follow it. Touches in flight are dropped with the old recognizers,
    /// so call it between gestures (a device that was just added has none).
    public func setPixelsPerMillimetre(_ value: Double) {
        guard value.isFinite, value > 0, value != configuration.pixelsPerMillimetre else { return }
        configuration.pixelsPerMillimetre = value
        recognizer = Self.makeRecognizer(pixelsPerMillimetre: value)
        speech.gestures = SpeechState(pixelsPerMillimetre: value).gestures
        // Controls are sized in mm on the panel: the chrome and the safe area follow.
        layout = Self.makeLayout(configuration, accessibility: accessibility)
        frameCache.invalidate()
        // Zoom limits and fitted zooms are seat sizes in mm on the panel.
        let view = interaction.chart.view
        interaction.setBounds(safeArea: currentChartSafeArea, pixelsPerMillimetre: value, homeRotation: view.homeRotation)
        followChartZoom()
    }

    var animator: Animator { interaction.animator }

    /// The chrome's layout for `configuration`'s screen, density and direction.
    static func makeLayout(_ configuration: Configuration) -> KioskLayout {
        makeLayout(configuration, accessibility: AccessibilityOptions())
    }

    /// The chrome's direction changed (a visitor chose a language written the other way):
    /// the layout mirrors and the next frame is drawn whole. The chart is not mirrored; its safe
    /// area stays, except beside step-through's list, which changes sides.
    public func setRightToLeft(_ value: Bool) {
        guard value != configuration.rightToLeft else { return }
        configuration.rightToLeft = value
        layout = Self.makeLayout(configuration, accessibility: accessibility)
        frameCache.invalidate()
        if accessibility.stepThrough {
            interaction.setBounds(safeArea: currentChartSafeArea, pixelsPerMillimetre: configuration.pixelsPerMillimetre,
                                  homeRotation: interaction.chart.view.homeRotation)
            followChartZoom()
        }
        dirty = true
    }

    /// The one place the screen changes.
    func go(_ event: KioskScreen.Event) {
        screen = screen.after(event)
        dirty = true
    }

    /// Whether the chart is away from home in the model (a tribune selected, zoomed, panned or
    /// turned): the tribune screen, with the home control.
    var chartIsZoomed: Bool { !interaction.isAtHome }

    // MARK: - Driving

    /// One touch frame (logical screen px, clock seconds).
    public func handle(_ frame: TouchFrame) {
        let t = frame.timestamp
        catchUp(to: t)
        totals.observe(frame)
        if handleScreenReaderTouch(frame) { return }
        let landed = router.track(frame)
        if !frame.touches.isEmpty { timers.touched(at: t) }
        if let first = landed {
            let route = decideRoute(at: first.location, time: t)
            router.route = route
            // A visitor using the chart or a button during the trace-in wants the chart: the
            // intro ends at once rather than tracing on under a moving chart. (A touch that wakes
            // the screen, or is swallowed after it, lets the trace-in play.)
            if case .swallow = route {} else { animator.finish(trace) }
            if case .control(let c) = route { press(.control(c)) }
        }
        switch router.route {
        case .chart?:
            recognizer.handle(frame, into: &events)
            deliver()
        case .control(let c)?:
            let inside = controlHitRect(c).map { $0.contains(router.location) } ?? false
            if router.isIdle {
                release()
                if inside { totals.receive(.tap(location: router.location, count: 1, time: t)); activate(c) }
            } else if !inside {
                release()
            } else if pressed != .control(c) {
                press(.control(c))
            }
        case .swallow(let wake)?:
            if router.isIdle && wake { timers.wakeGuardUntil = t + configuration.wakeGuard }
        case .screenReader?, nil:
            // The screen reader's sequences are handled before (`handleScreenReaderTouch`).
            break
        }
        router.endSequenceIfLifted()
        // Timers due exactly at the frame fire after it (the recognizers' rule).
        fireTimers(through: t)
        announceChanges()
        dirty = true
    }

    /// Fires every timer due at or before `time` (s) and moves animations there.
    public func advance(to time: Double) {
        fireTimers(through: time)
        moveTo(time)
        if recognizer.nextDeadline != nil {
            recognizer.advance(to: now, into: &events)
            deliver()
        }
        advanceScreenReader(to: now)
        announceChanges()
    }

    /// The earliest pending timer, s (nil: nothing scheduled; animations are covered by `needsDisplay`).
    public var nextDeadline: Double? {
        var d = sessionDeadline()
        if let r = recognizer.nextDeadline, d == nil || r < d! { d = r }
        if let r = screenReaderDeadline, d == nil || r < d! { d = r }
        return d
    }

    /// The box-office requests queued since the last call, in order.
    public func takeRequests() -> [BoxOfficeRequest] { checkout.takeRequests() }
}
