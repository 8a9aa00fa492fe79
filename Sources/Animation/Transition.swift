import Geometry

/// How a view enters and leaves, like SwiftUI's `AnyTransition`: a value evaluated at a
/// progress into a `TransitionState` for the renderer.
///
/// Progress runs 0 → 1 on insertion (0: the transition's *active* state, e.g. transparent or
/// off-screen; 1: the identity) and 1 → 0 on removal, so removal plays insertion backwards
/// unless the transition is `asymmetric`. Animate the progress with an `Animator` property
/// under the change's transaction and evaluate each frame.
public struct Transition: Sendable {
    /// One effect of a transition.
    public enum Component: Sendable {
        /// Opacity from the given value (active) to 1 (identity).
        case opacity(Double)
        /// Scale from the given factors (active) to 1, about the anchor in the view's bounds.
        case scale(Size, anchor: UnitPoint)
        /// Offset from the given vector (active) to zero.
        case offset(Vector)
        /// Offset by the view's width or height out through the edge (active) to zero.
        case move(Edge)
        /// A custom animatable modifier, interpolated from `active` to `identity`.
        case modifier(active: any TransitionModifier, identity: any TransitionModifier)
    }

    public var insertion: [Component]
    public var removal: [Component]

    @inlinable public init(insertion: [Component], removal: [Component]) {
        self.insertion = insertion; self.removal = removal
    }
    @inlinable init(_ components: [Component]) { self.init(insertion: components, removal: components) }

    /// Changes nothing.
    public static let identity = Transition([])
    /// Fades in and out.
    public static let opacity = Transition([.opacity(0)])
    /// Scales from nothing about the centre.
    public static let scale = scale(0)
    /// Slides in from the leading edge and out to the trailing edge.
    public static let slide = Transition(insertion: [.move(.leading)], removal: [.move(.trailing)])

    /// Scales from `factor` about `anchor` (of the view's bounds).
    public static func scale(_ factor: Double, anchor: UnitPoint = .center) -> Transition {
        Transition([.scale(Size(width: factor, height: factor), anchor: anchor)])
    }
    /// Moves out through `edge` by the view's own size.
    public static func move(edge: Edge) -> Transition { Transition([.move(edge)]) }
    /// Offsets by `offset` in the active state.
    public static func offset(_ offset: Vector) -> Transition { Transition([.offset(offset)]) }
    public static func offset(x: Double = 0, y: Double = 0) -> Transition { offset(Vector(dx: x, dy: y)) }
    /// A custom modifier: `active` while absent, `identity` while present, interpolated
    /// through its animatable data.
    public static func modifier<M: TransitionModifier>(active: M, identity: M) -> Transition {
        Transition([.modifier(active: active, identity: identity)])
    }
    /// Different transitions for entering and leaving.
    public static func asymmetric(insertion: Transition, removal: Transition) -> Transition {
        Transition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// Both transitions at once: this one's effects apply first (inner), then `other`'s.
    public func combined(with other: Transition) -> Transition {
        Transition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }

    /// Whether the view is entering or leaving.
    public enum Phase: Hashable, Sendable { case insertion, removal }

    /// The state at `progress` (0 = active, 1 = identity; clamped) for a view of `size`,
    /// using the insertion or the removal effects.
    public func state(progress: Double, size: Size, phase: Phase = .insertion) -> TransitionState {
        let p = progress.isFinite ? min(max(progress, 0), 1) : 1
        var result = TransitionState.identity
        for c in phase == .insertion ? insertion : removal {
            result = result.combined(with: Self.state(of: c, progress: p, size: size))
        }
        return result
    }

    private static func state(of c: Component, progress p: Double, size: Size) -> TransitionState {
        switch c {
        case .opacity(let o):
            return TransitionState(opacity: o + (1 - o) * p)
        case .scale(let s, let anchor):
            let sx = s.width + (1 - s.width) * p, sy = s.height + (1 - s.height) * p
            let a = anchor.point(in: Rect(origin: .zero, size: size))
            let t = AffineTransform(translationX: -a.x, y: -a.y)
                .concatenating(AffineTransform(scaleX: sx, y: sy))
                .concatenating(AffineTransform(translationX: a.x, y: a.y))
            return TransitionState(affine: t)
        case .offset(let v):
            return TransitionState(affine: AffineTransform(translationX: v.dx * (1 - p), y: v.dy * (1 - p)))
        case .move(let edge):
            let v: Vector
            switch edge {
            case .top: v = Vector(dx: 0, dy: -size.height)
            case .bottom: v = Vector(dx: 0, dy: size.height)
            case .leading: v = Vector(dx: -size.width, dy: 0)
            case .trailing: v = Vector(dx: size.width, dy: 0)
            }
            return TransitionState(affine: AffineTransform(translationX: v.dx * (1 - p), y: v.dy * (1 - p)))
        case .modifier(let active, let identity):
            return interpolatedState(active, identity, p, size)
        }
    }
}

private func interpolatedState<M: TransitionModifier>(_ active: M, _ identity: any TransitionModifier,
                                                      _ p: Double, _ size: Size) -> TransitionState {
    guard let identity = identity as? M else { return p < 1 ? active.state(in: size) : identity.state(in: size) }
    return active.interpolated(to: identity, at: p).state(in: size)
}
