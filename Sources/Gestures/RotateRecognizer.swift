/// `RotateGesture`: recognized once |rotation| reaches
/// `GestureConfiguration.minimumAngleDelta`; the value is the rotation since the fingers landed
/// (radians, unbounded, clockwise positive), frozen while the fingers are closer than the minimum span.
public struct RotateRecognizer: GestureRecognizer {
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
            if isActive { sink.receive(.cancelled(.rotate, time: time)) }
            isActive = false
        case .updated:
            if !isActive && abs(accumulator.rotation) >= accumulator.configuration.minimumAngleDelta {
                isActive = true
            }
            if isActive { sink.receive(.rotateChanged(value)) }
        case .ended:
            if isActive { sink.receive(.rotateEnded(value)); justEnded = true }
            isActive = false
        }
    }

    private var value: RotateValue {
        RotateValue(time: accumulator.time, rotation: accumulator.rotation,
                     startLocation: accumulator.startFocalPoint, location: accumulator.focalPoint)
    }

    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {}
    public var nextDeadline: Double? { nil }
    public var state: GestureState {
        isActive ? .active : justEnded ? .recognized : accumulator.isTracking ? .possible : .idle
    }
    public mutating func reset() { accumulator.reset(); isActive = false; justEnded = false }
}
