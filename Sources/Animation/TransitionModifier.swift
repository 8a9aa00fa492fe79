import Geometry

/// A custom transition effect (SwiftUI's `modifier(active:identity:)` argument): an animatable
/// value that says how it changes a view of a given size.
public protocol TransitionModifier: Animatable, Sendable {
    func state(in size: Size) -> TransitionState
}
