/// The chart's gesture: pan, zoom and rotation together about the fingers' focal point, as
/// one recognizer (SwiftUI's `simultaneousGesture` of drag, magnify and rotate without an
/// arena between them). Recognized once any finger or the focal point strays beyond the tap
/// slop; from then on every frame reports `.transformChanged` with the values accumulated
/// since the first finger landed, and the last lift reports `.transformEnded` with the fling
/// (if any). A cancelled touch reports `.cancelled(.transform)` and no end.
public struct PanZoomRotateRecognizer: GestureRecognizer {
    public private(set) var accumulator: TransformAccumulator
    private var isActive = false
    private var justEnded = false

    public init(configuration: GestureConfiguration) {
        accumulator = TransformAccumulator(configuration: configuration)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        justEnded = false
        let time = frame.timestamp
        switch accumulator.update(with: frame) {
        case .none:
            break
        case .cancelled:
            if isActive { sink.receive(.cancelled(.transform, time: time)) }
            isActive = false
        case .updated:
            if !isActive && accumulator.hasMovedBeyondSlop { isActive = true }
            if isActive { sink.receive(.transformChanged(accumulator.value(velocity: accumulator.velocity(at: time)))) }
        case .ended:
            if isActive {
                let fling = accumulator.fling(releasedAt: time)
                sink.receive(.transformEnded(accumulator.value(velocity: fling?.initialVelocity ?? .zero), fling: fling))
                justEnded = true
            }
            isActive = false
        }
    }

    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {}
    public var nextDeadline: Double? { nil }
    public var state: GestureState {
        isActive ? .active : justEnded ? .recognized : accumulator.isTracking ? .possible : .idle
    }
    public mutating func reset() { accumulator.reset(); isActive = false; justEnded = false }
}
