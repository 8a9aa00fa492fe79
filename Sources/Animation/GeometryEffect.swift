import Geometry

/// An animatable effect that moves a view's drawing through a projective transform computed
/// from its animatable data (SwiftUI's `GeometryEffect`). The transform is in the view's
/// local coordinates (origin top-left of its bounds, y down).
public protocol GeometryEffect: TransitionModifier {
    func effectValue(size: Size) -> ProjectionTransform
}

extension GeometryEffect {
    /// The effect as a transition state: full opacity, `effectValue(size:)`.
    public func state(in size: Size) -> TransitionState {
        TransitionState(transform: effectValue(size: size))
    }
}
