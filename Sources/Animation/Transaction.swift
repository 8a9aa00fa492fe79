/// The context of one state change: which animation (if any) carries it. Passed explicitly to
/// `Animator.set(_:to:transaction:)` or established for a block by `Animator.withAnimation`
/// / `withTransaction`; there is no global "current transaction".
public struct Transaction: Sendable {
    /// The animation for changes made under this transaction; nil changes values at once.
    public var animation: Animation?
    /// When true, changes are applied at once even if `animation` is set (scoped
    /// `.animation(_:value:)` overrides do not re-enable it).
    public var disablesAnimations: Bool = false
    // Index of the completion group that tracks animations started under this transaction.
    var completionGroup: Int32 = -1
    var completionGeneration: UInt32 = 0

    @inlinable public init(animation: Animation? = nil) { self.animation = animation }

    /// The animation that actually applies: nil when animations are disabled.
    @inlinable public var effectiveAnimation: Animation? { disablesAnimations ? nil : animation }
}

/// A handle to one animated value held by an `Animator`, typed by the value. Cheap to copy;
/// valid only with the animator that made it.
public struct AnimatedProperty<Value: Animatable>: Hashable, Sendable, Comparable {
    /// The stable id: properties are numbered 0, 1, 2, … in the order they were made.
    public let id: Int32
    @inlinable init(id: Int32) { self.id = id }
    @inlinable public static func < (l: Self, r: Self) -> Bool { l.id < r.id }
}
