import Geometry

/// Taps with a count (`TapGesture(count:)` / `SpatialTapGesture`, phone rules):
/// * one finger, never farther than the tap slop (5 mm) from where it landed, lifted within
///   the long-press duration (500 ms); a second finger makes it a pinch, not a tap;
/// * the next tap continues the sequence if it lands 40…300 ms after the previous lift and
///   within 20 mm of the sequence's first landing;
/// * a sequence is reported once, as `.tap(location: first landing, count:)`: at once when it
///   reaches `maximumCount`, otherwise when the double-tap window expires (a timer:
///   `nextDeadline` / `advance(to:)`) or the next touch cannot continue it.
/// With `maximumCount: 1` every tap is reported at its lift, without waiting.
public struct TapRecognizer: GestureRecognizer {
    public let maximumCount: Int
    public private(set) var tracker: TouchTracker
    private let configuration: GestureConfiguration
    private let slopPx: Double
    private let doubleTapDistancePx: Double
    private var touching = false
    private var touchFailed = false
    private var down: Point = .zero
    private var downTime: Double = 0
    private var pendingCount = 0
    private var sequenceLocation: Point = .zero
    private var lastUpTime: Double = 0
    private var justRecognized = false

    public init(maximumCount: Int = 2, configuration: GestureConfiguration) {
        self.maximumCount = max(maximumCount, 1)
        self.configuration = configuration
        tracker = TouchTracker(configuration: configuration)
        slopPx = configuration.panel.pixels(configuration.tapSlop)
        doubleTapDistancePx = configuration.panel.pixels(configuration.doubleTapMaximumDistance)
    }

    public var nextDeadline: Double? {
        pendingCount > 0 && !touching ? lastUpTime + configuration.doubleTapMaximumInterval : nil
    }

    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {
        if let deadline = nextDeadline, deadline <= time {
            sink.receive(.tap(location: sequenceLocation, count: pendingCount, time: deadline))
            pendingCount = 0
            justRecognized = true
        }
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        let time = frame.timestamp
        justRecognized = false
        if let deadline = nextDeadline, deadline < time { advance(to: deadline, into: &sink) }
        let wasTouching = tracker.count > 0
        let step = tracker.update(with: frame)

        if step.cancelled > 0 {
            let hadSomething = touching || pendingCount > 0
            tracker.reset()
            touching = false; touchFailed = false; pendingCount = 0; justRecognized = false
            if hadSomething { sink.receive(.cancelled(.tap, time: time)) }
            return
        }
        if !wasTouching && step.landed > 0 {
            touching = true
            touchFailed = step.landed > 1
            down = tracker.firstDownLocation
            downTime = time
            if pendingCount > 0 {
                let interval = time - lastUpTime
                if interval < configuration.doubleTapMinimumInterval || down.distance(to: sequenceLocation) > doubleTapDistancePx {
                    flush(at: time, into: &sink)
                }
            }
        } else if touching && step.landed > 0 {
            touchFailed = true
        }
        if touching && !touchFailed {
            if tracker.maximumExcursion > slopPx || time - downTime > configuration.longPressDuration {
                touchFailed = true
            }
        }
        if touching && touchFailed && pendingCount > 0 { flush(at: time, into: &sink) }
        if touching && step.touchCount == 0 {
            touching = false
            if !touchFailed {
                if pendingCount == 0 { sequenceLocation = down }
                let count = pendingCount + 1
                if count >= maximumCount {
                    sink.receive(.tap(location: sequenceLocation, count: count, time: time))
                    pendingCount = 0
                    justRecognized = true
                } else {
                    pendingCount = count
                    lastUpTime = time
                }
            }
            touchFailed = false
        }
        // Timers due exactly now fire after the frame (a landing at the deadline still counts).
        if let deadline = nextDeadline, deadline <= time { advance(to: time, into: &sink) }
    }

    private mutating func flush<Sink: GestureEventSink>(at time: Double, into sink: inout Sink) {
        sink.receive(.tap(location: sequenceLocation, count: pendingCount, time: time))
        pendingCount = 0
    }

    public var state: GestureState {
        if touching && touchFailed { return .failed }
        if justRecognized { return .recognized }
        return touching || pendingCount > 0 ? .possible : .idle
    }

    public mutating func reset() {
        tracker.reset()
        touching = false; touchFailed = false; pendingCount = 0; justRecognized = false
    }
}
