#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Geometry

func close(_ a: Transform3D, _ b: Transform3D, _ eps: Double = 1e-9) -> Bool {
    zip(a.rows.joined(), b.rows.joined()).allSatisfy { abs($0 - $1) <= eps }
}

@Suite struct Transform3DTests {
    @Test func concatenationAppliesReceiverFirst() {
        let t = Transform3D(translationX: 1, y: 2, z: 3), s = Transform3D(scaleX: 2, y: 3, z: 4)
        // T then S: (1, 1, 1) → (2, 3, 4) → (4, 9, 16).
        let ts = t.concatenating(s).apply(x: 1, y: 1, z: 1)
        #expect(ts.x == 4 && ts.y == 9 && ts.z == 16)
        // S then T: (1, 1, 1) → (2, 3, 4) → (3, 5, 7).
        let st = s.concatenating(t).apply(x: 1, y: 1, z: 1)
        #expect(st.x == 3 && st.y == 5 && st.z == 7)
        // translatedBy prepends (CATransform3DTranslate): same as T then S.
        #expect(s.translatedBy(x: 1, y: 2, z: 3) == t.concatenating(s))
        #expect(t.scaledBy(x: 2, y: 3, z: 4) == s.concatenating(t))
        // The translation sits in the fourth row.
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3)
    }

    @Test func rotationAboutZEqualsAffineRotation() {
        for angle in [0.0, 0.7, -2.1, .pi] {
            let r = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 5)
            #expect(r.isAffine)
            #expect(close(r.affineTransform, AffineTransform(rotationAngle: angle), 1e-12))
            let q = Transform3D.identity.rotated(by: angle, x: 0, y: 0, z: 1)
            #expect(close(q, Transform3D(affine: AffineTransform(rotationAngle: angle)), 1e-12))
        }
    }

    @Test func rotationAboutXAndYIsRightHanded() {
        // About +x by 90°: +y goes to +z; about +y by 90°: +z goes to +x.
        let rx = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0).apply(x: 0, y: 1, z: 0)
        #expect(abs(rx.x) < 1e-12 && abs(rx.y) < 1e-12 && abs(rx.z - 1) < 1e-12)
        let ry = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).apply(x: 0, y: 0, z: 1)
        #expect(abs(ry.x - 1) < 1e-12 && abs(ry.y) < 1e-12 && abs(ry.z) < 1e-12)
        // A zero axis is the identity.
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity)
    }

    @Test func perspectiveDivide() {
        let p = Transform3D(perspectiveDistance: 500)
        #expect(p.m34 == -1.0 / 500 && Transform3D(perspectiveDistance: 0) == .identity)
        // w = 1 − z/500 = 0.8 at z = 100: (100, 50, 100) → (125, 62.5, 125).
        let q = p.apply(x: 100, y: 50, z: 100)
        #expect(close(q.x, 125) && close(q.y, 62.5) && close(q.z, 125))
        // A card turned by 60° about y, then seen in perspective: the point (100, 0, 0) goes to
        // (100·cos 60°, 0, −100·sin 60°) and divides by w = 1 + 100·sin 60°/500.
        let flip = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0).concatenating(p)
        let sin60: Double = 3.0.squareRoot() / 2
        let w: Double = 1 + 100 * sin60 / 500
        let expectedX: Double = 50 / w
        #expect(close(flip.apply(x: 100, y: 0, z: 0).x, expectedX, 1e-9))
        #expect(close(Point(100, 0).applying(flip), Point(expectedX, 0), 1e-9))
        #expect(close(Point(100, 0).applying(ProjectionTransform(flip)), Point(expectedX, 0), 1e-9))
        #expect(!ProjectionTransform(flip).isAffine)
    }

    @Test func inversionRoundTrip() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 800
        let t = Transform3D(rotationAngle: 0.8, x: 1, y: 2, z: 3).translatedBy(x: 5, y: -7, z: 2)
            .scaledBy(x: 2, y: 0.5, z: 3).concatenating(p)
        #expect(close(t.concatenating(t.inverted()), .identity, 1e-12))
        #expect(close(t.inverted().concatenating(t), .identity, 1e-12))
        let singular = Transform3D(scaleX: 1, y: 1, z: 0)
        #expect(singular.inverted() == singular)
        #expect(close(t.determinant * t.inverted().determinant, 1, 1e-12))
        #expect(Transform3D(scaleX: 2, y: 3, z: 4).determinant == 24)
    }

    @Test func affineEmbedding() {
        let a = AffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let t = Transform3D(affine: a)
        #expect(t.isAffine && t.affineTransform == a)
        for p in [Point(0, 0), Point(3, -4), Point(10, 20)] {
            #expect(close(p.applying(t), p.applying(a)))
        }
        let b = AffineTransform(rotationAngle: 0.3).translatedBy(x: 1, y: 2)
        #expect(close(Transform3D(affine: a).concatenating(Transform3D(affine: b)), Transform3D(affine: a.concatenating(b)), 1e-12))
    }
}
