import Testing
import Geometry
@testable import Animation

@Suite struct KeyframesTests {
    @Test func keyframesWithCurves() {
        let k = Keyframes(0.0).keyframe(10, at: 0.5, curve: .easeIn).linear(to: 0, at: 1)
        #expect(abs(k.value(at: 0.25) - 10 * UnitCurve.easeIn.value(at: 0.5)) < 1e-12)
        #expect(k.value(at: 0.75) == 5)
        #expect(k.value(at: -1) == 0 && k.value(at: 2) == 0)
    }


    @Test func timelineInSeconds() {
        let pop = Keyframes(1.0).then(1.3, after: 0.1).then(1, after: 0.2, curve: .easeOut)
        #expect(abs(pop.duration - 0.3) < 1e-15)
        #expect(abs(pop.value(at: 0.05) - 1.15) < 1e-12)
        #expect(pop.value(at: 0.1) == 1.3)
        #expect(pop.value(at: 1) == 1)
        // Driven by an animator: a linear 0 → duration property is the timeline's clock.
        let animator = Animator(clock: VirtualClock())
        let t = animator.makeProperty(0.0)
        animator.withAnimation(.linear(duration: pop.duration)) { animator.set(t, to: pop.duration) }
        animator.advance(to: 0.05)
        #expect(abs(pop.value(at: animator.value(t)) - 1.15) < 1e-12)
    }

    @Test func trimDrawsIn() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        #expect(TrimEnds.full.apply(to: path) == path)
        #expect(TrimEnds.hidden.apply(to: path).isEmpty)
        let animator = Animator(clock: VirtualClock())
        let trim = animator.makeProperty(TrimEnds.hidden)
        animator.withAnimation(.linear(duration: 0.5)) { animator.set(trim, to: .full) }
        animator.advance(to: 0.2)
        #expect(animator.value(trim) == TrimEnds(start: 0, end: 0.4))
        let part = animator.value(trim).apply(to: path)
        #expect(part.currentPoint.map { abs($0.x - 40) < 1e-9 } == true)
    }
}
