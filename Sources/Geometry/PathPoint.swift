/// A point on a path with the direction of travel there.
public struct PathPoint: Hashable, Sendable {
    /// The position, in path units.
    public var point: Point
    /// The unit direction of travel (derivative direction); falls back to the chord direction
    /// where the derivative vanishes (a cusp or a control point on an end point).
    public var tangent: Vector
    /// The tangent's direction, `atan2(dy, dx)`: 0 along +x, positive turning clockwise on a
    /// y-down screen.
    public var angle: Angle

    public init(point: Point, tangent: Vector, angle: Angle) {
        self.point = point; self.tangent = tangent; self.angle = angle
    }
}
