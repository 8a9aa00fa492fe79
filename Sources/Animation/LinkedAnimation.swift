/// A change animated for a fixed duration that can be chained to another: A runs, then B
/// starts exactly `A.duration` seconds later — or B then A when reversed. The seed's
/// zoom-to-tribune (0.7 s) and seat selection (0.3 s) are such a pair: zooming in runs zoom
/// then selection, zooming out runs selection then zoom.
public struct LinkedAnimation {
    /// The animation the changes run with.
    public var animation: Animation
    /// Seconds until a linked successor starts.
    public var duration: Double
    /// The changes to animate (`Animator.set` calls); runs inside `withAnimation`.
    public var action: () -> Void

    public init(animation: Animation, duration: Double, action: @escaping () -> Void) {
        self.animation = animation
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        self.action = action
    }

    /// `action` with ease-in-out over `duration` seconds.
    public static func easeInOut(for duration: Double, action: @escaping () -> Void) -> LinkedAnimation {
        LinkedAnimation(animation: .easeInOut(duration: duration), duration: duration, action: action)
    }
    /// `action` with ease-in over `duration` seconds.
    public static func easeIn(for duration: Double, action: @escaping () -> Void) -> LinkedAnimation {
        LinkedAnimation(animation: .easeIn(duration: duration), duration: duration, action: action)
    }
    /// `action` with ease-out over `duration` seconds.
    public static func easeOut(for duration: Double, action: @escaping () -> Void) -> LinkedAnimation {
        LinkedAnimation(animation: .easeOut(duration: duration), duration: duration, action: action)
    }
    /// `action` with linear timing over `duration` seconds.
    public static func linear(for duration: Double, action: @escaping () -> Void) -> LinkedAnimation {
        LinkedAnimation(animation: .linear(duration: duration), duration: duration, action: action)
    }

    /// Runs this animation now and `next` exactly `duration` seconds later; reversed, runs
    /// `next` now and this one `next.duration` later. `completion` runs when the second one's
    /// animations finish, at exactly that virtual time.
    public func link(to next: LinkedAnimation, reverse: Bool = false, on animator: Animator,
                     completion: (() -> Void)? = nil) {
        let first = reverse ? next : self
        let second = reverse ? self : next
        animator.withAnimation(first.animation) { first.action() }
        animator.schedule(after: first.duration) { [weak animator] in
            guard let animator else { return }
            animator.withAnimation(second.animation, completion: completion) { second.action() }
        }
    }

    /// Runs this animation alone; `completion` at its end.
    public func run(on animator: Animator, completion: (() -> Void)? = nil) {
        animator.withAnimation(animation, completion: completion) { action() }
    }
}
