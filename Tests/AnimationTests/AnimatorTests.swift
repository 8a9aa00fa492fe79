import Foundation
import Testing
import Geometry
@testable import Animation

/// Underdamped oscillator written out from the textbook solution.
private func underdamped(omega0 w: Double, zeta z: Double, x0: Double, v0: Double, t: Double) -> Double {
    let wd = w * (1 - z * z).squareRoot()
    return exp(-z * w * t) * (x0 * cos(wd * t) + (v0 + z * w * x0) / wd * sin(wd * t))
}

/// RK4 reference for a spring (x, v) after t seconds.
private func rk4(k: Double, c: Double, m: Double = 1, x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    var x = x0, v = v0
    let n = 20_000, h = t / Double(n)
    func a(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
    for _ in 0 ..< n {
        let k1x = v, k1v = a(x, v)
        let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite struct AnimatorTests {
    @Test func easeInOutSamples() {
        let clock = VirtualClock(start: 1)
        let animator = Animator(clock: clock)
        let p = animator.makeProperty(0.0)
        animator.withAnimation(.easeInOut) { animator.set(p, to: 100) }
        #expect(animator.model(p) == 100)
        #expect(animator.value(p) == 0)
        for x in [0.1, 0.25, 0.5, 0.75, 0.9] {
            animator.advance(to: 1 + 0.35 * x)
            #expect(abs(animator.value(p) - 100 * referenceBezier(0.42, 0, 0.58, 1, at: x)) < 1e-6, "at \(x)")
        }
        animator.advance(to: 1.35)
        #expect(animator.value(p) == 100)
        #expect(!animator.isAnimating(p))
    }

    @Test func clockDrivenAdvance() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let p = animator.makeProperty(Point(x: 0, y: 0))
        animator.withAnimation(.linear(duration: 2)) { animator.set(p, to: Point(x: 10, y: -20)) }
        clock.advance(by: 0.5)
        animator.advance()
        #expect(animator.time == 0.5)
        #expect(animator.value(p) == Point(x: 2.5, y: -5))
    }

    @Test func onlyChangesInsideWithAnimationAnimate() {
        let animator = Animator(clock: VirtualClock())
        let a = animator.makeProperty(0.0), b = animator.makeProperty(0.0), c = animator.makeProperty(5.0)
        animator.set(a, to: 10)
        animator.withAnimation(.linear(duration: 1)) {
            animator.set(b, to: 10)
            animator.set(c, to: 5)   // unchanged: nothing to animate
        }
        animator.advance(to: 0.5)
        #expect(animator.value(a) == 10)
        #expect(animator.value(b) == 5)
        #expect(!animator.isAnimating(c))
        #expect(animator.runningAnimationCount == 1)
    }

    @Test func sameTargetDoesNotRestart() {
        let animator = Animator(clock: VirtualClock())
        let a = animator.makeProperty(0.0)
        animator.withAnimation(.linear(duration: 1)) { animator.set(a, to: 10) }
        animator.advance(to: 0.5)
        animator.withAnimation(.linear(duration: 1)) { animator.set(a, to: 10) }
        animator.advance(to: 0.75)
        #expect(animator.value(a) == 7.5)
    }

    @Test func finishJumpsToTheTargetAndCompletes() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let a = animator.makeProperty(0.0), b = animator.makeProperty(0.0)
        var done = false
        animator.withAnimation(.linear(duration: 1), completion: { done = true }) { animator.set(a, to: 10) }
        animator.withAnimation(.linear(duration: 1)) { animator.set(b, to: 4) }
        clock.set(to: 0.25)
        animator.advance(to: 0.25)
        #expect(animator.value(a) == 2.5)
        animator.finish(a)
        #expect(animator.value(a) == 10 && !animator.isAnimating(a))
        #expect(animator.value(b) == 1 && animator.isAnimating(b))   // the other runs on
        clock.set(to: 0.5)
        animator.advance(to: 0.5)
        #expect(done)
        #expect(animator.value(a) == 10 && animator.value(b) == 2)
        animator.finish(a)   // not animating: nothing
        #expect(animator.value(a) == 10)
    }

    @Test func delaySpeedAndRepeat() {
        let animator = Animator(clock: VirtualClock())
        let d = animator.makeProperty(0.0), s = animator.makeProperty(0.0), r = animator.makeProperty(0.0)
        animator.withAnimation(.linear(duration: 1).delay(0.5)) { animator.set(d, to: 100) }
        animator.withAnimation(.linear(duration: 1).speed(2)) { animator.set(s, to: 100) }
        animator.withAnimation(.linear(duration: 1).repeatCount(3, autoreverses: true)) { animator.set(r, to: 100) }
        animator.advance(to: 0.25)
        #expect(animator.value(d) == 0)
        #expect(animator.value(s) == 50)
        #expect(animator.value(r) == 25)
        animator.advance(to: 1.0)
        #expect(animator.value(d) == 50)
        #expect(animator.value(s) == 100 && !animator.isAnimating(s))
        animator.advance(to: 1.25)
        #expect(animator.value(r) == 75)   // second run goes back
        animator.advance(to: 2.25)
        #expect(animator.value(r) == 25)
        animator.advance(to: 3)
        #expect(animator.value(r) == 100 && !animator.isAnimating(r))
        // delay(1).speed(2) waits 0.5 s, as in SwiftUI.
        #expect(Animation.linear(duration: 1).delay(1).speed(2).delay == 0.5)
    }

    @Test func repeatForeverNeverCompletes() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        var done = false
        animator.withAnimation(.linear(duration: 1).repeatForever(autoreverses: false), completion: { done = true }) {
            animator.set(p, to: 10)
        }
        animator.advance(to: 100.5)
        #expect(abs(animator.value(p) - 5) < 1e-9)
        #expect(!done)
    }

    @Test func springMatchesClosedForm() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        animator.withAnimation(.spring(response: 0.5, dampingFraction: 0.5)) { animator.set(p, to: 10) }
        let w = 2 * Double.pi / 0.5
        for t in [0.05, 0.1, 0.2, 0.3, 0.5, 0.8] {
            animator.advance(to: t)
            let ref = 10 + underdamped(omega0: w, zeta: 0.5, x0: -10, v0: 0, t: t)
            #expect(abs(animator.value(p) - ref) < 1e-9, "t = \(t)")
        }
        // Settles: done once within 1e-4 of the change.
        animator.advance(to: 5)
        #expect(!animator.isAnimating(p) && animator.value(p) == 10)
    }

    @Test func interpolatingSpringWithInitialVelocity() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(2.0)
        let anim = Animation.interpolatingSpring(stiffness: 170, damping: 15, mass: 1, initialVelocity: 3)
        animator.withAnimation(anim) { animator.set(p, to: 12) }
        for t in [0.05, 0.2, 0.6] {
            animator.advance(to: t)
            // Displacement −10 from the target; progress velocity 3 per second = 30 units/s.
            let ref = rk4(k: 170, c: 15, x0: -10, v0: 30, t: t)
            #expect(abs(animator.value(p) - (12 + ref.x)) < 1e-7)
            #expect(abs(animator.velocity(p) - ref.v) < 1e-6)
        }
    }

    @Test func criticallyAndOverdampedSprings() {
        for (k, c) in [(100.0, 20.0), (100.0, 50.0)] {
            let animator = Animator(clock: VirtualClock())
            let p = animator.makeProperty(0.0)
            animator.withAnimation(.interpolatingSpring(stiffness: k, damping: c)) { animator.set(p, to: 1) }
            for t in [0.1, 0.3, 0.7] {
                animator.advance(to: t)
                #expect(abs(animator.value(p) - (1 + rk4(k: k, c: c, x0: -1, v0: 0, t: t).x)) < 1e-8)
            }
        }
    }

    @Test func retargetingACurveStartsFromThePresentedValue() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let p = animator.makeProperty(0.0)
        animator.withAnimation(.easeInOut(duration: 1)) { animator.set(p, to: 100) }
        clock.set(to: 0.3)
        animator.advance()
        let before = animator.value(p)
        #expect(abs(before - 100 * referenceBezier(0.42, 0, 0.58, 1, at: 0.3)) < 1e-6)
        animator.withAnimation(.linear(duration: 1)) { animator.set(p, to: 0) }
        #expect(animator.value(p) == before)
        animator.advance(to: 0.3 + 1e-9)
        #expect(abs(animator.value(p) - before) < 1e-6)
        animator.advance(to: 0.8)
        #expect(abs(animator.value(p) - before * 0.5) < 1e-9)
    }

    @Test func retargetingASpringKeepsItsVelocity() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let p = animator.makeProperty(0.0)
        let spring = Animation.interpolatingSpring(stiffness: 200, damping: 10)
        animator.withAnimation(spring) { animator.set(p, to: 100) }
        let t1 = 0.15
        clock.set(to: t1)
        animator.advance()
        let x1 = animator.value(p), v1 = animator.velocity(p)
        let ref = rk4(k: 200, c: 10, x0: -100, v0: 0, t: t1)
        #expect(abs(x1 - (100 + ref.x)) < 1e-7 && abs(v1 - ref.v) < 1e-6)
        animator.withAnimation(spring) { animator.set(p, to: 50) }
        #expect(animator.value(p) == x1)
        #expect(abs(animator.velocity(p) - v1) < 1e-9)
        // The new motion is the spring started from (x1 − 50, v1).
        for dt in [1e-4, 0.05, 0.3] {
            animator.advance(to: t1 + dt)
            let r = rk4(k: 200, c: 10, x0: x1 - 50, v0: v1, t: dt)
            #expect(abs(animator.value(p) - (50 + r.x)) < 1e-7)
            #expect(abs(animator.velocity(p) - r.v) < 1e-6)
        }
    }

    @Test func springTakesOverACurvesVelocity() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let p = animator.makeProperty(0.0)
        animator.withAnimation(.linear(duration: 2)) { animator.set(p, to: 100) }   // 50 units/s
        clock.set(to: 1)
        animator.advance()
        #expect(animator.value(p) == 50 && animator.velocity(p) == 50)
        animator.withAnimation(.interpolatingSpring(stiffness: 80, damping: 12)) { animator.set(p, to: 0) }
        #expect(animator.velocity(p) == 50)
        animator.advance(to: 1.25)
        let r = rk4(k: 80, c: 12, x0: 50, v0: 50, t: 0.25)
        #expect(abs(animator.value(p) - r.x) < 1e-7)
    }

    @Test func unanimatedChangeJumpsAndCompletesTheReplaced() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        var doneAt: Double?
        animator.withAnimation(.linear(duration: 1), completion: { doneAt = animator.now }) { animator.set(p, to: 10) }
        animator.advance(to: 0.4)
        animator.set(p, to: -3)
        #expect(animator.value(p) == -3 && !animator.isAnimating(p))
        animator.advance(to: 0.5)
        #expect(doneAt == 0.4)
    }

    @Test func completionFiresAtTheExactVirtualTime() {
        let animator = Animator(clock: VirtualClock(start: 1))
        let a = animator.makeProperty(0.0), b = animator.makeProperty(0.0)
        var log: [(String, Double)] = []
        animator.withAnimation(.easeInOut, completion: { log.append(("a", animator.now)) }) { animator.set(a, to: 1) }
        animator.withAnimation(.easeIn(duration: 0.2), completion: { log.append(("b", animator.now)) }) { animator.set(b, to: 1) }
        var emptyAt: Double?
        animator.withAnimation(.default, completion: { emptyAt = animator.now }) {}
        for k in 1 ... 60 { animator.advance(to: 1 + Double(k) / 60) }
        #expect(log.map(\.0) == ["b", "a"])
        let times: [Double] = log.map(\.1)
        let expected: [Double] = [1.0 + 0.2, 1.0 + 0.35]
        #expect(times == expected)
        #expect(emptyAt == 1)
    }

    @Test func completionKeepsItsExactTimeWhenTheClockRunsAhead() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let p = animator.makeProperty(0.0)
        var doneAt: Double?
        animator.withAnimation(.linear(duration: 1), completion: { doneAt = animator.now }) { animator.set(p, to: 1) }
        clock.set(to: 10)   // the frame being computed lags the clock
        animator.advance(to: 2)
        #expect(doneAt == 1)
    }

    @Test func aTransactionKeptPastItsCompletionTracksNothing() {
        let animator = Animator(clock: VirtualClock())
        let a = animator.makeProperty(0.0), b = animator.makeProperty(0.0)
        var kept = Transaction()
        var first = 0, second: Double?
        animator.withAnimation(.linear(duration: 1), completion: { first += 1 }) {
            kept = animator.transaction
            animator.set(a, to: 1)
        }
        animator.advance(to: 1)
        #expect(first == 1)
        // A new group takes the freed slot; the stale transaction must not join it.
        animator.withAnimation(.linear(duration: 0.5), completion: { second = animator.now }) { animator.set(b, to: 1) }
        animator.set(a, to: 5, transaction: kept)
        animator.advance(to: 3)
        #expect(second == 1.5)
        #expect(first == 1)
        #expect(animator.value(a) == 5)
    }

    @Test func scheduledCallbacksRunInTimeOrder() {
        let animator = Animator(clock: VirtualClock())
        var order: [Double] = []
        animator.schedule(at: 0.3) { order.append(animator.now) }
        animator.schedule(at: 0.1) { order.append(animator.now) }
        animator.schedule(at: 0.2) {
            order.append(animator.now)
            animator.schedule(after: 0.05) { order.append(animator.now) }
        }
        animator.advance(to: 1)
        #expect(order == [0.1, 0.2, 0.25, 0.3])
    }

    @Test func explicitTransactionAndDisabledAnimations() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        var tx = Transaction(animation: .linear(duration: 1))
        tx.disablesAnimations = true
        animator.set(p, to: 4, transaction: tx)
        #expect(animator.value(p) == 4)
        animator.set(p, to: 8, transaction: Transaction(animation: .linear(duration: 1)))
        animator.advance(to: 0.5)
        #expect(animator.value(p) == 6)
    }

    @Test func scopeAnimatesOnlyWhenItsValueChanges() {
        let animator = Animator(clock: VirtualClock())
        let p = animator.makeProperty(0.0)
        var scope = AnimationScope<Bool>(.linear(duration: 1))
        animator.animation(&scope, value: false) { animator.set(p, to: 1) }   // first sight: records only
        #expect(animator.value(p) == 1)
        animator.animation(&scope, value: true) { animator.set(p, to: 2) }
        animator.advance(to: 0.5)
        #expect(animator.value(p) == 1.5)
        animator.animation(&scope, value: true) { animator.set(p, to: 0) }   // unchanged: no animation
        #expect(animator.value(p) == 0)
    }
}
