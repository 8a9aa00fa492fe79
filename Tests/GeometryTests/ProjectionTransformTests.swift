import Testing
@testable import Geometry

@Suite struct ProjectionTransformTests {
    let a = AffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)

    @Test func fromAffineEqualsAffineApplication() {
        let p = ProjectionTransform(a)
        #expect(p.isAffine && p.affineTransform == a)
        #expect(p.m11 == 2 && p.m12 == 1 && p.m13 == 0 && p.m21 == -1 && p.m22 == 3 && p.m31 == 5 && p.m32 == -7 && p.m33 == 1)
        for q in [Point(0, 0), Point(3, -4), Point(-10, 20)] { #expect(close(q.applying(p), q.applying(a))) }
        let b = AffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 1)
        let pb = ProjectionTransform(a).concatenating(ProjectionTransform(b))
        #expect(close(pb.affineTransform, a.concatenating(b), 1e-12) && pb.isAffine)
    }

    @Test func fromTransform3DDropsZ() {
        var persp = Transform3D.identity
        persp.m34 = -1.0 / 400
        let t = Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0).concatenating(persp)
            .concatenating(Transform3D(translationX: 10, y: 20, z: 30))
        let p = ProjectionTransform(t)
        #expect(p.m13 == t.m14 && p.m23 == t.m24 && p.m31 == t.m41 && p.m32 == t.m42 && p.m33 == t.m44)
        for q in [Point(0, 0), Point(30, -40), Point(100, 100)] {
            let r = t.apply(x: q.x, y: q.y, z: 0)
            #expect(close(q.applying(p), Point(r.x, r.y), 1e-9))
        }
    }

    @Test func projectiveMapAndInverse() {
        // A hand-made homography: w = 0.001·x + 1.
        let h = ProjectionTransform(m11: 1, m12: 0, m13: 0.001, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        #expect(close(Point(1000, 500).applying(h), Point(500, 250)))
        #expect(!h.isAffine)
        let inv = h.inverted()
        #expect(close(Point(500, 250).applying(inv), Point(1000, 500), 1e-9))
        var g = h
        #expect(g.invert() && g == inv)
        var s = ProjectionTransform(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 0, m32: 0, m33: 1)
        let before = s
        #expect(!s.invert() && s == before && s.inverted() == before)
        // Concatenation applies the receiver first.
        let t = ProjectionTransform(AffineTransform(translationX: 100, y: 0))
        #expect(close(Point(900, 500).applying(t.concatenating(h)), Point(1000 / 2.0, 500 / 2.0), 1e-9))
    }
}
