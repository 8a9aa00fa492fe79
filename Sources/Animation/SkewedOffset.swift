import Geometry

/// An offset along x that leans into the motion like a running figure: the skew ramps in over
/// the first 20 % of the progress, holds, and ramps out over the last 20 % (keyframes by
/// progress). Animate `offset` and `progress` together (0 → 1) with the same animation.
public struct SkewedOffset: GeometryEffect, Hashable {
    /// Horizontal offset, in points.
    public var offset: Double
    /// Progress of the move, 0…1.
    public var progress: Double
    /// Direction of travel: the view leans forward (top ahead of the bottom).
    public var goingRight: Bool
    /// The skew held in the middle of the move (shear factor x += skew·y).
    public var maximumSkew: Double

    public init(offset: Double, progress: Double, goingRight: Bool, maximumSkew: Double = 0.5) {
        self.offset = offset; self.progress = progress; self.goingRight = goingRight; self.maximumSkew = maximumSkew
    }

    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(offset, progress) }
        set { offset = newValue.first; progress = newValue.second }
    }

    /// The ramp: 0 at the ends, 1 from 20 % to 80 %.
    public static let ramp = Keyframes(0.0).linear(to: 1, at: 0.2).linear(to: 1, at: 0.8).linear(to: 0, at: 1)

    /// The shear factor at the current progress (negative when going right, so the top leads).
    public var skew: Double { Self.ramp.value(at: progress) * maximumSkew * (goingRight ? -1 : 1) }

    public func effectValue(size: Size) -> ProjectionTransform {
        ProjectionTransform(AffineTransform(a: 1, b: 0, c: skew, d: 1, tx: offset, ty: 0))
    }
}
