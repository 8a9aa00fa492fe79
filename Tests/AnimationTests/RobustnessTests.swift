import Testing
import Geometry
@testable import Animation

/// Bad input never traps: odd parameters fall back to sane ones, odd values pass through.
@Suite struct RobustnessTests {
    @Test func oddAnimationParameters() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        let odd: [Animation] = [
            .linear(duration: .nan), .easeIn(duration: -1), .easeOut(duration: .infinity), .linear(duration: 0),
            .linear(duration: 1).speed(0), .linear(duration: 1).speed(.nan), .linear(duration: 1).delay(-3),
            .linear(duration: 1).repeatCount(-5), .timingCurve(.nan, 0, 1, 1),
            .spring(response: 0, dampingFraction: -1), .spring(response: .nan, dampingFraction: .infinity),
            .interpolatingSpring(stiffness: -1, damping: .nan, mass: 0, initialVelocity: .infinity),
        ]
        for (k, a) in odd.enumerated() {
            animator.withAnimation(a) { animator.set(p, to: Double(k + 1)) }
            animator.advance(to: Double(k) * 10 + 5)
            #expect(animator.value(p).isFinite)
        }
        animator.advance(to: 10_000)
        #expect(animator.value(p) == Double(odd.count))
        #expect(animator.runningAnimationCount == 0)
    }

    @Test func handBuiltAnimationFieldsAreSanitized() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        var a = Animation(base: .timingCurve(.linear, duration: .nan))
        a.speed = 0; a.delay = .nan; a.repeatCount = -2
        animator.withAnimation(a) { animator.set(p, to: 1) }
        animator.advance(to: 0.35 / 2)
        #expect(abs(animator.value(p) - 0.5) < 1e-12)   // default 0.35 s, speed 1, no delay
        animator.advance(to: 1)
        #expect(animator.value(p) == 1 && !animator.isAnimating)
    }

    @Test func zeroDurationCompletesAtOnce() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        var done: Double?
        animator.withAnimation(.linear(duration: 0), completion: { done = animator.now }) { animator.set(p, to: 3) }
        animator.advance(to: 0)
        #expect(animator.value(p) == 3 && done == 0)
    }

    @Test func nonFiniteValuesAndTimes() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(Point(x: 0, y: 0))
        animator.withAnimation(.spring()) { animator.set(p, to: Point(x: .nan, y: .infinity)) }
        animator.advance(to: .nan)
        animator.advance(to: .infinity)
        animator.advance(to: 1)
        animator.advance(to: 0.5)   // backwards: ignored
        #expect(animator.time == 1)
        animator.set(p, to: Point(x: 1, y: 2))
        #expect(animator.value(p) == Point(x: 1, y: 2))
        animator.schedule(at: .nan) {}
        animator.advance(to: 2)
        #expect(!animator.isAnimating)
    }

    @Test func degenerateTransforms() {
        let zero = AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 2)
        #expect(DecomposedTransform(zero).transform == zero)
        let mid = AffineTransform.identity.interpolated(to: zero, at: 0.5)
        #expect(abs(mid.a - 0.5) < 1e-12 && abs(mid.d - 0.5) < 1e-12)
        #expect(Transition.scale.state(progress: .nan, size: Size(width: -4, height: .nan)).opacity == 1)
        #expect(FlipEffect(angle: .nan).showsBackSide == false)
        _ = FlipEffect(angle: 45).effectValue(size: .zero)
    }
}
