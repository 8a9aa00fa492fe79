import Geometry

/// Which recognizer an event comes from (used by `.cancelled`).
public enum GestureKind: String, Hashable, Sendable {
    case press, tap, longPress, drag, magnify, rotate, transform
}

/// What recognizers report. Locations are screen pixels (y down), times are the frames'
/// kernel timestamps in seconds, angles are radians (positive turns clockwise on screen).
public enum GestureEvent: Hashable, Sendable {
    /// Touch-down feedback at once (`DragGesture(minimumDistance: 0)` semantics).
    case pressBegan(location: Point, time: Double)
    /// The feedback ends: `withdrawn` when a pan/zoom/rotate started or the touch was
    /// cancelled, otherwise the finger lifted.
    case pressEnded(location: Point, time: Double, withdrawn: Bool)
    /// A completed tap sequence; `location` is where its first tap landed.
    case tap(location: Point, count: Int, time: Double)
    /// Two fingers landed and lifted together quickly without moving (`TwoFingerTapRecognizer`);
    /// `location` is the midpoint of their landings.
    case twoFingerTap(location: Point, time: Double)
    /// One finger stroked quickly along an axis and lifted (`SwipeRecognizer`); `location` is
    /// where it landed.
    case swipe(direction: SwipeDirection, location: Point, time: Double)
    /// A finger rested within the tap slop for the long-press duration.
    case longPress(location: Point, time: Double)
    case dragChanged(DragValue)
    case dragEnded(DragValue)
    case magnifyChanged(MagnifyValue)
    case magnifyEnded(MagnifyValue)
    case rotateChanged(RotateValue)
    case rotateEnded(RotateValue)
    /// The combined pan-zoom-rotate about the fingers' focal point.
    case transformChanged(PanZoomRotate)
    /// The last finger lifted. `fling` is nil unless the release was fast enough.
    case transformEnded(PanZoomRotate, fling: Deceleration?)
    /// A touch was cancelled (TOUCH_CANCEL): the gesture state was reset without an end event.
    case cancelled(GestureKind, time: Double)
}

/// `DragGesture.Value`: a drag of the fingers' focal point (one finger: that finger).
public struct DragValue: Hashable, Sendable {
    /// s.
    public var time: Double
    /// Current focal point, px.
    public var location: Point
    /// Focal point when the first finger landed, px.
    public var startLocation: Point
    /// `location − startLocation`, accumulated frame by frame so fingers landing or lifting
    /// never jump it. px.
    public var translation: Vector
    /// Least-squares velocity of the translation, px/s (zero when it cannot be estimated).
    public var velocity: Vector
    /// Where the translation comes to rest if released now and left to coast. px.
    public var predictedEndTranslation: Vector
    public var predictedEndLocation: Point { startLocation + predictedEndTranslation }

    public init(time: Double, location: Point, startLocation: Point, translation: Vector,
                velocity: Vector, predictedEndTranslation: Vector) {
        self.time = time; self.location = location; self.startLocation = startLocation
        self.translation = translation; self.velocity = velocity
        self.predictedEndTranslation = predictedEndTranslation
    }
}

/// `MagnifyGesture.Value`.
public struct MagnifyValue: Hashable, Sendable {
    public var time: Double
    /// 1.0 when the fingers landed.
    public var magnification: Double
    /// Focal point when the first finger landed, px.
    public var startLocation: Point
    /// Current focal point, px.
    public var location: Point
    public init(time: Double, magnification: Double, startLocation: Point, location: Point) {
        self.time = time; self.magnification = magnification
        self.startLocation = startLocation; self.location = location
    }
}

/// `RotateGesture.Value`.
public struct RotateValue: Hashable, Sendable {
    public var time: Double
    /// Radians since the fingers landed, unbounded (three half-turns read 3π); positive is
    /// clockwise on the y-down screen.
    public var rotation: Double
    public var startLocation: Point
    public var location: Point
    /// `rotation` as an `Angle` (SwiftUI's `RotateGesture.Value.rotation`).
    public var angle: Angle { Angle(radians: rotation) }
    public init(time: Double, rotation: Double, startLocation: Point, location: Point) {
        self.time = time; self.rotation = rotation; self.startLocation = startLocation; self.location = location
    }
}

/// The combined pan, zoom and rotation since the first finger landed.
///
/// `transform` is the exact "glued under the fingers" map: the product of every frame's
/// step `T(focal) · Rot(Δθ) · Scale(Δs) · T(−previousFocal)`. Concatenate it after the
/// chart's transform at gesture start (`start.concatenating(transform)`) and the chart point
/// under the fingers stays under them. `translation`, `magnification` and `rotation` are the
/// SwiftUI-style cumulative values; they reproduce `transform` about `startFocalPoint` as long
/// as the set of fingers does not change.
public struct PanZoomRotate: Hashable, Sendable {
    /// s.
    public var time: Double
    /// Accumulated focal-point motion, px.
    public var translation: Vector
    /// Product of the span ratios, 1.0 at start.
    public var magnification: Double
    /// Sum of the per-frame rotations, radians, unbounded, clockwise positive.
    public var rotation: Double
    /// Current focal point, px: `startFocalPoint + translation`, i.e. the fingers' centroid
    /// carried continuously — when a finger lands or lifts it does not snap to the new
    /// centroid, so per frame it moves no more than the fastest finger that stayed down.
    public var focalPoint: Point
    /// Focal point when the first finger landed, px.
    public var startFocalPoint: Point
    /// Screen-space map from the gesture's start to now (see above).
    public var transform: AffineTransform
    /// This frame's step of `transform`.
    public var step: AffineTransform
    /// Least-squares velocity of `translation`, px/s.
    public var velocity: Vector
    /// Touches driving the gesture after this frame.
    public var touchCount: Int
    /// `rotation` as an `Angle`.
    public var angle: Angle { Angle(radians: rotation) }

    public init(time: Double, translation: Vector, magnification: Double, rotation: Double,
                focalPoint: Point, startFocalPoint: Point, transform: AffineTransform,
                step: AffineTransform, velocity: Vector, touchCount: Int) {
        self.time = time; self.translation = translation; self.magnification = magnification
        self.rotation = rotation; self.focalPoint = focalPoint; self.startFocalPoint = startFocalPoint
        self.transform = transform; self.step = step; self.velocity = velocity; self.touchCount = touchCount
    }
}
