import Geometry

/// What a transition (or effect) does to a view at one moment, as values a renderer applies:
/// multiply the view's opacity by `opacity`, then draw it through `transform` (in the view's
/// own coordinates: origin at its top-left, y down, before its position in the parent).
public struct TransitionState: Hashable, Sendable, CustomStringConvertible {
    /// 0…1, multiplies the view's opacity (draw through an opacity layer).
    public var opacity: Double
    /// Maps the view's local coordinates; projective so flips can show perspective.
    public var transform: ProjectionTransform

    @inlinable public init(opacity: Double = 1, transform: ProjectionTransform = .identity) {
        self.opacity = opacity; self.transform = transform
    }

    /// An affine-only state.
    @inlinable public init(opacity: Double = 1, affine: AffineTransform) {
        self.init(opacity: opacity, transform: ProjectionTransform(affine))
    }

    /// No effect.
    public static let identity = TransitionState()

    /// True when applying the state changes nothing.
    @inlinable public var isIdentity: Bool { opacity == 1 && transform.isIdentity }

    /// `self`, then `other` on top of it: opacities multiply, transforms concatenate (this
    /// one applies first, like an inner SwiftUI modifier).
    @inlinable public func combined(with other: TransitionState) -> TransitionState {
        TransitionState(opacity: opacity * other.opacity, transform: transform.concatenating(other.transform))
    }

    public var description: String { "TransitionState(opacity: \(opacity), transform: \(transform))" }
}
