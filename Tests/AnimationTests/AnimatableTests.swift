
import Testing
import Geometry
@testable import Animation

@Suite struct AnimatableTests {
    @Test func pairsFlattenInOrder() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        var buf = [Double](repeating: 0, count: 4)
        buf.withUnsafeMutableBufferPointer { r.animatableData.store(into: $0.baseAddress!) }
        #expect(buf == [1, 2, 3, 4])
        #expect(type(of: r.animatableData).scalarCount == 4)
        let back = buf.withUnsafeBufferPointer { Rect.AnimatableData(loadingFrom: $0.baseAddress!) }
        #expect(back == r.animatableData)
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).interpolated(to: r, at: 0.5) == Rect(x: 0.5, y: 1, width: 6.5, height: 7))
    }

    @Test func colorsInterpolatePremultiplied() {
        let red = AnimatableColor(red: 1, green: 0, blue: 0, opacity: 1)
        let clearBlue = AnimatableColor(red: 0, green: 0, blue: 1, opacity: 0)
        let mid = red.interpolated(to: clearBlue, at: 0.5)
        // Premultiplied: (0.5, 0, 0, 0.5) — straight it is pure red at half opacity, no blue.
        #expect(mid == AnimatableColor(premultipliedRed: 0.5, green: 0, blue: 0, alpha: 0.5))
        let s = mid.straightComponents
        #expect(s.red == 1 && s.blue == 0 && s.opacity == 0.5)
    }

    @Test(arguments: [
        AffineTransform.identity,
        AffineTransform(rotationAngle: 2.5).scaledBy(x: 3, y: 0.5),
        AffineTransform(a: 1, b: 0, c: -0.7071, d: 1, tx: 12, ty: -4),
        AffineTransform(a: -1, b: 0.3, c: 0.2, d: 2, tx: 1, ty: 2),
        AffineTransform(scaleX: 1, y: -1).rotated(by: -1),
    ])
    func decompositionRoundTrips(t: AffineTransform) {
        let r = DecomposedTransform(t).transform
        for (x, y) in [(r.a, t.a), (r.b, t.b), (r.c, t.c), (r.d, t.d), (r.tx, t.tx), (r.ty, t.ty)] {
            #expect(abs(x - y) < 1e-12)
        }
    }

    @Test func decompositionOfAKnownComposition() {
        // Skew 0.5, then scale (2, 3), then rotate 30°, then translate (5, 6), composed by hand
        // with row-vector concatenation (first step first).
        let skew = AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        let t = skew.concatenating(AffineTransform(scaleX: 2, y: 3))
            .concatenating(AffineTransform(rotationAngle: .pi / 6))
            .concatenating(AffineTransform(translationX: 5, y: 6))
        let d = DecomposedTransform(t)
        #expect(abs(d.rotation - .pi / 6) < 1e-12)
        #expect(abs(d.scaleX - 2) < 1e-12 && abs(d.scaleY - 3) < 1e-12)
        #expect(abs(d.skew - 0.5) < 1e-12)
        #expect(d.translationX == 5 && d.translationY == 6)
    }

    @Test func transformRotationTakesTheShortWay() {
        let from = AffineTransform(rotationAngle: 170 * .pi / 180)
        let to = AffineTransform(rotationAngle: -170 * .pi / 180)
        let mid = from.interpolated(to: to, at: 0.5)
        // Halfway is 180°, not 0°.
        #expect(abs(mid.a - -1) < 1e-12 && abs(mid.b) < 1e-12)
    }

    @Test func animatedTransformIsExactAtTheEndPoints() {
        let animator = Animator(clock: VirtualClock())
        let from = AffineTransform(rotationAngle: 0.3).scaledBy(x: 1.7, y: 0.3).translatedBy(x: 0.1, y: 0.2)
        let to = AffineTransform(a: 0.1, b: 0.7, c: -0.3, d: 0.9, tx: 3, ty: 4)
        let p = animator.makeProperty(from)
        animator.withAnimation(.easeInOut(duration: 1).delay(0.5)) { animator.set(p, to: to) }
        #expect(animator.value(p) == from)
        animator.advance(to: 0.25)
        #expect(animator.value(p) == from)
        animator.advance(to: 1)
        let mid = animator.value(p)
        #expect(mid != from && mid != to)
        animator.advance(to: 1.5)
        #expect(animator.value(p) == to)
    }

    @Test func angleAndSizeAnimate() {
        #expect(Angle.degrees(0).interpolated(to: .degrees(90), at: 0.5).degrees == 45)
        #expect(Size(width: 2, height: 4).interpolated(to: Size(width: 4, height: 8), at: 0.25) == Size(width: 2.5, height: 5))
        #expect(Point(x: 0, y: 0).interpolated(to: Point(x: 10, y: 20), at: 1) == Point(x: 10, y: 20))
    }
}
