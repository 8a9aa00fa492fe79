/// `MagnifyGesture`: recognized once |magnification − 1| reaches
/// `GestureConfiguration.minimumScaleDelta`; the value is the span ratio since the fingers
/// landed (1.0 at start), frozen while the fingers are closer than the minimum span.
public struct MagnifyRecognizer: GestureRecognizer {
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
            if isActive { sink.receive(.cancelled(.magnify, time: time)) }
            isActive = false
        case .updated:
            if !isActive && abs(accumulator.magnification - 1) >= accumulator.configuration.minimumScaleDelta {
                isActive = true
            }
            if isActive { sink.receive(.magnifyChanged(value)) }
        case .ended:
            if isActive { sink.receive(.magnifyEnded(value)); justEnded = true }
            isActive = false
        }
    }

    private var value: MagnifyValue {
        MagnifyValue(time: accumulator.time, magnification: accumulator.magnification,
                     startLocation: accumulator.startFocalPoint, location: accumulator.focalPoint)
    }

    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {}
    public var nextDeadline: Double? { nil }
    public var state: GestureState {
        isActive ? .active : justEnded ? .recognized : accumulator.isTracking ? .possible : .idle
    }
    public mutating func reset() { accumulator.reset(); isActive = false; justEnded = false }
}
