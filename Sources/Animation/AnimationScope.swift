/// The state of a `.animation(_:value:)` scope: its animation and the value it last saw.
/// Keep one per place in the UI and pass it to `Animator.animation(_:value:_:)` on every update.
public struct AnimationScope<Value: Equatable> {
    public var animation: Animation?
    public internal(set) var lastValue: Value?

    public init(_ animation: Animation?) { self.animation = animation }
}
