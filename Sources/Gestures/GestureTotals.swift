import Geometry

/// Sums over every recognized gesture of a session (the replay report's `gestures` block) and
/// the largest focal-point jump. Feed it every touch frame (`observe(_:)`) before the events
/// that frame produced (`receive(_:)`).
public struct GestureTotals: GestureEventSink, Sendable {
    /// Sum of the final translations of the pan-zoom-rotate gestures, px.
    public var translation: Vector = .zero
    /// Product of their final magnifications (1 when none).
    public var magnification: Double = 1
    /// Sum of their final rotations, radians (clockwise positive).
    public var rotation: Double = 0
    /// Taps of any count (each `.tap` event), double taps (count 2), long presses, flings.
    public var taps = 0, doubleTaps = 0, longPresses = 0, flings = 0
    /// Largest per-frame step of the focal point beyond the fastest finger's own step, px.
    public var maximumFocalJump: Double = 0

    private var current: PanZoomRotate?
    private var lastFocal: Point?
    private var frameFingerStep: Double = 0
    private var previous: [TouchFrame.Touch] = []  // sorted by id

    public init() {}

    /// The largest distance a finger present in both this and the previous frame moved.
    public mutating func observe(_ frame: TouchFrame) {
        var step = 0.0
        var j = 0
        for t in frame.touches {
            while j < previous.count && previous[j].id < t.id { j += 1 }
            if j < previous.count && previous[j].id == t.id {
                step = max(step, t.location.distance(to: previous[j].location))
            }
        }
        frameFingerStep = step
        previous.removeAll(keepingCapacity: true)
        for t in frame.touches where t.phase != .ended && t.phase != .cancelled { previous.append(t) }
    }

    public mutating func receive(_ event: GestureEvent) {
        switch event {
        case .tap(_, let count, _):
            taps += 1
            if count == 2 { doubleTaps += 1 }
        case .longPress: longPresses += 1
        case .transformChanged(let v):
            if let last = lastFocal {
                maximumFocalJump = max(maximumFocalJump, last.distance(to: v.focalPoint) - frameFingerStep)
            }
            lastFocal = v.focalPoint
            current = v
        case .transformEnded(let v, let fling):
            add(v)
            if fling != nil { flings += 1 }
            current = nil; lastFocal = nil
        case .cancelled(.transform, _):
            if let v = current { add(v) }
            current = nil; lastFocal = nil
        default: break
        }
    }

    private mutating func add(_ v: PanZoomRotate) {
        translation = translation + v.translation
        magnification *= v.magnification
        rotation += v.rotation
    }
}
