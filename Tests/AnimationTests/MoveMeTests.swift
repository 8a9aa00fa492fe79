import Testing
import Geometry
@testable import Animation

/// The seed's MoveMe demo: a square follows the finger and scales to 1.2 while pressed.
/// Frames at 60 Hz: frame 0 idle, the finger lands at (100, 100) on frame 1, moves 6 px right
/// per frame, and lifts on frame 30.
@Suite struct MoveMeTests {
    struct Frame { var finger: Point; var presented: Point; var scale: Double }

    typealias Update = (Animator, AnimatedProperty<Point>, AnimatedProperty<Double>, Point, Bool) -> Void

    static func run(_ update: Update) -> [Frame] {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let position = animator.makeProperty(Point(x: 100, y: 100))
        let scale = animator.makeProperty(1.0)
        var frames: [Frame] = []
        for k in 0 ..< 45 {
            clock.set(to: Double(k) / 60)
            animator.advance()
            let pressed = k >= 1 && k < 30
            let finger = Point(x: 100 + 6 * Double(min(max(k - 1, 0), 28)), y: 100)
            update(animator, position, scale, finger, pressed)
            animator.advance()
            frames.append(Frame(finger: finger, presented: animator.value(position), scale: animator.value(scale)))
        }
        return frames
    }

    @Test func bugImplicitAnimationOnTheWholeViewMakesTheSquareLag() {
        // `.animation(.spring())` on the whole view: the position animates with the scale.
        let frames = Self.run { animator, position, scale, finger, pressed in
            animator.animation(.spring()) {
                animator.set(position, to: finger)
                animator.set(scale, to: pressed ? 1.2 : 1)
            }
        }
        let mid = frames[15]
        #expect(mid.finger.x - mid.presented.x > 10, "the square should trail the finger: \(mid.presented) vs \(mid.finger)")
        #expect(frames[2 ..< 30].allSatisfy { $0.presented.x < $0.finger.x })
    }

    @Test func fixScopingTheAnimationToScaleKeepsTheCentreUnderTheFinger() {
        // `.scaleEffect(scale).animation(.spring(), value: pressed)` then `.position(finger)`.
        var scaleScope = AnimationScope<Bool>(.spring())
        let frames = Self.run { animator, position, scale, finger, pressed in
            animator.set(position, to: finger)
            animator.animation(&scaleScope, value: pressed) {
                animator.set(scale, to: pressed ? 1.2 : 1)
            }
        }
        // Every frame the centre is exactly under the finger…
        for f in frames { #expect(f.presented == f.finger) }
        // …while the scale animates in after the press and out after the release.
        #expect(frames[0].scale == 1)
        #expect(frames[3].scale > 1 && frames[3].scale < 1.2)
        #expect(frames[1 ..< 30].filter { $0.scale > 1 && $0.scale < 1.2 }.count >= 5)
        #expect(frames[32].scale > 1 && frames[32].scale < 1.2)
    }
}
