import Testing
@testable import Geometry

/// A cubic element's point at t, evaluated independently of the library.
func bezier(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
    Cubic(p0: p0, c1: c1, c2: c2, p3: p3).at(t)
}

/// The path's cubics as (start, c1, c2, end).
func cubics(of path: Path) -> [(Point, Point, Point, Point)] {
    var out: [(Point, Point, Point, Point)] = []
    var last = Point.zero, start = Point.zero
    path.forEach { e in
        switch e {
        case .move(let p): last = p; start = p
        case .line(let p): last = p
        case .quadCurve(let p, _): last = p
        case .curve(let p, let c1, let c2): out.append((last, c1, c2, p)); last = p
        case .closeSubpath: last = start
        }
    }
    return out
}

@Suite struct PathShapesTests {
    @Test func ellipseStartsAtMaxXMidYAndTurnsClockwiseOnScreen() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 40)
        let path = Path(ellipseIn: rect)
        #expect(path.verbs == [.move, .cubic, .cubic, .cubic, .cubic, .close])
        let els = path.elements
        #expect(els[0] == .move(to: Point(110, 40)))
        let ends = cubics(of: path).map(\.3)
        #expect(ends == [Point(60, 60), Point(10, 40), Point(60, 20), Point(110, 40)])
        // Every cubic stays on the ellipse (x−60)²/50² + (y−40)²/20² = 1 within the quarter-arc
        // approximation's 0.03 % radial error.
        for c in cubics(of: path) {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let p = bezier(c.0, c.1, c.2, c.3, t)
                let v = ((p.x - 60) / 50) * ((p.x - 60) / 50) + ((p.y - 40) / 20) * ((p.y - 40) / 20)
                #expect(abs(v - 1) < 1e-3)
            }
        }
    }

    @Test func circularRoundedRectStartAndSequence() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10)
        #expect(path.verbs == [.move, .line, .cubic, .line, .cubic, .line, .cubic, .line, .cubic, .close])
        let els = path.elements
        #expect(els[0] == .move(to: Point(10, 0)))
        #expect(els[1] == .line(to: Point(90, 0)))
        #expect(cubics(of: path).map(\.3) == [Point(100, 10), Point(90, 50), Point(0, 40), Point(10, 0)])
        // Corner arcs lie on circles of radius 10 about (90, 10), (90, 40), (10, 40), (10, 10).
        let centres = [Point(90, 10), Point(90, 40), Point(10, 40), Point(10, 10)]
        for (c, centre) in zip(cubics(of: path), centres) {
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                #expect(abs(bezier(c.0, c.1, c.2, c.3, t).distance(to: centre) - 10) < 0.003)
            }
        }
        #expect(path.boundingRect == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func cornerSizeIsClampedToHalfTheSides() {
        // (100, 100) clamps to (50, 25): the rounded rect becomes the inscribed ellipse.
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 50), cornerSize: Size(100, 100))
        #expect(path.elements[0] == .move(to: Point(50, 0)))
        #expect(!path.verbs.contains(.line))
        for c in cubics(of: path) {
            let p = bezier(c.0, c.1, c.2, c.3, 0.5)
            let v = ((p.x - 50) / 50) * ((p.x - 50) / 50) + ((p.y - 25) / 25) * ((p.y - 25) / 25)
            #expect(abs(v - 1) < 1e-3)
        }
        // Zero or negative corner size: a plain rect from the min corner.
        var plain = Path()
        plain.addRoundedRect(in: Rect(x: 0, y: 0, width: 4, height: 2), cornerSize: Size(-3, 0))
        var rect = Path(); rect.addRect(Rect(x: 0, y: 0, width: 4, height: 2))
        #expect(plain == rect)
    }

    @Test func continuousCornerShape() {
        let r = 20.0, k = 1.528_664_83
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: r, style: .continuous)
        // Starts where the top-left corner ends on the top edge, ~1.528 r from the corner.
        #expect(close(path.elements[0] == .move(to: Point(k * r, 0)) ? 0 : 1, 0))
        let cs = cubics(of: path)
        #expect(cs.count == 12)
        // The top-right corner leaves the top edge at x = 200 − 1.528 r and reaches the right
        // edge at y = 1.528 r.
        #expect(close(cs[0].0, Point(200 - k * r, 0), 1e-9) && close(cs[2].3, Point(200, k * r), 1e-9))
        // Tangent continuity: at every join the incoming and outgoing handles are parallel.
        for i in 0..<2 {
            let inH = cs[i].3 - cs[i].2, outH = cs[i + 1].1 - cs[i + 1].0
            #expect(abs(inH.normalized.cross(outH.normalized)) < 1e-12)
            #expect(inH.dot(outH) > 0)
        }
        // Symmetric about the corner's diagonal (x − 200 + y = 0 after reflection).
        let a = bezier(cs[0].0, cs[0].1, cs[0].2, cs[0].3, 0.3)
        let b = bezier(cs[2].0, cs[2].1, cs[2].2, cs[2].3, 0.7)
        #expect(close(Point(200 - b.y, 200 - b.x), a, 1e-6))
        // Curvature starts low at the edge (a ramp), unlike a circular corner's 1/r.
        let d1 = (cs[0].1 - cs[0].0) * 3, d2 = ((cs[0].0 - cs[0].1) - (cs[0].1 - cs[0].2)) * 6
        let kappa = abs(d1.cross(d2)) / (d1.length * d1.length * d1.length)
        #expect(kappa < 0.2 / r)
        #expect(path.boundingRect == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func continuousCornerFallsBackToCircularWhenTooBig() {
        // r = half the height: a continuous corner cannot reach 1.528 r, so it becomes the
        // circular capsule end: every corner point lies on the circle of radius 20.
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20, style: .continuous)
        let circular = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20)
        let cs = cubics(of: path)
        #expect(path.verbs == circular.verbs)
        #expect(cs.count == 4)
        for c in cs {
            let centre = c.0.x > 50 ? Point(80, 20) : Point(20, 20)
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                #expect(abs(bezier(c.0, c.1, c.2, c.3, t).distance(to: centre) - 20) < 0.01)
            }
        }
        #expect(close(path.boundingRect, circular.boundingRect, 1e-9))
        // Partly too big (1.528·16 > 20): the corner spans exactly half the height, stays inside
        // the rect and stays smooth.
        let mid = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 16, style: .continuous)
        let m = cubics(of: mid)
        #expect(close(m[2].3, Point(100, 20), 1e-9))
        #expect(close(mid.boundingRect, Rect(x: 0, y: 0, width: 100, height: 40), 1e-9))
        for i in 0..<2 {
            let inH = m[i].3 - m[i].2, outH = m[i + 1].1 - m[i + 1].0
            #expect(abs(inH.normalized.cross(outH.normalized)) < 1e-12)
            #expect(inH.dot(outH) > 0)
        }
    }

    @Test func transformArgumentMapsEveryPoint() {
        let t = AffineTransform(rotationAngle: 0.4).translatedBy(x: 3, y: -2).scaledBy(x: 1.5, y: 0.5)
        let rect = Rect(x: 1, y: 2, width: 30, height: 20)
        for style in [RoundedCornerStyle.circular, .continuous] {
            var a = Path(); a.addRoundedRect(in: rect, cornerSize: Size(6, 4), style: style, transform: t)
            let b = Path(roundedRect: rect, cornerSize: Size(6, 4), style: style).applying(t)
            #expect(a.verbs == b.verbs)
            #expect(zip(a.points, b.points).allSatisfy { close($0, $1, 1e-9) })
        }
        var e = Path(); e.addEllipse(in: rect, transform: t)
        let f = Path(ellipseIn: rect).applying(t)
        #expect(zip(e.points, f.points).allSatisfy { close($0, $1, 1e-9) })
    }
}
