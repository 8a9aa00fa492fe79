import Animation
import Geometry
import Gestures
import Seating

/// Applies gesture events to the seating chart by SportFan's rules:
/// * drag, pinch and rotate act on the chart together (`.transformChanged` drives the view
///   state's in-flight drag, magnification and rotation; `.transformEnded` commits them);
/// * a tap on a tribune zooms into it with the linked animation — zoom 0.7 s, then the seats
///   reveal 0.3 s; a tap on a seat of the selected tribune toggles it; a tap outside zooms back
///   (reveal first, then zoom) — the rules themselves are `SeatingChart.tap`'s.
///
/// The chart's `view` holds the model (target) values; `presentedView` is what to draw now,
/// with zoom, anchor and offset moved by the `Animator` on its (virtual or real) clock. Taps are
/// hit-tested against the presented view, i.e. against what is on screen.
public final class ChartInteraction {
    public private(set) var chart: SeatingChart
    public let animator: Animator
    /// The latest tap's outcome.
    public private(set) var lastOutcome: SeatingChart.TapOutcome?
    /// Seat toggles so far (selections and deselections).
    public private(set) var seatToggles = 0

    /// Zoom into a tribune, s.
    public static let zoomDuration = 0.7
    /// Seats of the selected tribune appear (or go, when zooming out), s.
    public static let selectionDuration = 0.3

    private let zoom: AnimatedProperty<Double>
    private let anchor: AnimatedProperty<UnitPoint>
    private let offset: AnimatedProperty<Vector>
    private let reveal: AnimatedProperty<Double>

    public init(chart: SeatingChart, animator: Animator) {
        self.chart = chart
        self.animator = animator
        zoom = animator.makeProperty(chart.view.zoom)
        anchor = animator.makeProperty(chart.view.zoomAnchor)
        offset = animator.makeProperty(chart.view.offset)
        reveal = animator.makeProperty(chart.selectedTribune == nil ? 0.0 : 1.0)
    }

    /// The view state to draw now: the model with zoom, anchor and offset as presented.
    public var presentedView: ChartViewState {
        var v = chart.view
        v.zoom = animator.value(zoom)
        v.zoomAnchor = animator.value(anchor)
        v.offset = animator.value(offset)
        return v
    }

    /// How far the selected tribune's seats have appeared, 0…1.
    public var seatReveal: Double { min(max(animator.value(reveal), 0), 1) }

    /// True while an animation runs or is scheduled.
    public var isAnimating: Bool { animator.isAnimating }

    /// True while the presented zoom, anchor or offset is animating towards the model's.
    public var isViewAnimating: Bool {
        animator.isAnimating(zoom) || animator.isAnimating(anchor) || animator.isAnimating(offset)
    }

    /// Applies one recognized gesture event.
    public func handle(_ event: GestureEvent) {
        switch event {
        case .transformChanged(let v):
            chart.view.updateDrag(translation: v.translation)
            chart.view.updateMagnification(v.magnification)
            chart.view.updateRotation(v.rotation)
        case .transformEnded(let v, _):
            chart.view.endDrag(translation: v.translation)
            chart.view.endMagnification(v.magnification)
            chart.view.endRotation(v.rotation)
            // Committed values move at once (the fingers already showed the change).
            animator.set(zoom, to: chart.view.zoom, transaction: Transaction())
            animator.set(offset, to: chart.view.offset, transaction: Transaction())
        case .cancelled(.transform, _):
            chart.view.cancelGestures()
        case .tap(let location, _, let time):
            tap(at: location, time: time)
        default:
            break
        }
    }

    /// The zoom-out button.
    public func zoomOut() {
        chart.zoomOut()
        animateZoomOut()
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

    /// Back to the resting view at once, no animation: zoomed out, no tribune, `rotation`
    /// (radians; the design's π/2 by default), no offset (a session reset; the attract screen
    /// takes over the picture).
    public func resetView(rotation: Double = .pi / 2) {
        chart.zoomOut()
        chart.view.rotation = rotation
        chart.view.cancelGestures()
        let none = Transaction()
        animator.set(zoom, to: chart.view.zoom, transaction: none)
        animator.set(anchor, to: chart.view.zoomAnchor, transaction: none)
        animator.set(offset, to: chart.view.offset, transaction: none)
        animator.set(reveal, to: 0, transaction: none)
    }

    private func tap(at location: Point, time: Double) {
        let model = chart.view
        var probe = chart
        probe.view = presentedView
        let outcome = probe.tap(atScreen: location, now: time)
        chart = probe
        lastOutcome = outcome
        switch outcome {
        case .tribuneSelected:
            let target = chart.view
            animator.set(reveal, to: 0, transaction: Transaction())  // a newly selected tribune's seats start hidden
            LinkedAnimation.easeInOut(for: Self.zoomDuration) { [zoom, anchor, offset, animator] in
                animator.set(zoom, to: target.zoom)
                animator.set(anchor, to: target.zoomAnchor)
                animator.set(offset, to: target.offset)
            }.link(to: .easeInOut(for: Self.selectionDuration) { [reveal, animator] in
                animator.set(reveal, to: 1)
            }, on: animator)
        case .zoomedOut:
            animateZoomOut()
        case .seatSelected, .seatDeselected, .seatRefused, .missedSeat:
            if case .seatSelected = outcome { seatToggles += 1 }
            if case .seatDeselected = outcome { seatToggles += 1 }
            // The view is unchanged: keep the model, not the presented values used to hit-test.
            chart.view = model
        }
    }

    private func animateZoomOut() {
        let target = chart.view
        LinkedAnimation.easeInOut(for: Self.zoomDuration) { [zoom, anchor, offset, animator] in
            animator.set(zoom, to: target.zoom)
            animator.set(anchor, to: target.zoomAnchor)
            animator.set(offset, to: target.offset)
        }.link(to: .easeInOut(for: Self.selectionDuration) { [reveal, animator] in
            animator.set(reveal, to: 0)
        }, reverse: true, on: animator)
    }
}
