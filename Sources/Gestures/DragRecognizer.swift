import Geometry

/// `DragGesture(minimumDistance:)`: follows the fingers' focal point (one finger: that finger).
/// Recognized once the translation has reached `minimumDistance` (mm; 0 = at touch-down);
/// the reported translation then counts from the landing, so nothing is eaten.
public struct DragRecognizer: GestureRecognizer {
    public private(set) var accumulator: TransformAccumulator
    /// mm.
    public let minimumDistance: Double
    private let minimumDistancePx: Double
    private var isActive = false
    private var justEnded = false

    public init(minimumDistance: Double = 5, configuration: GestureConfiguration) {
        accumulator = TransformAccumulator(configuration: configuration)
        self.minimumDistance = max(minimumDistance, 0)
        minimumDistancePx = configuration.panel.pixels(self.minimumDistance)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        justEnded = false
        let time = frame.timestamp
        switch accumulator.update(with: frame) {
        case .none:
            break
        case .cancelled:
            if isActive { sink.receive(.cancelled(.drag, time: time)) }
            isActive = false
        case .updated:
            if !isActive && accumulator.maximumTranslation >= minimumDistancePx { isActive = true }
            if isActive { sink.receive(.dragChanged(value(velocity: accumulator.velocity(at: time)))) }
        case .ended:
            if isActive {
                let fling = accumulator.fling(releasedAt: time)
                sink.receive(.dragEnded(value(velocity: fling?.initialVelocity ?? .zero)))
                justEnded = true
            }
            isActive = false
        }
    }

    private func value(velocity: Vector) -> DragValue {
        let coast = Deceleration(initialVelocity: velocity, rate: accumulator.configuration.flingDecelerationRate)
        let start = accumulator.startFocalPoint, translation = accumulator.translation
        return DragValue(time: accumulator.time, location: start + translation, startLocation: start,
                         translation: translation, velocity: velocity,
                         predictedEndTranslation: translation + coast.restOffset)
    }

    public mutating func advance<Sink: GestureEventSink>(to time: Double, into sink: inout Sink) {}
    public var nextDeadline: Double? { nil }
    public var state: GestureState {
        isActive ? .active : justEnded ? .recognized : accumulator.isTracking ? .possible : .idle
    }
    public mutating func reset() { accumulator.reset(); isActive = false; justEnded = false }
}
