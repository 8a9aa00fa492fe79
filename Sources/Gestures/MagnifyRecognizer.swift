/// `MagnifyGesture`: recognized once |magnification − 1| reaches
/// `GestureConfiguration.minimumScaleDelta`; the value is the span ratio since the fingers
/// landed (1.0 at start), frozen while the fingers are closer than the minimum span.
public struct MagnifyRecognizer: UntimedGestureRecognizer {
    private var lifecycle: TransformLifecycle
    public var accumulator: TransformAccumulator { lifecycle.accumulator }

    public init(configuration: GestureConfiguration) {
        lifecycle = TransformLifecycle(configuration: configuration)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        switch lifecycle.handle(frame, recognizes: { abs($0.magnification - 1) >= $0.configuration.minimumScaleDelta }) {
        case .none: break
        case .changed: sink.receive(.magnifyChanged(value))
        case .ended: sink.receive(.magnifyEnded(value))
        case .cancelled: sink.receive(.cancelled(.magnify, time: frame.timestamp))
        }
    }

    private var value: MagnifyValue {
        MagnifyValue(time: accumulator.time, magnification: accumulator.magnification,
                     startLocation: accumulator.startFocalPoint, location: accumulator.focalPoint)
    }

    public var state: GestureState { lifecycle.state }
    public mutating func reset() { lifecycle.reset() }
}
