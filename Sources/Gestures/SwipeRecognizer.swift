import Geometry

/// Which way a swipe went on screen (y down: `.down` is towards the bottom edge).
public enum SwipeDirection: String, Hashable, Sendable {
    case left, right, up, down
}

/// A one-finger swipe, the screen reader's "next / previous item" (VoiceOver, TalkBack):
/// * exactly one finger; a second finger or a cancelled touch fails the sequence until every
///   finger is up;
/// * lifted within `swipeMaximumDuration` of landing;
/// * from landing to lift it travelled at least `swipeMinimumDistance` (mm) along one axis,
///   within `swipeMaximumAngle` of it (a diagonal stroke is no swipe).
/// Reported once, at the lift, as `.swipe(direction:location:time:)` with the landing point.
/// A stroke shorter than the distance is left to the tap recognizer (it fails the tap slop
/// first, so a short stroke is neither).
public struct SwipeRecognizer: UntimedGestureRecognizer {
    public private(set) var tracker: TouchTracker
    private let configuration: GestureConfiguration
    private let minimumDistancePx: Double
    private var sequence = TouchSequence()
    private var fingerId = 0
    private var landing: Point = .zero
    private var latest: Point = .zero
    private var landingTime = 0.0

    public init(configuration: GestureConfiguration) {
        self.configuration = configuration
        tracker = TouchTracker(configuration: configuration)
        minimumDistancePx = configuration.panel.pixels(configuration.swipeMinimumDistance)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        let time = frame.timestamp
        sequence.newFrame()
        let step = tracker.update(with: frame)
        if step.landed > 0 {
            if !sequence.isOpen, step.landed == 1, step.touchCount == 1, let t = tracker.touch(at: 0) {
                sequence.open()
                fingerId = t.id; landing = t.downLocation; latest = t.downLocation; landingTime = time
            } else {
                // A second finger: a pinch or a two-finger gesture, not a swipe.
                sequence.open(); sequence.failed = true
            }
        }
        guard sequence.isOpen else { return }
        // The lift frame carries the finger's last position (the tracker has let it go then).
        for touch in frame.touches where touch.id == fingerId { latest = touch.location }
        if step.cancelled > 0 || time - landingTime > configuration.swipeMaximumDuration { sequence.failed = true }
        guard step.touchCount == 0 else { return }
        var recognized = false
        if !sequence.failed, let direction = direction(from: landing, to: latest) {
            sink.receive(.swipe(direction: direction, location: landing, time: time))
            recognized = true
        }
        sequence.close(recognized: recognized)
    }

    /// The swipe's direction for a stroke from `a` to `b`, or nil when it is too short or too
    /// far off both axes.
    private func direction(from a: Point, to b: Point) -> SwipeDirection? {
        let dx = b.x - a.x, dy = b.y - a.y
        let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
        guard along >= minimumDistancePx, _atan2(across, along) <= configuration.swipeMaximumAngle else { return nil }
        if abs(dx) >= abs(dy) { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }

    public var state: GestureState { sequence.state }

    public mutating func reset() {
        tracker.reset()
        sequence.reset()
    }
}
