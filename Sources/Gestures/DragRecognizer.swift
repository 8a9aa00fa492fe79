import Geometry

/// `DragGesture(minimumDistance:)`: follows the fingers' focal point (one finger: that finger).
/// Recognized once the translation has reached `minimumDistance` (mm; 0 = at touch-down);
/// the reported translation then counts from the landing, so nothing is eaten.
public struct DragRecognizer: UntimedGestureRecognizer {
    private var lifecycle: TransformLifecycle
    public var accumulator: TransformAccumulator { lifecycle.accumulator }
    /// mm.
    public let minimumDistance: Double
    private let minimumDistancePx: Double

    public init(minimumDistance: Double = 5, configuration: GestureConfiguration) {
        lifecycle = TransformLifecycle(configuration: configuration)
        self.minimumDistance = max(minimumDistance, 0)
        minimumDistancePx = configuration.panel.pixels(self.minimumDistance)
    }

    public mutating func handle<Sink: GestureEventSink>(_ frame: TouchFrame, into sink: inout Sink) {
        let time = frame.timestamp
        let reach = minimumDistancePx
        switch lifecycle.handle(frame, recognizes: { $0.maximumTranslation >= reach }) {
        case .none:
            break
        case .changed:
            sink.receive(.dragChanged(value(velocity: accumulator.velocity(at: time))))
        case .ended:
            sink.receive(.dragEnded(value(velocity: accumulator.fling(releasedAt: time)?.initialVelocity ?? .zero)))
        case .cancelled:
            sink.receive(.cancelled(.drag, time: time))
        }
    }

    private func value(velocity: Vector) -> DragValue {
        let coast = Deceleration(initialVelocity: velocity, rate: accumulator.configuration.flingDecelerationRate)
        let start = accumulator.startFocalPoint, translation = accumulator.translation
        return DragValue(time: accumulator.time, location: start + translation, startLocation: start,
                         translation: translation, velocity: velocity,
                         predictedEndTranslation: translation + coast.restOffset)
    }

    public var state: GestureState { lifecycle.state }
    public mutating func reset() { lifecycle.reset() }
}
