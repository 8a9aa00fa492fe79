import Testing
@testable import Animation

private func easeInOut(_ x: Double) -> Double {
    // Bisection on the Bernstein form of (0.42, 0, 0.58, 1).
    func bern(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let m = 1 - s
        return 3 * m * m * s * p1 + 3 * m * s * s * p2 + s * s * s
    }
    let x = min(max(x, 0), 1)
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 {
        let mid = (lo + hi) / 2
        if bern(0.42, 0.58, mid) < x { lo = mid } else { hi = mid }
    }
    return bern(0, 1, (lo + hi) / 2)
}

/// The seed's zoom-to-tribune: zoom for 0.7 s, then the selection for 0.3 s (reversed on the
/// way out). Frames every 13 ms so that no frame lands on the hand-over time.
@Suite struct LinkedAnimationTests {
    @Test func forwardRunsZoomThenSelection() {
        let animator = Animator(clock: VirtualClock())
        let zoom = animator.makeProperty(1.0), selection = animator.makeProperty(0.0)
        var doneAt: Double?
        let zoomIn = LinkedAnimation.easeInOut(for: 0.7) { animator.set(zoom, to: 3) }
        let select = LinkedAnimation.easeInOut(for: 0.3) { animator.set(selection, to: 1) }
        zoomIn.link(to: select, on: animator) { doneAt = animator.now }
        var t = 0.0
        while t < 1.2 {
            t += 0.013
            animator.advance(to: t)
            let z = 1 + 2 * easeInOut(t / 0.7)
            let s = t < 0.7 ? 0 : easeInOut((t - 0.7) / 0.3)
            #expect(abs(animator.value(zoom) - z) < 1e-6, "zoom at \(t)")
            #expect(abs(animator.value(selection) - s) < 1e-6, "selection at \(t)")
        }
        #expect(doneAt == 0.7 + 0.3)
    }

    @Test func reversedRunsSelectionThenZoom() {
        let animator = Animator(clock: VirtualClock(start: 10))
        let zoom = animator.makeProperty(3.0), selection = animator.makeProperty(1.0)
        var doneAt: Double?
        let zoomOut = LinkedAnimation.easeInOut(for: 0.7) { animator.set(zoom, to: 1) }
        let deselect = LinkedAnimation.easeInOut(for: 0.3) { animator.set(selection, to: 0) }
        zoomOut.link(to: deselect, reverse: true, on: animator) { doneAt = animator.now }
        animator.advance(to: 10.15)
        #expect(abs(animator.value(selection) - 0.5) < 1e-9)
        #expect(animator.value(zoom) == 3)
        animator.advance(to: 10.3 + 0.35)
        #expect(animator.value(selection) == 0)
        #expect(abs(animator.value(zoom) - 2) < 1e-6)
        animator.advance(to: 12)
        #expect(animator.value(zoom) == 1)
        #expect(doneAt == 10 + 0.3 + 0.7)
    }

    @Test func handOverHappensAtTheExactTimeEvenWithinOneLongFrame() {
        // One advance across the whole timeline: the second step still starts at 0.7.
        let animator = Animator(clock: VirtualClock())
        let a = animator.makeProperty(0.0), b = animator.makeProperty(0.0)
        LinkedAnimation.linear(for: 0.7) { animator.set(a, to: 1) }
            .link(to: .linear(for: 0.3) { animator.set(b, to: 3) }, on: animator)
        animator.advance(to: 0.85)
        #expect(animator.value(a) == 1)
        #expect(abs(animator.value(b) - 1.5) < 1e-12)
    }
}
