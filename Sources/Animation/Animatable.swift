import Geometry

/// A value the animator can move smoothly: it exposes its animatable parts as a vector
/// (`animatableData`) and takes interpolated vectors back (SwiftUI's `Animatable`).
///
/// Parts outside `animatableData` are taken from the model (target) value while animating.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }

    /// The target's animatable data adjusted to be nearest to `from` where several vectors
    /// describe the same value (an angle and the same angle plus 360°), so animations take
    /// the short way. The default returns `animatableData` unchanged.
    func animatableData(nearestTo from: AnimatableData) -> AnimatableData
}

extension Animatable {
    @inlinable public func animatableData(nearestTo from: AnimatableData) -> AnimatableData { animatableData }

    /// The value at linear fraction `t` of the way from `self` to `to` (vectors interpolated,
    /// the rest taken from `to`); exactly `self` at 0 and exactly `to` at 1.
    @inlinable public func interpolated(to: Self, at t: Double) -> Self {
        if t == 0 { return self }
        if t == 1 { return to }
        let a = animatableData
        let b = to.animatableData(nearestTo: a)
        var v = to
        v.animatableData = a.interpolated(towards: b, amount: t)
        return v
    }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    @inlinable public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    @inlinable public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

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
