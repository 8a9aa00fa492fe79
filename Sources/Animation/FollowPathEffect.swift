import Geometry

/// Moves a view along a path: at `progress` (0…1 of the path's length) the view's origin sits
/// on the path, turned to the direction of travel when `rotates`. An empty path leaves the
/// view where it is.
public struct FollowPathEffect: GeometryEffect {
    public var progress: Double
    public var path: Path
    public var rotates: Bool

    public init(progress: Double, path: Path, rotates: Bool = true) {
        self.progress = progress; self.path = path; self.rotates = rotates
    }

    public var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    /// Position and heading at the current progress; nil for a path without length.
    public var pathPoint: PathPoint? { path.point(atFraction: min(max(progress.isFinite ? progress : 0, 0), 1)) }

    public func effectValue(size: Size) -> ProjectionTransform {
        guard let p = pathPoint else { return .identity }
        var t = AffineTransform(translationX: p.point.x, y: p.point.y)
        if rotates { t = t.rotated(by: p.angle.radians) }
        return ProjectionTransform(t)
    }
}
