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
