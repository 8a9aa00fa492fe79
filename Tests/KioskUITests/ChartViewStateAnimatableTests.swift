import Animation
import Geometry
import Seating
import Testing
@testable import KioskUI

/// The chart view state animates as one value (the Animation issue's "conformance for the
/// chart view state"), with expected values computed by hand.
@Suite struct ChartViewStateAnimatableTests {
    func states() -> (ChartViewState, ChartViewState) {
        var a = ChartViewState(viewSize: Size(width: 1920, height: 1080), chartSize: Size(width: 1000, height: 770))
        a.offset = Vector(dx: -40, dy: 10)
        a.zoom = 1.25
        a.zoomAnchor = .center
        a.rotation = .pi / 2
        var b = a
        b.offset = Vector(dx: 60, dy: -30)
        b.zoom = 25
        b.zoomAnchor = UnitPoint(x: 0.3, y: 0.7)
        b.rotation = .pi / 2 + 1
        b.drag = Vector(dx: 5, dy: 6)  // not animatable: taken from the target
        return (a, b)
    }

    @Test func interpolatesEveryCommittedPartLinearly() {
        let (a, b) = states()
        let m = a.interpolated(to: b, at: 0.25)
        #expect(m.offset == Vector(dx: -40 + 0.25 * 100, dy: 10 + 0.25 * -40))
        #expect(abs(m.zoom - (1.25 + 0.25 * 23.75)) < 1e-12)
        #expect(abs(m.zoomAnchor.x - 0.45) < 1e-12 && abs(m.zoomAnchor.y - 0.55) < 1e-12)
        #expect(abs(m.rotation - (.pi / 2 + 0.25)) < 1e-12)
        #expect(m.drag == b.drag)
        #expect(a.interpolated(to: b, at: 0) == a)
        #expect(a.interpolated(to: b, at: 1) == b)
    }

    @Test func animatorMovesTheWholeViewStateOnTheVirtualClock() {
        let (a, b) = states()
        let clock = VirtualClock(start: 0)
        let animator = Animator(clock: clock)
        let view = animator.makeProperty(a)
        animator.withAnimation(.linear(duration: 0.7)) { animator.set(view, to: b) }
        clock.set(to: 0.35)
        animator.advance()
        let half = animator.value(view)
        #expect(abs(half.zoom - (1.25 + 25) / 2) < 1e-9)
        #expect(abs(half.offset.dx - 10) < 1e-9 && abs(half.offset.dy - -10) < 1e-9)
        #expect(abs(half.rotation - (.pi / 2 + 0.5)) < 1e-9)
        clock.set(to: 0.7)
        animator.advance()
        #expect(animator.value(view) == b)
        #expect(!animator.isAnimating(view))
    }
}
