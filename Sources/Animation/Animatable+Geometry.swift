import Geometry

extension Double: Animatable {}

extension Angle: Animatable {
    /// Radians.
    @inlinable public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension Point: Animatable {
    @inlinable public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}

extension Vector: Animatable {
    @inlinable public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(dx, dy) }
        set { dx = newValue.first; dy = newValue.second }
    }
}

extension Size: Animatable {
    @inlinable public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(width, height) }
        set { width = newValue.first; height = newValue.second }
    }
}

extension UnitPoint: Animatable {
    @inlinable public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}

extension Rect: Animatable {
    /// ((x, y), (width, height)) of `origin` and `size` as stored (not standardized).
    @inlinable public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}
