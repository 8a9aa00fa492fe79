import Geometry

/// What one frame changed, computed by `TouchTracker` over the fingers present in both the
/// previous and this frame (fingers landing or lifting in this frame do not contribute, so
/// nothing can jump). Pixels, seconds, radians.
public struct TouchStep: Hashable, Sendable {
    /// Frame time, s.
    public var time: Double = 0
    /// Fingers that drove this step (present in both frames, not parked as stationary).
    public var sharedCount: Int = 0
    /// Centroid of those fingers in the previous frame and in this one, px.
    public var previousFocalPoint: Point = .zero
    public var focalPoint: Point = .zero
    /// `focalPoint − previousFocalPoint`, px.
    public var translation: Vector = .zero
    /// atan2(Σ a×b, Σ a·b) of the positions relative to the centroids; 0 below the minimum span.
    public var rotation: Double = 0
    /// Ratio of the RMS spans (this / previous); 1 below the minimum span.
    public var scale: Double = 1
    /// Span (2 × RMS distance to the centroid) of the shared fingers now, px; 0 for one finger.
    public var span: Double = 0
    /// Largest distance any shared finger moved in this frame, px.
    public var maximumFingerStep: Double = 0
    /// Fingers that landed / lifted / were cancelled in this frame (admitted touches only).
    public var landed: Int = 0
    public var lifted: Int = 0
    public var cancelled: Int = 0
    /// Touches tracked after this frame.
    public var touchCount: Int = 0
    public init() {}
}
