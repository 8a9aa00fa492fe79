import Geometry

/// The shared core of the continuous recognizers: tracks the touches, accumulates the
/// per-frame steps from the moment the first finger lands (so thresholds only delay
/// recognition, never eat movement) and keeps the translation's velocity history.
public struct TransformAccumulator: Sendable {
    public private(set) var tracker: TouchTracker
    public var configuration: GestureConfiguration { tracker.configuration }
    /// True from the first landing until the last driving finger lifts or is cancelled.
    public private(set) var isTracking = false
    public private(set) var startTime: Double = 0
    public private(set) var time: Double = 0
    public private(set) var startFocalPoint: Point = .zero
    /// `startFocalPoint + translation`: the centroid of the fingers, carried continuously
    /// across fingers landing and lifting (it never jumps to a new centroid), px.
    public private(set) var focalPoint: Point = .zero
    /// Accumulated focal-point motion, px.
    public private(set) var translation: Vector = .zero
    /// Largest |translation| so far, px.
    public private(set) var maximumTranslation: Double = 0
    public private(set) var magnification: Double = 1
    /// Radians, unbounded.
    public private(set) var rotation: Double = 0
    public private(set) var transform: AffineTransform = .identity
    public private(set) var lastStep: TouchStep = TouchStep()
    public private(set) var stepTransform: AffineTransform = .identity
    public private(set) var velocityTracker: VelocityTracker
    private let slopPx: Double

    public init(configuration: GestureConfiguration) {
        tracker = TouchTracker(configuration: configuration)
        velocityTracker = VelocityTracker(horizon: configuration.velocityHorizon,
                                          stopGap: configuration.velocityStopGap,
                                          minimumSamples: configuration.velocityMinimumSamples)
        slopPx = configuration.panel.pixels(configuration.tapSlop)
    }

    /// What a frame did to the session.
    public enum Change: Sendable, Equatable {
        /// Nothing tracked before or after the frame.
        case none
        /// Tracking continues (it may have started in this frame).
        case updated
        /// The last driving finger lifted in this frame.
        case ended
        /// A driving touch was cancelled: the session was reset without an end.
        case cancelled
    }

    /// Any finger strayed beyond the tap slop, or the focal point did: a pan, zoom or rotation
    /// has started (the tap is impossible, the press is withdrawn).
    public var hasMovedBeyondSlop: Bool {
        maximumTranslation > slopPx || tracker.maximumExcursion > slopPx || movedBeyondSlopEarlier
    }
    private var movedBeyondSlopEarlier = false

    public mutating func update(with frame: TouchFrame) -> Change {
        let wasTracking = isTracking
        // Excursions of lifting fingers vanish with them; remember whether one had strayed.
        let strayed = hasMovedBeyondSlop
        let step = tracker.update(with: frame)
        lastStep = step
        time = step.time
        if step.cancelled > 0 && (wasTracking || step.touchCount > 0) {
            tracker.reset()
            clear()
            return .cancelled
        }
        if !wasTracking {
            guard step.touchCount > 0 else { return .none }
            clear()
            isTracking = true
            startTime = step.time
            startFocalPoint = tracker.centroid
            focalPoint = startFocalPoint
            velocityTracker.add(Point(x: 0, y: 0), at: step.time)
            stepTransform = .identity
            return .updated
        }
        movedBeyondSlopEarlier = strayed
        if step.sharedCount > 0 {
            translation += step.translation
            maximumTranslation = max(maximumTranslation, translation.length)
            // Bounded so endless garbage input cannot drive it to 0 or ∞.
            magnification = min(max(magnification * step.scale, 1e-9), 1e9)
            rotation += step.rotation
            focalPoint = startFocalPoint + translation
            let s = step.scale, c = _cos(step.rotation), si = _sin(step.rotation)
            let a = s * c, b = s * si
            let p = step.previousFocalPoint, q = step.focalPoint
            stepTransform = AffineTransform(a: a, b: b, c: -b, d: a,
                                            tx: q.x - (a * p.x - b * p.y), ty: q.y - (b * p.x + a * p.y))
            transform = transform.concatenating(stepTransform)
            velocityTracker.add(Point(x: translation.dx, y: translation.dy), at: step.time)
        } else {
            stepTransform = .identity
        }
        if step.touchCount == 0 {
            isTracking = false
            return .ended
        }
        return .updated
    }

    /// Translation velocity at `time`, px/s (zero when it cannot be estimated).
    public func velocity(at time: Double) -> Vector { velocityTracker.velocity(at: time) ?? .zero }

    /// The fling for a release at `time`, or nil when it is too slow, too short, or the
    /// finger had stopped (see `GestureConfiguration`).
    public func fling(releasedAt time: Double) -> Deceleration? {
        let panel = configuration.panel
        guard let v = velocityTracker.velocity(at: time), v.isFinite else { return nil }
        let speed = v.length
        guard speed >= panel.pixels(configuration.minimumFlingSpeed),
              maximumTranslation >= panel.pixels(configuration.minimumFlingDistance) else { return nil }
        let maxSpeed = panel.pixels(configuration.maximumFlingSpeed)
        let clamped = speed > maxSpeed ? v * (maxSpeed / speed) : v
        return Deceleration(initialVelocity: clamped, rate: configuration.flingDecelerationRate, releaseTime: time)
    }

    /// The current values as a `PanZoomRotate`.
    public func value(velocity: Vector) -> PanZoomRotate {
        PanZoomRotate(time: time, translation: translation, magnification: magnification, rotation: rotation,
                      focalPoint: focalPoint, startFocalPoint: startFocalPoint, transform: transform,
                      step: stepTransform, velocity: velocity, touchCount: tracker.count)
    }

    /// Stops tracking; fingers still down are ignored until they lift.
    public mutating func reset() {
        tracker.reset()
        clear()
    }

    private mutating func clear() {
        isTracking = false
        translation = .zero; maximumTranslation = 0; magnification = 1; rotation = 0
        transform = .identity; stepTransform = .identity; movedBeyondSlopEarlier = false
        velocityTracker.reset()
    }
}
