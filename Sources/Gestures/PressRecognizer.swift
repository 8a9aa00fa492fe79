/// Touch-down feedback (`DragGesture(minimumDistance: 0)` semantics): `.pressBegan` in the
/// frame the first finger lands, `.pressEnded(withdrawn: true)` as soon as a pan, zoom or
/// rotation starts (any finger or the focal point beyond the tap slop) or a touch is
/// cancelled, `.pressEnded(withdrawn: false)` when the fingers lift without that.
public struct PressRecognizer: UntimedGestureRecognizer {
    public private(set) var accumulator: TransformAccumulator
    private var isPressed = false
    private var justEnded = false
    private var withdrawn = false

    public init(configuration: GestureConfiguration) {
        accumulator = TransformAccumulator(configuration: configuration)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        justEnded = false
        let time = frame.timestamp
        let wasTracking = accumulator.isTracking
        switch accumulator.update(with: frame) {
        case .none:
            break
        case .cancelled:
            if isPressed { sink.receive(.pressEnded(location: accumulator.focalPoint, time: time, withdrawn: true)) }
            isPressed = false; withdrawn = false
        case .updated:
            if !wasTracking {
                isPressed = true; withdrawn = false
                sink.receive(.pressBegan(location: accumulator.tracker.firstLocation, time: time))
            } else if isPressed && accumulator.hasMovedBeyondSlop {
                isPressed = false; withdrawn = true
                sink.receive(.pressEnded(location: accumulator.focalPoint, time: time, withdrawn: true))
            }
        case .ended:
            if isPressed {
                sink.receive(.pressEnded(location: accumulator.focalPoint, time: time, withdrawn: false))
                justEnded = true
            }
            isPressed = false; withdrawn = false
        }
    }

    public var state: GestureState {
        if isPressed { return .active }
        if justEnded { return .recognized }
        if withdrawn { return .failed }
        return accumulator.isTracking ? .possible : .idle
    }
    public mutating func reset() { accumulator.reset(); isPressed = false; justEnded = false; withdrawn = false }
}
