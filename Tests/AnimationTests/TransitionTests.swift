#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Geometry
@testable import Animation

private func mapped(_ s: TransitionState, _ p: Point) -> Point { p.applying(s.transform) }
private func close(_ a: Point, _ b: Point, _ tol: Double = 1e-12) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

@Suite struct TransitionTests {
    let size = Size(width: 200, height: 100)

    @Test func identityAndOpacity() {
        #expect(Transition.identity.state(progress: 0, size: size).isIdentity)
        #expect(Transition.opacity.state(progress: 0, size: size).opacity == 0)
        #expect(Transition.opacity.state(progress: 0.25, size: size).opacity == 0.25)
        #expect(Transition.opacity.state(progress: 1, size: size).isIdentity)
    }

    @Test func scaleAboutAnchor() {
        let t = Transition.scale(0.5, anchor: .bottomTrailing)
        let s0 = t.state(progress: 0, size: size)
        // The anchor (200, 100) stays put; the origin moves halfway to it.
        #expect(close(mapped(s0, Point(x: 200, y: 100)), Point(x: 200, y: 100)))
        #expect(close(mapped(s0, Point(x: 0, y: 0)), Point(x: 100, y: 50)))
        #expect(t.state(progress: 1, size: size).transform.isIdentity)
        let centre = Transition.scale.state(progress: 0, size: size)
        #expect(close(mapped(centre, Point(x: 13, y: 77)), Point(x: 100, y: 50)))
    }

    @Test func moveThroughEachEdge() {
        let expected: [(Edge, Point)] = [
            (.top, Point(x: 0, y: -100)), (.bottom, Point(x: 0, y: 100)),
            (.leading, Point(x: -200, y: 0)), (.trailing, Point(x: 200, y: 0)),
        ]
        for (edge, p) in expected {
            let s = Transition.move(edge: edge).state(progress: 0, size: size)
            #expect(close(mapped(s, .zero), p), "\(edge)")
            let half = Transition.move(edge: edge).state(progress: 0.5, size: size)
            #expect(close(mapped(half, .zero), Point(x: p.x / 2, y: p.y / 2)))
            #expect(Transition.move(edge: edge).state(progress: 1, size: size).isIdentity)
        }
    }

    @Test func slideIsAsymmetric() {
        let ins = Transition.slide.state(progress: 0, size: size, phase: .insertion)
        let rem = Transition.slide.state(progress: 0, size: size, phase: .removal)
        #expect(close(mapped(ins, .zero), Point(x: -200, y: 0)))
        #expect(close(mapped(rem, .zero), Point(x: 200, y: 0)))
        // Symmetric transitions remove the way they came in.
        let o = Transition.offset(x: 30, y: -4)
        #expect(o.state(progress: 0.3, size: size, phase: .removal) == o.state(progress: 0.3, size: size, phase: .insertion))
        let a = Transition.asymmetric(insertion: .opacity, removal: .scale)
        #expect(a.state(progress: 0, size: size, phase: .insertion).opacity == 0)
        #expect(a.state(progress: 0, size: size, phase: .removal).opacity == 1)
    }

    @Test func combinedAppliesBoth() {
        let t = Transition.opacity.combined(with: .offset(x: 10, y: 20))
        let s = t.state(progress: 0.5, size: size)
        #expect(s.opacity == 0.5)
        #expect(close(mapped(s, Point(x: 1, y: 1)), Point(x: 6, y: 11)))
        // Scale first, then move: the offset is not scaled.
        let sm = Transition.scale(0).combined(with: .move(edge: .top)).state(progress: 0, size: size)
        #expect(close(mapped(sm, Point(x: 7, y: 9)), Point(x: 100, y: -50)))
    }

    @Test func customModifierInterpolates() {
        let t = Transition.modifier(active: SkewedOffset(offset: -300, progress: 0, goingRight: true),
                                    identity: SkewedOffset(offset: 0, progress: 1, goingRight: true))
        let s = t.state(progress: 0.5, size: size)
        // Offset −150, progress 0.5: full skew −0.5 → x' = x − 0.5·y − 150.
        #expect(close(mapped(s, Point(x: 10, y: 20)), Point(x: 10 - 10 - 150, y: 20)))
        #expect(t.state(progress: 1, size: size).transform == ProjectionTransform(AffineTransform.identity))
    }

    @Test func headerSlidesOutToTheTop() {
        // The header leaves with move(edge: .top) under an animator: progress 1 → 0.
        let animator = Animator(clock: VirtualClock())
        let progress = animator.makeProperty(1.0)
        animator.withAnimation(.linear(duration: 0.4)) { animator.set(progress, to: 0) }
        animator.advance(to: 0.1)
        let s = Transition.move(edge: .top).state(progress: animator.value(progress), size: Size(width: 800, height: 60), phase: .removal)
        #expect(close(mapped(s, .zero), Point(x: 0, y: -15)))
    }
}

@Suite struct EffectTests {
    @Test func skewKeyframes() {
        func skew(_ p: Double, right: Bool = false) -> Double {
            SkewedOffset(offset: 0, progress: p, goingRight: right).skew
        }
        #expect(abs(skew(0.1) - 0.25) < 1e-15)
        #expect(skew(0.5) == 0.5)
        #expect(abs(skew(0.9) - 0.25) < 1e-12)
        #expect(skew(0) == 0 && skew(1) == 0)
        #expect(skew(0.2) == 0.5 && skew(0.8) == 0.5)
        #expect(abs(skew(0.1, right: true) + 0.25) < 1e-15)
        let t = SkewedOffset(offset: 40, progress: 0.5, goingRight: false).effectValue(size: Size(width: 10, height: 10))
        #expect(Point(x: 1, y: 2).applying(t) == Point(x: 1 + 0.5 * 2 + 40, y: 2))
    }

    @Test func flipSidesChangeExactlyAt90And270() {
        func back(_ a: Double) -> Bool { FlipEffect(angle: a).showsBackSide }
        #expect(!back(0) && !back(89.999999))
        #expect(back(90) && back(180) && back(269.999999))
        #expect(!back(270) && !back(359))
        #expect(!back(360) && back(450) && back(-180))
        #expect(back(-90.000001) && !back(-90))   // −90° is 270°
    }

    @Test func flipProjection() {
        let size = Size(width: 200, height: 100)
        let d = 200.0
        // Angle 0 and 180 (back side swapped in) are both the identity.
        for a in [0.0, 180.0] {
            let t = FlipEffect(angle: a).effectValue(size: size)
            for p in [Point(x: 0, y: 0), Point(x: 200, y: 100), Point(x: 37, y: 81)] {
                let q = p.applying(t)
                #expect(abs(q.x - p.x) < 1e-9 && abs(q.y - p.y) < 1e-9)
            }
        }
        // 60° about the vertical axis: centred X turns to X·cos θ at depth −X·sin θ, seen
        // through the perspective w = 1 + X·sin θ / d.
        let theta = 60.0 * .pi / 180
        let t = FlipEffect(angle: 60).effectValue(size: size)
        for p in [Point(x: 0, y: 0), Point(x: 200, y: 100), Point(x: 150, y: 20)] {
            let X = p.x - 100, Y = p.y - 50
            let w = 1 + X * sin(theta) / d
            let ref = Point(x: X * cos(theta) / w + 100, y: Y / w + 50)
            let q = p.applying(t)
            #expect(abs(q.x - ref.x) < 1e-9 && abs(q.y - ref.y) < 1e-9, "\(p): \(q) vs \(ref)")
        }
        // 120° shows the back side turned by −60°: the mirror image of 60° about the centre.
        let back = FlipEffect(angle: 120).effectValue(size: size)
        let p = Point(x: 150, y: 20)
        let q = p.applying(back), X = 50.0, Y = -30.0
        let w = 1 - X * sin(theta) / d
        #expect(abs(q.x - (X * cos(theta) / w + 100)) < 1e-9 && abs(q.y - (Y / w + 50)) < 1e-9)
    }

    @Test func flipMidAnimationSwapsContent() {
        let animator = Animator(clock: VirtualClock())
        let angle = animator.makeProperty(0.0)
        animator.withAnimation(.linear(duration: 1)) { animator.set(angle, to: 180) }
        var swappedAt: Double?
        for k in 1 ... 100 {
            animator.advance(to: Double(k) / 100)
            if swappedAt == nil, FlipEffect(angle: animator.value(angle)).showsBackSide { swappedAt = animator.time }
        }
        #expect(swappedAt == 0.5)
    }

    @Test func followPath() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        path.addLine(to: Point(x: 100, y: 100))
        let mid = FollowPathEffect(progress: 0.25, path: path)
        #expect(mid.pathPoint.map { abs($0.point.x - 50) < 1e-9 && abs($0.point.y) < 1e-9 } == true)
        let t1 = mid.effectValue(size: Size(width: 10, height: 10))
        let q1 = Point(x: 1, y: 0).applying(t1)
        #expect(abs(q1.x - 51) < 1e-9 && abs(q1.y) < 1e-9)
        // On the second leg the heading is +90° (down on screen): local +x maps to +y.
        let t2 = FollowPathEffect(progress: 0.75, path: path).effectValue(size: .zero)
        let q2 = Point(x: 1, y: 0).applying(t2)
        #expect(abs(q2.x - 100) < 1e-9 && abs(q2.y - 51) < 1e-9)
        let noTurn = FollowPathEffect(progress: 0.75, path: path, rotates: false).effectValue(size: .zero)
        #expect(Point(x: 1, y: 0).applying(noTurn) == Point(x: 101, y: 50))
        #expect(FollowPathEffect(progress: 0.5, path: Path()).effectValue(size: .zero) == .identity)
    }

}
