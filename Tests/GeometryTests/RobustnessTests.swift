import Testing
@testable import Geometry

/// NaN and ±∞ anywhere must never trap; builders drop non-finite input, so a path never holds
/// a non-finite point.
@Suite struct RobustnessTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
    static let badTransforms: [AffineTransform] = bad.flatMap { v in
        [AffineTransform(a: v, b: 0, c: 0, d: 1, tx: 0, ty: 0), AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: v, ty: 0),
         AffineTransform(rotationAngle: v), AffineTransform(scaleX: v, y: v)]
    }

    func allFinite(_ p: Path) -> Bool { p.points.allSatisfy(\.isFinite) }

    @Test func shapeBuildersDropNonFiniteInput() {
        for v in Self.bad {
            let rects = [Rect(x: v, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: v, height: 10),
                         Rect(x: 0, y: v, width: 10, height: v), Rect.null, Rect.infinite]
            for r in rects {
                var p = Path()
                p.addEllipse(in: r)
                p.addRoundedRect(in: r, cornerRadius: 3)
                p.addRoundedRect(in: r, cornerRadius: 3, style: .continuous)
                p.addRect(r)
                #expect(allFinite(p))
                _ = p.boundingRect; _ = p.controlPointBounds
                _ = p.contains(Point(1, 1)); _ = p.flattened(tolerance: 0.1)
            }
            var q = Path()
            let good = Rect(x: 0, y: 0, width: 10, height: 10)
            q.addRoundedRect(in: good, cornerSize: Size(v, 2))
            q.addRoundedRect(in: good, cornerSize: Size(2, v), style: .continuous)
            q.addRoundedRect(in: good, cornerRadius: v)
            q.addArc(center: Point(5, 5), radius: v, startAngle: .zero, endAngle: .radians(1), clockwise: false)
            q.addArc(center: Point(5, 5), radius: 3, startAngle: .radians(v), endAngle: .radians(1), clockwise: false)
            q.move(to: Point(v, 0)); q.addLine(to: Point(0, v)); q.addCurve(to: Point(v, v), control1: .zero, control2: .zero)
            #expect(allFinite(q))
            if v.isNaN || v.isInfinite { #expect(q.isEmpty, "\(v)") }
        }
        for t in Self.badTransforms {
            var p = Path()
            p.addEllipse(in: Rect(x: 0, y: 0, width: 10, height: 10), transform: t)
            p.addRoundedRect(in: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2, style: .continuous, transform: t)
            #expect(allFinite(p))
            #expect(allFinite(Path(ellipseIn: Rect(x: 0, y: 0, width: 4, height: 4)).applying(t)))
        }
    }

    @Test func queriesOnNonFinitePointsAreFalse() {
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 10))
        for v in Self.bad where !v.isFinite {
            #expect(!circle.contains(Point(v, 5)) && !circle.contains(Point(5, v), eoFill: true))
        }
        #expect(!Path().contains(Point(0, 0)))
        #expect(Path().boundingRect.isNull)
    }

    @Test func flatteningSurvivesBadTransformsToleranceAndHugeCurves() {
        let curve = Path { p in
            p.move(to: Point(0, 0))
            p.addCurve(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
            p.addQuadCurve(to: Point(0, 0), control: Point(50, -80))
            p.closeSubpath()
        }
        for t in Self.badTransforms {
            var sink = RecordingSink()
            curve.flatten(tolerance: 0.1, transform: t, into: &sink)
            #expect(sink.polylines.joined().count < 20_000)
        }
        for tol in Self.bad + [0, -1, 1e-300] {
            var sink = RecordingSink()
            curve.flatten(tolerance: tol, into: &sink)
            #expect(sink.polylines.count == 1 && sink.polylines[0].count < 20_000)
        }
        // Finite but enormous coordinates: differences overflow; counts must still be bounded.
        let huge = 1e300
        let big = Path { p in
            p.move(to: Point(-huge, -huge))
            p.addCurve(to: Point(huge, -huge), control1: Point(huge, huge), control2: Point(-huge, huge))
            p.addQuadCurve(to: Point(-huge, huge), control: Point(huge, huge))
        }
        var sink = RecordingSink()
        big.flatten(tolerance: 0.1, into: &sink)
        #expect(sink.polylines[0].count <= 2 * 4096 + 2)
        _ = big.boundingRect; _ = big.contains(Point(0, 0))
        // Large but sane: finite results, bounded segment counts.
        let large = Path { p in
            p.move(to: Point(0, 0))
            p.addCurve(to: Point(1e9, 0), control1: Point(0, 1e9), control2: Point(1e9, 1e9))
        }
        var s2 = RecordingSink()
        large.flatten(tolerance: 0.1, into: &s2)
        #expect(s2.polylines[0].allSatisfy(\.isFinite) && s2.polylines[0].count <= 4097)
    }

    @Test func transformsWithNonFiniteValuesDoNotTrap() {
        for v in Self.bad {
            let t3 = Transform3D(rotationAngle: v, x: 1, y: v, z: 0)
            _ = t3.inverted(); _ = t3.determinant; _ = t3.concatenating(.identity)
            _ = Transform3D(translationX: v, y: 0, z: 0).inverted()
            _ = Point(1, 2).applying(t3)
            let p = ProjectionTransform(m11: v, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
            // Non-finite matrices are returned unchanged (NaN ≠ NaN, so compare bit patterns).
            if !v.isFinite { #expect(p.inverted().m11.bitPattern == v.bitPattern && p.inverted().m22 == 1) }
            var q = p
            _ = q.invert()
            _ = Point(v, 1).applying(p)
            let a = AffineTransform(a: v, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            if !v.isFinite { #expect(a.inverted().a.bitPattern == v.bitPattern && a.inverted().d == 1) }
            _ = Rect(x: 0, y: 0, width: 1, height: 1).applying(a)
            _ = AffineTransform(rotationAngle: v).maximumScale
        }
        // The vanishing line maps to non-finite coordinates instead of trapping.
        let h = ProjectionTransform(m11: 1, m12: 0, m13: 1, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 0)
        #expect(!Point(0, 3).applying(h).isFinite)
    }

    @Test func rectOperationsWithNonFiniteValues() {
        for v in Self.bad {
            let r = Rect(x: v, y: 0, width: v, height: 1)
            _ = r.standardized; _ = r.insetBy(dx: v, dy: 1); _ = r.union(.zero); _ = r.intersection(.zero)
            _ = r.contains(Point(v, v)); _ = r.isEmpty
        }
    }
}
