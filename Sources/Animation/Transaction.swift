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
