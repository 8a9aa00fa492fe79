/// The life cycle the continuous recognizers read off a `TransformAccumulator` share (drag,
/// magnify, rotate, the chart's pan-zoom-rotate): possible while fingers are down, active from
/// the frame the recognizer's own test passes (then a change every frame), ended by the last
/// lift or cancelled with the touch, once per sequence. Each recognizer turns what `handle`
/// reports into its own events; its type stays concrete, so nothing is generic per frame.
struct TransformLifecycle: Sendable {
    private(set) var accumulator: TransformAccumulator
    private var isActive = false
    private var justEnded = false

    /// What a frame means for the recognizer.
    enum Report {
        case none
        /// Recognized: report the change.
        case changed
        /// The last finger lifted while recognized: report the end.
        case ended
        /// A touch was cancelled while recognized: report the cancel, no end.
        case cancelled
    }

    init(configuration: GestureConfiguration) {
        accumulator = TransformAccumulator(configuration: configuration)
    }

    /// Feeds `frame`; `recognizes` tells from the updated accumulator whether the gesture has
    /// begun (asked only until it has).
    @inline(__always)
    mutating func handle(_ frame: TouchFrame, recognizes: (TransformAccumulator) -> Bool) -> Report {
        justEnded = false
        switch accumulator.update(with: frame) {
        case .none:
            return .none
        case .cancelled:
            defer { isActive = false }
            return isActive ? .cancelled : .none
        case .updated:
            if !isActive && recognizes(accumulator) { isActive = true }
            return isActive ? .changed : .none
        case .ended:
            defer { isActive = false }
            if isActive { justEnded = true; return .ended }
            return .none
        }
    }

    var state: GestureState {
        isActive ? .active : justEnded ? .recognized : accumulator.isTracking ? .possible : .idle
    }

    mutating func reset() { accumulator.reset(); isActive = false; justEnded = false }
}
