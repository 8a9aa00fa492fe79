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
