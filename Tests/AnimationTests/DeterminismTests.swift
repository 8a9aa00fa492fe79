import Testing
import Geometry
@testable import Animation

/// Headless replay must be byte-identical run to run.
@Suite struct DeterminismTests {
    static func script() -> [UInt64] {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let zoom = animator.makeProperty(1.0)
        let offset = animator.makeProperty(Point(x: 0, y: 0))
        let angle = animator.makeProperty(Angle.degrees(0))
        let tint = animator.makeProperty(AnimatableColor(red: 1, green: 0, blue: 0))
        let transform = animator.makeProperty(AffineTransform.identity)
        let seats = (0 ..< 50).map { _ in animator.makeProperty(0.0) }
        var samples: [UInt64] = []
        var completions = 0
        for frame in 0 ..< 240 {
            clock.set(to: Double(frame) / 60)
            animator.advance()
            switch frame {
            case 5:
                LinkedAnimation.easeInOut(for: 0.7) { animator.set(zoom, to: 2.5) }
                    .link(to: .easeInOut(for: 0.3) {
                        for (i, s) in seats.enumerated() {
                            animator.withAnimation(.easeOut(duration: 0.3).delay(Double(i) * 0.01)) { animator.set(s, to: 1) }
                        }
                    }, on: animator) { completions += 1 }
            case 20:
                animator.withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) {
                    animator.set(offset, to: Point(x: 120, y: -40))
                    animator.set(angle, to: .degrees(170))
                }
            case 31:
                animator.withAnimation(.spring()) { animator.set(offset, to: Point(x: -30, y: 10)) }
                animator.withAnimation(.interpolatingSpring(stiffness: 120, damping: 9)) { animator.set(angle, to: .degrees(-170)) }
            case 50:
                animator.withAnimation(.linear(duration: 1).repeatCount(2)) {
                    animator.set(tint, to: AnimatableColor(red: 0, green: 0, blue: 1, opacity: 0.5))
                    animator.set(transform, to: AffineTransform(rotationAngle: 2).scaledBy(x: 2, y: 0.5))
                }
            default: break
            }
            samples.append(animator.value(zoom).bitPattern)
            let o = animator.value(offset); samples.append(o.x.bitPattern); samples.append(o.y.bitPattern)
            samples.append(animator.value(angle).radians.bitPattern)
            let c = animator.value(tint); samples.append(c.red.bitPattern); samples.append(c.alpha.bitPattern)
            let t = animator.value(transform); samples.append(t.a.bitPattern); samples.append(t.c.bitPattern)
            for s in seats { samples.append(animator.value(s).bitPattern) }
        }
        samples.append(UInt64(completions))
        return samples
    }

    @Test func scriptedTimelineIsBitIdenticalAcrossRuns() {
        let a = Self.script(), b = Self.script()
        #expect(a.count == b.count)
        #expect(a == b)
        #expect(a.last == 1)
        // It actually moved: many distinct zoom values.
        #expect(Set(a).count > 500)
    }
}
