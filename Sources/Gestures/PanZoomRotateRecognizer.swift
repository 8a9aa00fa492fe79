/// The chart's gesture: pan, zoom and rotation together about the fingers' focal point, as
/// one recognizer (SwiftUI's `simultaneousGesture` of drag, magnify and rotate without an
/// arena between them). Recognized once any finger or the focal point strays beyond the tap
/// slop; from then on every frame reports `.transformChanged` with the values accumulated
/// since the first finger landed, and the last lift reports `.transformEnded` with the fling
/// (if any). A cancelled touch reports `.cancelled(.transform)` and no end.
public struct PanZoomRotateRecognizer: UntimedGestureRecognizer {
    private var lifecycle: TransformLifecycle
    public var accumulator: TransformAccumulator { lifecycle.accumulator }

    public init(configuration: GestureConfiguration) {
        lifecycle = TransformLifecycle(configuration: configuration)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        let time = frame.timestamp
        switch lifecycle.handle(frame, recognizes: { $0.hasMovedBeyondSlop }) {
        case .none:
            break
        case .changed:
            sink.receive(.transformChanged(accumulator.value(velocity: accumulator.velocity(at: time))))
        case .ended:
            let fling = accumulator.fling(releasedAt: time)
            sink.receive(.transformEnded(accumulator.value(velocity: fling?.initialVelocity ?? .zero), fling: fling))
        case .cancelled:
            sink.receive(.cancelled(.transform, time: time))
        }
    }

    public var state: GestureState { lifecycle.state }
    public mutating func reset() { lifecycle.reset() }
}
