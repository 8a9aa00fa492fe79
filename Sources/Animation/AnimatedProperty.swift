/// A handle to one animated value held by an `Animator`, typed by the value. Cheap to copy;
/// valid only with the animator that made it.
public struct AnimatedProperty<Value: Animatable>: Hashable, Sendable, Comparable {
    /// The stable id: properties are numbered 0, 1, 2, … in the order they were made.
    public let id: Int32
    @inlinable init(id: Int32) { self.id = id }
    @inlinable public static func < (l: Self, r: Self) -> Bool { l.id < r.id }
}
