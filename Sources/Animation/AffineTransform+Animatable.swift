import Geometry

extension AffineTransform: Animatable {
    /// The decomposition (`DecomposedTransform`); setting it recomposes. The animator returns
    /// the exact start and target transforms at the end points, so only in-between frames
    /// go through the decomposition.
    public var animatableData: DecomposedTransform {
        get { DecomposedTransform(self) }
        set { self = newValue.transform }
    }

    /// Rotation unwrapped to within π of `from`'s, so a turn from 170° to −170° goes through
    /// 180° (20°) rather than back through 0° (340°).
    public func animatableData(nearestTo from: DecomposedTransform) -> DecomposedTransform {
        var d = DecomposedTransform(self)
        let twoPi = 2 * Double.pi
        let delta = d.rotation - from.rotation
        d.rotation -= (delta / twoPi).rounded() * twoPi
        return d
    }
}
