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
///
/// Screens (`phase`): the SportFan seat selection (browsing, zoomed), checkout ("Processing…"),
/// the confirmation and purchase-failed dialogs, the idle prompt, the attract screen, the
/// out-of-service screen and the blanked display. Every timer (idle, prompt, toast, countdowns,
/// long press) is reported by `nextDeadline`, so a virtual clock fires each at its exact time.
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

        /// Fills `prices` for the categories it does not name from the venue's own category
        /// prices (`SeatCategory.priceMinor`), and takes the currency from the first category
        /// when no price was configured at all.
        public mutating func takePrices(from venue: Venue) {
            if prices.isEmpty, let first = venue.categories.first { currency = first.currency }
            for c in venue.categories where prices[c.id] == nil && c.currency == currency { prices[c.id] = Int(c.priceMinor) }
        }
    }

    /// The stadium traces itself in over this long on start and on waking, s (easeInOut).
    public static let traceDuration = 1.0
    /// The header slides out (and back) over this long, s.
    public static let headerDuration = 0.35
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

    public private(set) var configuration: Configuration
    /// The time source (virtual in replay and tests, monotonic on a kiosk).
    public let clock: any Clock
    /// The chart's view state, selection and availability, with SportFan's tap and gesture rules.
    public let interaction: ChartInteraction
    /// Where the header, buttons, legend and dialogs are for `configuration.screenSize`.
    public let layout: KioskLayout
    /// The colours of the chrome (the chart's are `ChartRenderer`'s).
    public var palette = KioskPalette()
    /// Every recognized gesture so far (the report's totals).
    public internal(set) var totals = GestureTotals()
    /// Completed purchases (order ids, in order).
    public internal(set) var purchases: [String] = []

    // Input.
    var recognizer: SimultaneousGesture<SimultaneousGesture<SimultaneousGesture<PanZoomRotateRecognizer, TapRecognizer>, LongPressRecognizer>, PressRecognizer>
    var events = GestureEventLog()
    /// Ids of the fingers down, sorted.
    var touchesDown: [Int] = []
    /// Where the current touch sequence goes (decided when its first finger lands).
    var route: Route?
    /// The latest position of the sequence's first finger (controls follow it).
    var routeLocation: Point = .zero
    var routeFinger: Int = -1

    enum Route: Equatable {
        case chart
        case control(KioskControl)
        /// Ignored; `wake` marks the touch that woke the screen.
        case swallow(wake: Bool)
    }

    // Time and timers (s on the clock).
    /// The latest time the session has seen.
    public internal(set) var now: Double
    var lastActivity: Double
    var promptStartedAt: Double?
    var attractStartedAt: Double?
    var blanked = false
    var wakeGuardUntil = -Double.infinity
    var toast: (text: String, until: Double)?

    // Box office.
    var requests: [BoxOfficeRequest] = []
    /// Hold expiry per held seat (seat index, expiresAt), in the order holds were confirmed.
    var holds: [(seat: Int, expiresAt: Double)] = []
    var buyPending = false
    var dialog: Dialog?
    var serviceCode: String?
    var lookup: SeatLookup?

    enum Dialog: Equatable {
        case purchased(tickets: Int)
        case failed(reason: String)
    }

    // Presentation.
    var dirty = true
    /// The chart picture, text layouts and the last frame's state, for damage (KioskSession+Damage).
    let frameCache = KioskFrameCache()
    let renderer = ChartRenderer()
    let text: TextRendererBox
    let trace: AnimatedProperty<Double>
    let headerShown: AnimatedProperty<Double>
    let pressScale: AnimatedProperty<Double>
    /// What `pressScale` applies to (kept after release while it shrinks back).
    var pressed: Pressed?

    enum Pressed: Equatable {
        case control(KioskControl)
        case seat(Int)
    }

    public init(venue: Venue, configuration: Configuration, clock: any Clock) {
        self.configuration = configuration
        self.clock = clock
        layout = KioskLayout(size: configuration.screenSize)
        let animator = Animator(clock: clock)
        var chart = SeatingChart(venue: venue, viewSize: configuration.screenSize)
        chart.view.rotation = Self.restingRotation(for: configuration.screenSize)
        interaction = ChartInteraction(chart: chart, animator: animator)
        recognizer = Self.makeRecognizer(pixelsPerMillimetre: configuration.pixelsPerMillimetre)
        now = clock.now
        lastActivity = now
        text = TextRendererBox()
        trace = animator.makeProperty(0.0)
        headerShown = animator.makeProperty(1.0)
        pressScale = animator.makeProperty(1.0)
        startTrace()
        prepareChart()
    }

    /// Sets up the chart renderer and draws the chart as the trace-in will end on it, while the
    /// session starts: its buffers (tens of MB at 1080p), the seat layout and the seat masks
    /// then exist before the first frame that shows them, which is otherwise the slowest
    /// frame of a session (about 35 ms for 60,000 seats against 4–10 ms once warm).
    func prepareChart() {
        let w = Int(configuration.screenSize.width.rounded()), h = Int(configuration.screenSize.height.rounded())
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { return }
        let chart = interaction.chart
        let (frames, base) = frameCache.chartFrameRenderer(venue: chart.venue, width: w, height: h, style: renderer)
        frames.render(chart, view: interaction.presentedView, seatReveal: interaction.seatReveal, now: now, into: base)
        // The trace-in's fills too, so its first frame is as quick as the rest.
        if animator.value(trace) < 1 { _ = traceFills(interaction.presentedView.chartToScreen, width: w, height: h) }
    }

    /// The chart's gestures, recognized together; thresholds in mm at `pixelsPerMillimetre`.
    static func makeRecognizer(pixelsPerMillimetre: Double) -> SimultaneousGesture<SimultaneousGesture<SimultaneousGesture<PanZoomRotateRecognizer, TapRecognizer>, LongPressRecognizer>, PressRecognizer> {
        let gestures = GestureConfiguration(pixelsPerMillimetre: pixelsPerMillimetre)
        return PanZoomRotateRecognizer(configuration: gestures)
            .simultaneously(with: TapRecognizer(maximumCount: 1, configuration: gestures))
            .simultaneously(with: LongPressRecognizer(configuration: gestures))
            .simultaneously(with: PressRecognizer(configuration: gestures))
    }

    /// The panel's resolution changed (a touchscreen reporting its size was plugged in): gesture
    /// thresholds in millimetres follow it. Touches in flight are dropped with the old recognizers,
    /// so call it between gestures (a device that was just added has none).
    public func setPixelsPerMillimetre(_ value: Double) {
        guard value.isFinite, value > 0, value != configuration.pixelsPerMillimetre else { return }
        configuration.pixelsPerMillimetre = value
        recognizer = Self.makeRecognizer(pixelsPerMillimetre: value)
    }

    var animator: Animator { interaction.animator }

    // MARK: - State

    /// What the screen shows now (see `KioskPhase` for the precedence).
    public var phase: KioskPhase {
        if blanked { return .blanked }
        if serviceCode != nil { return .outOfService }
        if attractStartedAt != nil { return .attract }
        if promptStartedAt != nil { return .idlePrompt }
        switch dialog {
        case .purchased?: return .confirmation
        case .failed?: return .purchaseFailed
        case nil: break
        }
        if buyPending { return .checkout }
        return interaction.chart.view.zoomed || interaction.chart.selectedTribune != nil ? .zoomed : .browsing
    }

    /// True while the display should be blanked (long idle).
    public var isBlanked: Bool { blanked }

    /// The seats chosen, in order (venue seat indices).
    public var selectedSeats: [Int] { interaction.chart.selection.seats }

    /// The total of the selection in minor units of `configuration.currency` (categories
    /// without a price count 0).
    public var total: Int {
        let venue = interaction.chart.venue
        var sum = 0
        for s in selectedSeats { sum += price(ofCategory: Int(venue.seats[s].category)) ?? 0 }
        return sum
    }

    /// The price of category `index` (in `venue.categories`), minor units, or nil when the
    /// configuration names none.
    public func price(ofCategory index: Int) -> Int? {
        let categories = interaction.chart.venue.categories
        guard categories.indices.contains(index) else { return nil }
        return configuration.prices[categories[index].id]
    }

    /// Buy Tickets can be pressed: a box office, seats chosen, nothing pending.
    public var canBuy: Bool { configuration.boxOfficeConfigured && !selectedSeats.isEmpty && !buyPending && dialog == nil }

    /// The toast on screen now, if any.
    public var toastText: String? { toast.map { $0.until > now ? $0.text : nil } ?? nil }

    /// The earliest hold expiry among the selected seats, s (nil when nothing is held).
    public var holdExpiresAt: Double? {
        var e: Double?
        for h in holds where e == nil || h.expiresAt < e! { e = h.expiresAt }
        return e
    }

    /// The staff-readable code of the out-of-service screen (nil: in service).
    public var outOfServiceCode: String? { serviceCode }

    /// Seconds left in the idle prompt (nil when it is not shown).
    public var idlePromptRemaining: Double? {
        promptStartedAt.map { max(0, $0 + configuration.idlePromptDuration - now) }
    }

    /// A one-line state for systemd's STATUS= and the control socket.
    public var statusLine: String {
        let selected = selectedSeats.count
        var s = "\(phase.rawValue), \(selected) seat\(selected == 1 ? "" : "s") selected, \(purchases.count) purchase\(purchases.count == 1 ? "" : "s")"
        if let code = serviceCode { s += ", out of service (\(code))" }
        return s
    }

    /// Something changed since the last `render(into:)`, or an animation is running.
    public var needsDisplay: Bool { dirty || animator.isAnimating || isContinuouslyAnimated }

    /// Screens that move by themselves: the turning attract stadium, the checkout spinner.
    var isContinuouslyAnimated: Bool { !blanked && serviceCode == nil && (attractStartedAt != nil || (buyPending && dialog == nil)) }

    /// No finger down, no gesture undecided, no animation running: nothing changes until the
    /// next input or `nextDeadline` (idle, countdown and toast timers may still be pending), so
    /// a host may sleep until then and a replay may stop.
    public var isSettled: Bool {
        touchesDown.isEmpty && recognizer.state != .active && recognizer.state != .possible
            && !animator.isAnimating && !isContinuouslyAnimated
    }

    // MARK: - Driving

    /// One touch frame (logical screen px, clock seconds).
    public func handle(_ frame: TouchFrame) {
        let t = frame.timestamp
        catchUp(to: t)
        totals.observe(frame)
        let wasDown = !touchesDown.isEmpty
        var landed: TouchFrame.Touch?
        for touch in frame.touches {
            switch touch.phase {
            case .began:
                if let k = insertionIndex(touch.id) {
                    touchesDown.insert(touch.id, at: k)
                    if landed == nil { landed = touch }
                }
            case .ended, .cancelled:
                if let k = touchesDown.firstIndex(of: touch.id) { touchesDown.remove(at: k) }
            case .moved, .stationary:
                break
            }
            if touch.id == routeFinger { routeLocation = touch.location }
        }
        if !frame.touches.isEmpty { lastActivity = max(lastActivity, t) }
        if !wasDown, let first = landed {
            routeFinger = first.id
            routeLocation = first.location
            route = decideRoute(at: first.location, time: t)
            // A visitor using the chart or a button during the trace-in wants the chart: the
            // intro ends at once rather than tracing on under a moving chart. (A touch that wakes
            // the screen, or is swallowed after it, lets the trace-in play.)
            if case .swallow? = route {} else { animator.finish(trace) }
            if case .control(let c) = route { press(.control(c)) }
        }
        switch route {
        case .chart?:
            recognizer.handle(frame, into: &events)
            deliver()
        case .control(let c)?:
            let inside = controlHitRect(c).map { $0.contains(routeLocation) } ?? false
            if touchesDown.isEmpty {
                release()
                if inside { totals.receive(.tap(location: routeLocation, count: 1, time: t)); activate(c) }
            } else if !inside {
                release()
            } else if pressed != .control(c) {
                press(.control(c))
            }
        case .swallow(let wake)?:
            if touchesDown.isEmpty && wake { wakeGuardUntil = t + configuration.wakeGuard }
        case nil:
            break
        }
        if touchesDown.isEmpty { route = nil; routeFinger = -1 }
        // Timers due exactly at the frame fire after it (the recognizers' rule).
        fireTimers(through: t)
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
    }

    /// Fires the session's timers due strictly before `time` and moves animations to it: a
    /// timer due exactly at a frame fires after the frame (the recognizers' rule).
    func catchUp(to time: Double) {
        while let d = sessionDeadline(), d < time {
            moveTo(d)
            fire(at: d)
        }
        moveTo(time)
    }

    func fireTimers(through time: Double) {
        while let d = sessionDeadline(), d <= time {
            moveTo(d)
            fire(at: d)
        }
    }

    func moveTo(_ t: Double) {
        if t > now { now = t }
        animator.advance(to: now)
    }

    /// The earliest pending timer, s (nil: nothing scheduled; animations are covered by `needsDisplay`).
    public var nextDeadline: Double? {
        var d = sessionDeadline()
        if let r = recognizer.nextDeadline, d == nil || r < d! { d = r }
        return d
    }

    /// The session's own timers: idle prompt, prompt countdown and expiry, blanking, toast
    /// expiry, the hold countdown's seconds and expiry. Each lies strictly after `now` or is
    /// due and changes state when fired, so firing them always makes progress.
    func sessionDeadline() -> Double? {
        var d: Double?
        func consider(_ t: Double?) { if let t, t.isFinite, d == nil || t < d! { d = t } }
        if let toast { consider(toast.until) }
        if blanked || serviceCode != nil { return d }
        let idle = touchesDown.isEmpty
        let inCheckout = buyPending || dialog != nil
        if let start = promptStartedAt {
            let end = start + configuration.idlePromptDuration
            if idle { consider(end) }
            consider(nextSecondTick(until: end))
        } else if attractStartedAt == nil && idle && !inCheckout {
            consider(lastActivity + configuration.idleTimeout)
        }
        if let blank = configuration.blankAfter, idle, !inCheckout {
            consider(lastActivity + blank)
        }
        if !inCheckout, let expiry = holdExpiresAt {
            consider(expiry)
            consider(nextSecondTick(until: expiry))
        }
        return d
    }

    /// When a countdown to `end` shown in whole seconds (rounded up) next changes, strictly after now.
    func nextSecondTick(until end: Double) -> Double? {
        let remaining = end - now
        guard remaining > 1 else { return nil }
        let shown = remaining.rounded(.up)
        var t = end - (shown - 1)
        if t <= now { t = end - (shown - 2) }
        return t < end ? t : nil
    }

    /// Fires whatever is due at `t`; every due timer changes state, so the same deadline never
    /// comes back (countdown ticks only redraw: their next tick lies later).
    func fire(at t: Double) {
        dirty = true
        if let toast, toast.until <= t { self.toast = nil }
        guard !blanked, serviceCode == nil else { return }
        let idle = touchesDown.isEmpty
        let inCheckout = buyPending || dialog != nil
        if !inCheckout, let expiry = holdExpiresAt, expiry <= t { holdsExpired() }
        if let blank = configuration.blankAfter, idle, !inCheckout, lastActivity + blank <= t {
            if attractStartedAt == nil { resetSession() }
            blanked = true
            attractStartedAt = nil
            return
        }
        if let start = promptStartedAt {
            if idle && start + configuration.idlePromptDuration <= t {
                resetSession()
                attractStartedAt = t
            }
            return
        }
        if attractStartedAt == nil, idle, !inCheckout, lastActivity + configuration.idleTimeout <= t {
            promptStartedAt = t
            release()
        }
    }

    // MARK: - Touch routing

    func insertionIndex(_ id: Int) -> Int? {
        var k = 0
        while k < touchesDown.count && touchesDown[k] < id { k += 1 }
        if k < touchesDown.count && touchesDown[k] == id { return nil }
        return k
    }

    /// Where a touch sequence starting at `p` goes: modal screens first, then buttons and bars,
    /// then the chart.
    func decideRoute(at p: Point, time t: Double) -> Route {
        if blanked || attractStartedAt != nil {
            wake(at: t)
            return .swallow(wake: true)
        }
        if t < wakeGuardUntil { return .swallow(wake: true) }
        if serviceCode != nil { return .swallow(wake: false) }
        if promptStartedAt != nil {
            if layout.cardButton.contains(p) { return .control(.idleContinue) }
            // Any touch means someone is there.
            continueSession()
            return .swallow(wake: false)
        }
        if dialog != nil { return layout.cardButton.contains(p) ? .control(.dialogOK) : .swallow(wake: false) }
        if buyPending { return .swallow(wake: false) }
        for c in [KioskControl.cart, .zoomOut, .buy] {
            if let r = controlHitRect(c), r.contains(p) { return .control(c) }
        }
        if layout.bottomBar.contains(p) { return .swallow(wake: false) }
        if headerVisibility > 0.5 && headerFrame.contains(p) { return .swallow(wake: false) }
        return .chart
    }

    /// A control's area for touches: its frame grown by a few millimetres (fingers are wide).
    func controlHitRect(_ c: KioskControl) -> Rect? {
        guard let r = frame(of: c) else { return nil }
        let grow = min(3 * configuration.pixelsPerMillimetre, 12 * layout.u)
        return r.insetBy(dx: -grow, dy: -grow)
    }

    /// The header's frame now (it slides up out of the screen while zoomed).
    var headerFrame: Rect {
        layout.header.offsetBy(dx: 0, dy: -(1 - headerVisibility) * (layout.header.height + 4 * layout.u))
    }

    /// 1 shown … 0 out of the screen.
    var headerVisibility: Double { min(max(animator.value(headerShown), 0), 1) }

    /// Where `control` is on screen now (px, unscaled by press feedback), or nil when it is not
    /// shown or cannot be pressed now (under a modal screen, header slid away).
    public func frame(of control: KioskControl) -> Rect? {
        switch phase {
        case .blanked, .outOfService, .attract, .checkout:
            return nil
        case .idlePrompt:
            return control == .idleContinue ? layout.cardButton : nil
        case .confirmation, .purchaseFailed:
            return control == .dialogOK ? layout.cardButton : nil
        case .browsing, .zoomed:
            switch control {
            case .buy: return layout.buy
            case .cart:
                return headerVisibility > 0.5 ? layout.cart.offsetBy(dx: 0, dy: headerFrame.minY) : nil
            case .zoomOut:
                return phase == .zoomed ? layout.zoomOut : nil
            case .dialogOK, .idleContinue:
                return nil
            }
        }
    }

    /// What a released control does.
    func activate(_ c: KioskControl) {
        switch c {
        case .buy:
            if canBuy {
                let venue = interaction.chart.venue
                requests.append(.buy(seats: selectedSeats.map { venue.seatIDs[$0] }, expectedTotal: total))
                buyPending = true
            } else if !configuration.boxOfficeConfigured {
                showToast("Purchases are not available on this kiosk yet")
            } else if selectedSeats.isEmpty {
                showToast("Tap a tribune, then choose your seats")
            }
        case .zoomOut:
            interaction.zoomOut()
            updateHeader()
        case .dialogOK:
            if case .failed? = dialog, configuration.boxOfficeConfigured { requests.append(.releaseAll) }
            dialog = nil
            clearSession(animated: true)
        case .cart:
            let n = selectedSeats.count
            if n == 0 {
                showToast("Your cart is empty")
            } else {
                showToast("\(n) ticket\(n == 1 ? "" : "s") · \(MoneyFormat.string(minor: total, currency: configuration.currency))")
            }
        case .idleContinue:
            continueSession()
        }
    }

    /// Applies the chart's gesture events.
    func deliver() {
        guard !events.events.isEmpty else { return }
        for e in events.events {
            totals.receive(e)
            switch e {
            case .pressBegan(let location, _):
                if let seat = seatUnder(location) { press(.seat(seat)) }
            case .pressEnded:
                if case .seat? = pressed { release() }
            case .tap:
                let before = selectedSeats
                interaction.handle(e)
                if case .seatRefused(let seat, let why)? = interaction.lastOutcome { showToast(message(for: why, seat: seat)) }
                queueHoldChanges(from: before, to: selectedSeats)
            default:
                interaction.handle(e)
            }
        }
        events.events.removeAll(keepingCapacity: true)
        updateHeader()
    }

    /// The seat of the selected tribune under screen point `p`, once its seats are shown.
    func seatUnder(_ p: Point) -> Int? {
        let chart = interaction.chart
        guard let t = chart.selectedTribune, interaction.seatReveal >= 1 else { return nil }
        let c = interaction.presentedView.chartPoint(fromScreen: p)
        guard chart.venue.tribunes[t].contains(c) else { return nil }
        return chart.index.seat(at: c, inTribune: t, of: chart.venue)
    }

    func message(for refusal: SelectionRefusal, seat: Int) -> String {
        switch refusal {
        case .limitReached(let max): return "At most \(max) tickets per purchase"
        case .wouldLeaveOrphan: return "Please don't leave a single seat empty"
        default: return "Seat \(interaction.chart.venue.seatNumbers[seat]) is not available"
        }
    }

    func queueHoldChanges(from before: [Int], to after: [Int]) {
        guard before != after else { return }
        for s in before where !after.contains(s) { holds.removeAll { $0.seat == s } }
        guard configuration.boxOfficeConfigured else { return }
        let ids = interaction.chart.venue.seatIDs
        for s in after where !before.contains(s) { requests.append(.holdSeat(ids[s])) }
        for s in before where !after.contains(s) { requests.append(.releaseSeat(ids[s])) }
    }

    /// Header out while zoomed, back when not (SportFan's header transition).
    func updateHeader() {
        let chart = interaction.chart
        let target = chart.view.zoomed || chart.selectedTribune != nil ? 0.0 : 1.0
        animator.set(headerShown, to: target, transaction: Transaction(animation: .easeInOut(duration: Self.headerDuration)))
    }

    func press(_ item: Pressed) {
        pressed = item
        animator.set(pressScale, to: Self.pressedScale, transaction: Transaction(animation: .easeOut(duration: Self.pressDuration)))
        dirty = true
    }

    func release() {
        animator.set(pressScale, to: 1, transaction: Transaction(animation: .easeOut(duration: Self.pressDuration)))
        dirty = true
    }

    func showToast(_ text: String) {
        toast = (text, now + Self.toastDuration)
        dirty = true
    }

    // MARK: - Session life

    func startTrace() {
        animator.set(trace, to: 0, transaction: Transaction())
        animator.set(trace, to: 1, transaction: Transaction(animation: .easeInOut(duration: Self.traceDuration)))
    }

    /// A touch on the attract or blank screen: back to the seat selection, the stadium traces in.
    func wake(at t: Double) {
        blanked = false
        attractStartedAt = nil
        promptStartedAt = nil
        lastActivity = max(lastActivity, t)
        startTrace()
        updateHeader()
        dirty = true
    }

    func continueSession() {
        promptStartedAt = nil
        lastActivity = max(lastActivity, now)
        dirty = true
    }

    /// Idle: holds released, selection cleared, zoomed out (the attract screen follows).
    func resetSession() {
        if configuration.boxOfficeConfigured { requests.append(.releaseAll) }
        promptStartedAt = nil
        dialog = nil
        toast = nil
        clearSession(animated: false)
    }

    /// Selection emptied, holds forgotten, zoomed out.
    func clearSession(animated: Bool) {
        interaction.clearSelection()
        holds.removeAll()
        buyPending = false
        recognizer.reset()
        if animated { interaction.zoomOut() } else { interaction.resetView(rotation: Self.restingRotation(for: configuration.screenSize)) }
        animator.set(pressScale, to: 1, transaction: Transaction())
        pressed = nil
        updateHeader()
        dirty = true
    }

    /// The hold ran out: the seats are no longer ours.
    func holdsExpired() {
        interaction.clearSelection()
        holds.removeAll()
        showToast("Your seats were released: the hold expired")
    }
}
