/// `RotateGesture`: recognized once |rotation| reaches
/// `GestureConfiguration.minimumAngleDelta`; the value is the rotation since the fingers landed
/// (radians, unbounded, clockwise positive), frozen while the fingers are closer than the minimum span.
public struct RotateRecognizer: UntimedGestureRecognizer {
    private var lifecycle: TransformLifecycle
    public var accumulator: TransformAccumulator { lifecycle.accumulator }

    public init(configuration: GestureConfiguration) {
        lifecycle = TransformLifecycle(configuration: configuration)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        switch lifecycle.handle(frame, recognizes: { abs($0.rotation) >= $0.configuration.minimumAngleDelta }) {
        case .none: break
        case .changed: sink.receive(.rotateChanged(value))
        case .ended: sink.receive(.rotateEnded(value))
        case .cancelled: sink.receive(.cancelled(.rotate, time: frame.timestamp))
        }
    }

    private var value: RotateValue {
        RotateValue(time: accumulator.time, rotation: accumulator.rotation,
                     startLocation: accumulator.startFocalPoint, location: accumulator.focalPoint)
    }

    public var state: GestureState { lifecycle.state }
    public mutating func reset() { lifecycle.reset() }
}
