import Geometry

/// `LongPressGesture`: one finger resting within the tap slop for `longPressDuration`
/// (500 ms) fires `.longPress(location: landing point)` at exactly landing + duration, from
/// `advance(to:)` or the first frame after it. A second finger, straying beyond the slop, a
/// lift or a cancel before then fails it.
public struct LongPressRecognizer: GestureRecognizer {
    public private(set) var tracker: TouchTracker
    private let duration: Double
    private let slopPx: Double
    private var touching = false
    private var failed = false
    private var fired = false
    private var justFired = false
    private var down: Point = .zero
    private var downTime: Double = 0

    public init(configuration: GestureConfiguration) {
        tracker = TouchTracker(configuration: configuration)
        duration = configuration.longPressDuration
        slopPx = configuration.panel.pixels(configuration.tapSlop)
    }

    public var nextDeadline: Double? { touching && !failed && !fired ? downTime + duration : nil }

    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {
        if let deadline = nextDeadline, deadline <= time {
            fired = true; justFired = true
            sink.receive(.longPress(location: down, time: deadline))
        }
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        let time = frame.timestamp
        justFired = false
        if let deadline = nextDeadline, deadline < time { advance(to: deadline, into: &sink) }
        let wasTouching = tracker.count > 0
        let step = tracker.update(with: frame)
        if step.cancelled > 0 {
            tracker.reset(); touching = false; failed = false; fired = false
            return
        }
        if !wasTouching && step.landed > 0 {
            touching = true; failed = step.landed > 1; fired = false
            down = tracker.firstDownLocation; downTime = time
        } else if touching && step.landed > 0 && !fired {
            failed = true
        }
        if touching && !fired && tracker.maximumExcursion > slopPx { failed = true }
        if touching && step.touchCount == 0 { touching = false; failed = false; fired = false }
        if let deadline = nextDeadline, deadline <= time { advance(to: time, into: &sink) }
    }

    public var state: GestureState {
        if fired && (touching || justFired) { return .recognized }
        if touching { return failed ? .failed : .possible }
        return .idle
    }

    public mutating func reset() {
        tracker.reset(); touching = false; failed = false; fired = false; justFired = false
    }
}
