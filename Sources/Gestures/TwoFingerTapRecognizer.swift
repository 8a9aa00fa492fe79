import Geometry

/// A two-finger tap (the map's "go home"): exactly two fingers, the second landing within
/// `twoFingerTapLandingInterval` of the first, neither straying farther than
/// `twoFingerTapSlop` (mm) from where it landed, both lifted within
/// `twoFingerTapMaximumDuration` of the first landing. Reported once, when the last finger
/// lifts, as `.twoFingerTap(location: midpoint of the landings)`. A third finger, a
/// cancelled touch or a timeout fails the sequence until every finger is up.
public struct TwoFingerTapRecognizer: UntimedGestureRecognizer {
    public private(set) var tracker: TouchTracker
    private let configuration: GestureConfiguration
    private let slopPx: Double
    private var sequence = TouchSequence()
    private var landings = 0
    /// The farthest any finger of the sequence got from its landing, px.
    private var excursion = 0.0
    private var firstDownTime = 0.0
    private var firstDown: Point = .zero
    private var secondDown: Point = .zero

    public init(configuration: GestureConfiguration) {
        self.configuration = configuration
        tracker = TouchTracker(configuration: configuration)
        slopPx = configuration.panel.pixels(configuration.twoFingerTapSlop)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        let time = frame.timestamp
        sequence.newFrame()
        let step = tracker.update(with: frame)
        if step.landed > 0 {
            if !sequence.isOpen {
                sequence.open(); landings = 0; excursion = 0; firstDownTime = time
            }
            // The tracker keeps arrival order: this frame's landings are its last slots.
            for i in (step.touchCount - step.landed)..<step.touchCount {
                guard let t = tracker.touch(at: i) else { continue }
                if landings == 0 { firstDown = t.downLocation } else if landings == 1 { secondDown = t.downLocation }
                landings += 1
            }
            if landings > 2 || (landings == 2 && time - firstDownTime > configuration.twoFingerTapLandingInterval) {
                sequence.failed = true
            }
        }
        guard sequence.isOpen else { return }
        excursion = max(excursion, tracker.maximumExcursion)
        if step.cancelled > 0 || excursion > slopPx
            || time - firstDownTime > configuration.twoFingerTapMaximumDuration {
            sequence.failed = true
        }
        if step.touchCount == 0 {
            let recognized = !sequence.failed && landings == 2
            if recognized {
                sink.receive(.twoFingerTap(location: Point(x: (firstDown.x + secondDown.x) / 2, y: (firstDown.y + secondDown.y) / 2),
                                           time: time))
            }
            sequence.close(recognized: recognized); landings = 0
        }
    }

    public var state: GestureState { sequence.state }

    public mutating func reset() {
        tracker.reset()
        sequence.reset(); landings = 0
    }
}
