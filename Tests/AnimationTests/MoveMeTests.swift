import Testing
import Geometry
@testable import Animation

/// The seed's MoveMe demo: a square follows the finger and scales to 1.2 while pressed.
/// Frames at 60 Hz; the finger lands at (100, 100) and moves 6 px right per frame.
@Suite struct MoveMeTests {
    struct Frame { var finger: Point; var presented: Point; var scale: Double }

    static func run(update: (Animator, AnimatedProperty<Point>, AnimatedProperty<Double>, Point, Bool) -> Void) -> [Frame] {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let position = animator.makeProperty(Point(x: 50, y: 50))
        let scale = animator.makeProperty(1.0)
        var frames: [Frame] = []
        for k in 0 ..< 40 {
            clock.set(to: Double(k) / 60)
            animator.advance()
            let pressed = k < 30
            let finger = Point(x: 100 + 6 * Double(min(k, 29)), y: 100)
            update(animator, position, scale, finger, pressed)
            animator.advance()
            frames.append(Frame(finger: finger, presented: animator.value(position), scale: animator.value(scale)))
        }
        return frames
    }

    @Test func bugImplicitAnimationOnTheWholeViewMakesTheSquareLag() {
        // `.animation(.spring())` on the whole view: position and scale both animate.
        let frames = Self.run { animator, position, scale, finger, pressed in
            animator.animation(.spring()) {
                animator.set(position, to: finger)
                animator.set(scale, to: pressed ? 1.2 : 1)
            }
        }
        let mid = frames[15]
        #expect(mid.finger.x - mid.presented.x > 10, "the square should trail the finger: \(mid.presented) vs \(mid.finger)")
        #expect(frames.contains { $0.presented != $0.finger })
    }

    @Test func fixScopingTheAnimationToScaleKeepsTheCentreUnderTheFinger() {
        var scaleScope = AnimationScope<Bool>(.spring())
        let frames = Self.run { animator, position, scale, finger, pressed in
            animator.set(position, to: finger)
            animator.animation(&scaleScope, value: pressed) {
                animator.set(scale, to: pressed ? 1.2 : 1)
            }
        }
        // Every frame: the centre is exactly under the finger.
        for f in frames { #expect(f.presented == f.finger) }
        // The first touch records the scope's value; the press is seen at once and jumps, so
        // drive a press that the scope sees change: a second run starting unpressed.
        var scope2 = AnimationScope<Bool>(.spring())
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let position = animator.makeProperty(Point(x: 0, y: 0))
        let scale = animator.makeProperty(1.0)
        var scales: [Double] = []
        for k in 0 ..< 30 {
            clock.set(to: Double(k) / 60)
            animator.advance()
            let finger = Point(x: Double(k) * 6, y: 10)
            let pressed = k >= 1
            animator.set(position, to: finger)
            animator.animation(&scope2, value: pressed) { animator.set(scale, to: pressed ? 1.2 : 1) }
            animator.advance()
            #expect(animator.value(position) == finger)
            scales.append(animator.value(scale))
        }
        // The scale animates (strictly between 1 and 1.2 for a while) while the position never lags.
        #expect(scales[3] > 1 && scales[3] < 1.2)
        #expect(scales.filter { $0 > 1 && $0 < 1.2 }.count >= 5)
    }
}
