import Testing
@testable import Geometry

@Suite struct AffineTransformTests {
    let translate = AffineTransform(translationX: 10, y: 20)
    let scale = AffineTransform(scaleX: 2, y: 3)

    @Test func concatenationAppliesReceiverFirst() {
        // T then S: (1, 1) → (11, 21) → (22, 63).
        let ts = translate.concatenating(scale)
        #expect(Point(1, 1).applying(ts) == Point(22, 63))
        #expect(ts == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
        // S then T: (1, 1) → (2, 3) → (12, 23).
        let st = scale.concatenating(translate)
        #expect(Point(1, 1).applying(st) == Point(12, 23))
        #expect(st == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        #expect(ts != st)
    }

    @Test func generalProductByHand() {
        // [1 2 3 4 5 6] · [7 8 9 10 11 12] with CG's row-vector layout:
        // a = 1·7 + 2·9 = 25, b = 1·8 + 2·10 = 28, c = 3·7 + 4·9 = 57, d = 3·8 + 4·10 = 64,
        // tx = 5·7 + 6·9 + 11 = 100, ty = 5·8 + 6·10 + 12 = 112.
        let m = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
            .concatenating(AffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12))
        #expect(m == AffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
    }

    @Test func stepsArePrepended() {
        // rotated: the rotation happens first. (1, 0) turns to (0, 1) (clockwise on a y-down
        // screen), then moves by (10, 20).
        #expect(close(Point(1, 0).applying(translate.rotated(by: .pi / 2)), Point(10, 21)))
        // scaledBy: (1, 1) → (2, 3) → (12, 23).
        #expect(Point(1, 1).applying(translate.scaledBy(x: 2, y: 3)) == Point(12, 23))
        // translatedBy: (1, 1) → (11, 21) → (22, 63).
        #expect(Point(1, 1).applying(scale.translatedBy(x: 10, y: 20)) == Point(22, 63))
    }

    @Test func rotationMatrixAndDirection() {
        let r = AffineTransform(rotationAngle: .pi / 6)
        #expect(close(r.a, 3.0.squareRoot() / 2) && close(r.b, 0.5) && close(r.c, -0.5) && close(r.d, 3.0.squareRoot() / 2))
        // +x turns towards +y (down on screen): clockwise.
        #expect(Point(1, 0).applying(AffineTransform(rotationAngle: .pi / 2)).y > 0.999)
    }

    @Test func inversionByHandAndRoundTrip() {
        // det = 2·3 − 1·(−1) = 7; inverse [3/7, −1/7, 1/7, 2/7, −8/7, 19/7] by hand.
        let t = AffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let inv = t.inverted()
        #expect(close(inv, AffineTransform(a: 3.0 / 7, b: -1.0 / 7, c: 1.0 / 7, d: 2.0 / 7, tx: -8.0 / 7, ty: 19.0 / 7)))
        #expect(close(t.concatenating(inv), .identity))
        #expect(close(inv.concatenating(t), .identity))
        for p in [Point(0, 0), Point(3, -4), Point(1e3, 2e3)] {
            #expect(close(p.applying(t).applying(inv), p, 1e-9 * max(1, abs(p.x) + abs(p.y))))
        }
    }

    @Test func singularInversionReturnsReceiver() {
        let s = AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)   // det = 0
        #expect(s.inverted() == s)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == AffineTransform(scaleX: 0, y: 1))
    }

    @Test func rectMapsToBoundingBoxOfCorners() {
        // A 2×2 square rotated 45° about its min corner: corners (0,0), (√2,√2), (−√2,√2), (0,2√2).
        let r = Rect(x: 0, y: 0, width: 2, height: 2).applying(AffineTransform(rotationAngle: .pi / 4))
        let s2 = 2.0.squareRoot()
        #expect(close(r, Rect(x: -s2, y: 0, width: 2 * s2, height: 2 * s2)))
        // A mirror keeps a standardized result.
        let m = Rect(x: 1, y: 2, width: 3, height: 4).applying(AffineTransform(scaleX: -1, y: 1))
        #expect(m == Rect(x: -4, y: 2, width: 3, height: 4))
        #expect(Rect.null.applying(translate).isNull)
    }

    @Test func determinantAndMaximumScale() {
        #expect(AffineTransform(scaleX: 2, y: -3).determinant == -6)
        #expect(close(AffineTransform(scaleX: 2, y: -3).rotated(by: 0.3).maximumScale, 3))
    }
}
