import Animation
import Geometry
import Gestures
import Seating

/// Applies gesture events to the seating chart by SportFan's rules, within the bounded view
/// (`ChartViewState+Bounds`):
/// * drag, pinch and rotate act on the chart together, glued under the fingers
///   (`PanZoomRotate.transform`), shown with the rubber band past the bounds; on release the
///   view springs back (`springBack`) to the nearest allowed view;
/// * a tap on a tribune fits it into the safe area with the linked animation — zoom 0.7 s,
///   then the seats reveal 0.3 s; a tap on a seat of the selected tribune toggles it; a tap
///   outside goes home (reveal first, then zoom) — the rules themselves are `SeatingChart.tap`'s;
/// * `home()` (the home control, a two-finger tap) goes home animated.
///
/// The chart's `view` holds the model (target) values; `presentedView` is what to draw now.
/// Every view change moves along ONE similarity interpolated about its fixed point
/// (`ChartPlacement.interpolated`) from where the view was to the target, by one animated
/// fraction: with the rotation unchanged (taps) every frame keeps a tribune inside the convex
/// hull of its start and end boxes. Taps are hit-tested against what is on screen.
public final class ChartInteraction {
    public internal(set) var chart: SeatingChart
    public let animator: Animator
    /// The latest tap's outcome.
    public private(set) var lastOutcome: SeatingChart.TapOutcome?
    /// Seat toggles so far (selections and deselections).
    public private(set) var seatToggles = 0

    /// Zoom into a tribune, s.
    public static let zoomDuration = 0.7
    /// Seats of the selected tribune appear (or go, when zooming out), s.
    public static let selectionDuration = 0.3
    /// The spring back into bounds after a gesture (critically damped: no overshoot past the
    /// allowed view).
    public static let springBack = Animation.spring(response: 0.4, dampingFraction: 1)

    /// How far the view has moved from `motion.from` to `motion.to`: 1 at rest.
    private let progress: AnimatedProperty<Double>
    let reveal: AnimatedProperty<Double>
    private var motion: (from: ChartPlacement, to: ChartPlacement)
    /// The view when the fingers landed (nil: no pan/zoom/rotate in flight).
    private var gestureStart: ChartPlacement?

    public init(chart: SeatingChart, animator: Animator) {
        self.chart = chart
        self.animator = animator
        progress = animator.makeProperty(1.0)
        reveal = animator.makeProperty(chart.selectedTribune == nil ? 0.0 : 1.0)
        motion = (chart.view.placement, chart.view.placement)
    }

    /// The view state to draw now: the model, placed where its motion has got to.
    public var presentedView: ChartViewState {
        var v = chart.view
        let f = animator.value(progress)
        if f != 1 { v.place(motion.from.interpolated(to: motion.to, fraction: f)) }
        return v
    }

    /// How far the selected tribune's seats have appeared, 0…1.
    public var seatReveal: Double { min(max(animator.value(reveal), 0), 1) }

    /// True while an animation runs or is scheduled.
    public var isAnimating: Bool { animator.isAnimating }

    /// True while the presented view is moving towards the model's (or waiting to).
    public var isViewAnimating: Bool { animator.isAnimating(progress) || animator.value(progress) != 1 }
    /// True while fingers move the chart (a drag, pinch or rotate not yet ended).
    public var isFollowingGesture: Bool { gestureStart != nil }

    /// True when the view is home (the model: a view heading home counts) and no tribune is
    /// selected: the home control is not needed.
    public var isAtHome: Bool { chart.selectedTribune == nil && chart.view.isAtHome }

    /// Applies one recognized gesture event.
    public func handle(_ event: GestureEvent) {
        switch event {
        case .transformChanged(let v):
            follow(v)
        case .transformEnded(let v, _):
            follow(v)
            settle(focus: v.focalPoint)
        case .cancelled(.transform, _):
            // A cancelled gesture leaves the view where it was when the fingers landed.
            if let start = gestureStart { chart.view.place(start) }
            gestureStart = nil
        case .tap(let location, _, let time):
            tap(at: location, time: time)
        case .twoFingerTap:
            home()
        default:
            break
        }
    }

    /// Home: recentre, reset the rotation, deselect the tribune (animated; the seats go first).
    public func home() {
        let shown = presentedView.placement
        gestureStart = nil
        chart.home()
        animateView(from: shown, revealTo: 0)
    }

    /// The home control (SportFan's zoom-out button): `home()`.
    public func zoomOut() { home() }

    /// Home at once, no animation (a session reset; the attract screen takes over the picture).
    public func resetHome() {
        gestureStart = nil
        chart.home()
        chart.view.cancelGestures()
        motion = (chart.view.placement, chart.view.placement)
        let none = Transaction()
        animator.set(progress, to: 1, transaction: none)
        animator.set(reveal, to: 0, transaction: none)
    }

    /// The safe area (px), the panel density (px/mm) or the home rotation (radians) changed:
    /// a view at home stays home, any other is brought within the new bounds (at once).
    public func setBounds(safeArea: Rect, pixelsPerMillimetre: Double, homeRotation: Double) {
        let wasHome = chart.view.isAtHome
        chart.view.safeArea = safeArea
        chart.view.pixelsPerMillimetre = pixelsPerMillimetre
        chart.view.homeRotation = homeRotation
        if wasHome { chart.view.goHome() } else {
            chart.view.place(chart.view.resting(chart.view.placement, focus: safeArea.center))
        }
        motion = (chart.view.placement, chart.view.placement)
        animator.set(progress, to: 1, transaction: Transaction())
    }

    /// Takes `seat` out of the selection (the box office said it was taken); true when it was selected.
    @discardableResult
    public func deselect(_ seat: Int) -> Bool {
        guard let k = chart.selection.seats.firstIndex(of: seat) else { return false }
        var kept = chart.selection
        kept.removeAll()
        for (i, s) in chart.selection.seats.enumerated() where i != k { kept.add([s]) }
        chart.selection = kept
        return true
    }

    /// Empties the selection.
    public func clearSelection() { chart.selection.removeAll() }

    /// Sets one seat's status for this event (box-office news).
    public func setStatus(_ seat: Int, _ status: SeatStatus) {
        guard chart.availability.seatCount > seat, seat >= 0 else { return }
        guard chart.availability.status(seat) != status else { return }
        chart.availability.set(seat, status)
    }

    private func tap(at location: Point, time: Double) {
        let model = chart.view
        let shown = presentedView
        var probe = chart
        probe.view = shown
        let outcome = probe.tap(atScreen: location, now: time)
        chart = probe
        lastOutcome = outcome
        switch outcome {
        case .tribuneSelected:
            // A newly selected tribune's seats start hidden.
            animator.set(reveal, to: 0, transaction: Transaction())
            animateView(from: shown.placement, revealTo: 1)
        case .zoomedOut:
            animateView(from: shown.placement, revealTo: 0)
        case .seatSelected, .seatDeselected, .seatRefused, .missedSeat:
            if case .seatSelected = outcome { seatToggles += 1 }
            if case .seatDeselected = outcome { seatToggles += 1 }
            // The view is unchanged: keep the model, not the presented values used to hit-test.
            chart.view = model
        }
    }

    /// The fingers hold the view at the gesture-start view followed by the gesture's screen
    /// map, shown through the rubber band.
    private func follow(_ v: PanZoomRotate) {
        let start: ChartPlacement
        if let s = gestureStart { start = s } else {
            // Fingers landing on a moving view catch it where it is.
            start = presentedView.placement
            gestureStart = start
            motion = (start, start)
            animator.set(progress, to: 1, transaction: Transaction())
        }
        chart.view.place(chart.view.rubberBanded(start.followed(by: v.transform), focus: v.focalPoint))
    }

    /// The fingers lifted: spring back to the nearest allowed view.
    private func settle(focus: Point) {
        gestureStart = nil
        let shown = chart.view.placement
        let rest = chart.view.resting(shown, focus: focus)
        guard rest != shown else { return }
        chart.view.place(rest)
        motion = (shown, rest)
        animator.set(progress, to: 0, transaction: Transaction())
        animator.set(progress, to: 1, transaction: Transaction(animation: Self.springBack))
    }

    /// Moves the presented view from `from` to the model's along one similarity, linked with the
    /// seats' reveal: zooming in (reveal to 1) zooms then reveals, zooming out (to 0) hides the
    /// seats first when they are shown, then zooms.
    func animateView(from: ChartPlacement, revealTo shown: Double) {
        motion = (from, chart.view.placement)
        animator.set(progress, to: 0, transaction: Transaction())
        let zoom = LinkedAnimation.easeInOut(for: Self.zoomDuration) { [progress, animator] in
            animator.set(progress, to: 1)
        }
        let seats = LinkedAnimation.easeInOut(for: Self.selectionDuration) { [reveal, animator] in
            animator.set(reveal, to: shown)
        }
        if shown > 0 {
            zoom.link(to: seats, on: animator)
        } else if animator.value(reveal) > 0 || animator.model(reveal) > 0 {
            zoom.link(to: seats, reverse: true, on: animator)
        } else {
            zoom.run(on: animator)
        }
    }
}
