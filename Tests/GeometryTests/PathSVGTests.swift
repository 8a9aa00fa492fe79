import Foundation
import Testing
@testable import Geometry

private func parse(_ s: String) throws -> Path { try Path(svg: s) }

private func parseError(_ s: String) -> SVGPathError? {
    do { _ = try Path(svg: s); return nil } catch { return error }
}

private func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

/// Samples every cubic of a path (as the parser emits arcs) at several parameters.
private func cubicSamples(_ path: Path) -> [Point] {
    var out: [Point] = []
    var current = Point.zero
    path.forEach { e in
        switch e {
        case .move(let p), .line(let p): current = p
        case .curve(let p, let c1, let c2):
            for k in 0...8 { out.append(cubicPoint(current, c1, c2, p, Double(k) / 8)) }
            current = p
        default: break
        }
    }
    return out
}

/// The end points of every segment.
private func endPoints(_ path: Path) -> [Point] {
    var out: [Point] = []
    path.forEach { e in
        switch e {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): out.append(p)
        case .closeSubpath: break
        }
    }
    return out
}

@Suite struct SVGPathParsingTests {
    @Test func relativeLinesAndClose() throws {
        let p = try parse("M10 10 h5 v5 H0 Z")
        #expect(p.verbs == [.move, .line, .line, .line, .close])
        #expect(p.points == [Point(10, 10), Point(15, 10), Point(15, 15), Point(0, 15)])
    }

    @Test func everyCommandAbsoluteAndRelative() throws {
        let p = try parse("""
            M1 2 L3 4 l1 1 H10 h-2 V0 v3 C1 1 2 2 3 3 c1 0 1 1 0 1 Q5 5 6 6 q1 0 1 1 \
            m10 0 l1 2 z l3 3 Z M 0 0
            """)
        var e = Path()
        e.move(to: Point(1, 2)); e.addLine(to: Point(3, 4)); e.addLine(to: Point(4, 5))
        e.addLine(to: Point(10, 5)); e.addLine(to: Point(8, 5)); e.addLine(to: Point(8, 0)); e.addLine(to: Point(8, 3))
        e.addCurve(to: Point(3, 3), control1: Point(1, 1), control2: Point(2, 2))
        e.addCurve(to: Point(3, 4), control1: Point(4, 3), control2: Point(4, 4))
        e.addQuadCurve(to: Point(6, 6), control: Point(5, 5))
        e.addQuadCurve(to: Point(7, 7), control: Point(7, 6))
        // m is relative to the current point (7,7); after z, l is relative to the subpath start.
        e.move(to: Point(17, 7)); e.addLine(to: Point(18, 9)); e.closeSubpath()
        e.addLine(to: Point(20, 10)); e.closeSubpath()
        e.move(to: Point(0, 0))
        #expect(p == e)
        #expect(p.verbs == e.verbs)
    }

    @Test func implicitRepetition() throws {
        #expect(try parse("M1 2 3 4 5 6") == Path { $0.addLines([Point(1, 2), Point(3, 4), Point(5, 6)]) })
        #expect(try parse("m1 2 3 4 5 6") == Path { $0.addLines([Point(1, 2), Point(4, 6), Point(9, 12)]) })
        #expect(try parse("M0 0 h1 2 3 v1,1") == Path { $0.addLines([Point(0, 0), Point(1, 0), Point(3, 0), Point(6, 0), Point(6, 1), Point(6, 2)]) })
        var q = Path(); q.move(to: .zero)
        q.addQuadCurve(to: Point(2, 0), control: Point(1, 1)); q.addQuadCurve(to: Point(4, 0), control: Point(3, -1))
        #expect(try parse("M0 0 Q1 1 2 0 3 -1 4 0") == q)
    }

    @Test func smoothCubicReflectsThePreviousControl() throws {
        let p = try parse("M0 0 C10 0 20 10 20 20 S30 40 40 40 s10 0 10 10")
        var e = Path(); e.move(to: .zero)
        e.addCurve(to: Point(20, 20), control1: Point(10, 0), control2: Point(20, 10))
        e.addCurve(to: Point(40, 40), control1: Point(20, 30), control2: Point(30, 40))  // 2·(20,20)−(20,10)
        e.addCurve(to: Point(50, 50), control1: Point(50, 40), control2: Point(50, 40))  // 2·(40,40)−(30,40)
        #expect(p == e)
        // Without a preceding C or S the first control point is the current point.
        let lone = try parse("M5 5 L10 10 S20 10 20 20")
        #expect(lone.points[2] == Point(10, 10))
        // A Q before S does not count.
        #expect(try parse("M0 0 Q5 0 5 5 S9 9 10 10").points[3] == Point(5, 5))
    }

    @Test func smoothQuadReflectsThePreviousControl() throws {
        let p = try parse("M0 0 Q10 0 10 10 T20 20 t10 0")
        var e = Path(); e.move(to: .zero)
        e.addQuadCurve(to: Point(10, 10), control: Point(10, 0))
        e.addQuadCurve(to: Point(20, 20), control: Point(10, 20))   // 2·(10,10)−(10,0)
        e.addQuadCurve(to: Point(30, 20), control: Point(30, 20))   // 2·(20,20)−(10,20)
        #expect(p == e)
        // T after a line: control = current point.
        #expect(try parse("M0 0 L4 4 T8 0").points[2] == Point(4, 4))
        // A C before T does not count.
        #expect(try parse("M0 0 C1 1 2 2 3 3 T8 0").points[4] == Point(3, 3))
    }

    @Test func trickyNumberSyntax() throws {
        let p = try parse("M.5.5l-1-2e1 3E-1,.1")
        #expect(p.points == [Point(0.5, 0.5), Point(0.5 - 1, 0.5 - 20), Point(0.5 - 1 + 0.3, 0.5 - 20 + 0.1)])
        #expect(try parse("M+5 -.5e+1L1e2,5.").points == [Point(5, -5), Point(100, 5)])
        #expect(try parse("M0,0L1,1,2,2").points == [Point(0, 0), Point(1, 1), Point(2, 2)])
        #expect(try parse("\t\nM 1\r\n2\u{0C}L 3 4 ").points == [Point(1, 2), Point(3, 4)])
        #expect(try parse("M1.5.5.25-.75").points == [Point(1.5, 0.5), Point(0.25, -0.75)])
        #expect(try parse("M0-0").points[0].y.sign == .minus)
        // Arc flags run together with each other and the next number.
        let a = try parse("M0 0a1 1 0 00 1 1")
        #expect(a.points.last == Point(1, 1))
        #expect(try parse("M0 0a1,1,0,1,1,1,1").points.last == Point(1, 1))
        #expect(try parse("M0 0A5 5 0 1110 0").points.last == Point(10, 0))
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse("  \n\t").isEmpty)
    }
}

@Suite struct SVGArcTests {
    @Test func semicircleThroughTheTop() throws {
        // From (0,0) to (20,0) with r = 10 and sweep 1 (positive angles, clockwise on screen):
        // centre (10,0), through the top (10,−10).
        let p = try parse("M0 0 A10 10 0 0 1 20 0")
        #expect(p.points.last == Point(20, 0))   // the end point is exact
        #expect(p.verbs == [.move, .cubic, .cubic])
        let mid = try #require(p.point(atFraction: 0.5))
        #expect(mid.point.distance(to: Point(10, -10)) <= 1e-3)
        for s in cubicSamples(p) { #expect(abs(s.distance(to: Point(10, 0)) - 10) <= 10 * 3e-4) }
        // sweep 0 goes underneath.
        let under = try parse("M0 0 A10 10 0 0 0 20 0")
        #expect(try #require(under.point(atFraction: 0.5)).point.distance(to: Point(10, 10)) <= 1e-3)
    }

    @Test func radiiTooSmallAreScaledUp() throws {
        let p = try parse("M0 0 A1 1 0 0 1 20 0")
        #expect(try #require(p.point(atFraction: 0.5)).point.distance(to: Point(10, -10)) <= 1e-3)
        #expect(p.points.last == Point(20, 0))
        let q = try parse("M0 0 A-10 -10 0 0 1 20 0")   // negative radii mean their magnitude
        #expect(q == (try parse("M0 0 A10 10 0 0 1 20 0")))
    }

    @Test func largeArcFlagPicksTheLongWay() throws {
        // r = 10 from (0,0) to (10,10): centres (10,0) or (0,10). Large + sweep takes centre
        // (10,0) from angle π through 3π/2 (10,−10) and 2π (20,0) to 5π/2 (10,10).
        let p = try parse("M0 0 A10 10 0 1 1 10 10")
        #expect(p.points.last == Point(10, 10))
        let ends = endPoints(p)
        #expect(ends.count == 4)
        #expect(ends[1].distance(to: Point(10, -10)) <= 1e-9)
        #expect(ends[2].distance(to: Point(20, 0)) <= 1e-9)
        for s in cubicSamples(p) { #expect(abs(s.distance(to: Point(10, 0)) - 10) <= 10 * 3e-4) }
        // The small arc with the same sweep goes round the other centre, a quarter circle.
        let small = try parse("M0 0 A10 10 0 0 1 10 10")
        #expect(small.verbs == [.move, .cubic])
        for s in cubicSamples(small) { #expect(abs(s.distance(to: Point(0, 10)) - 10) <= 10 * 3e-4) }
    }

    @Test func rotatedEllipse() throws {
        // rx = 20 along the rotated x axis (90° → along +y), ry = 10: from (0,0) to (0,40) is a
        // half ellipse with centre (0,20); sweep 1 turns from "up" towards +x.
        let p = try parse("M0 0 A20 10 90 0 1 0 40")
        #expect(p.points.last == Point(0, 40))
        let ends = endPoints(p)
        #expect(ends[1].distance(to: Point(10, 20)) <= 1e-9)
        for s in cubicSamples(p) {
            let u = (s.y - 20) / 20, v = s.x / 10   // the ellipse equation in its own axes
            #expect(abs((u * u + v * v).squareRoot() - 1) <= 3e-4)
        }
        // Relative arc: same geometry from a shifted start.
        let r = try parse("M5 5 a20 10 90 0 1 0 40")
        #expect(r.points.last == Point(5, 45))
        #expect(endPoints(r)[1].distance(to: Point(15, 25)) <= 1e-9)
    }

    @Test func degenerateArcs() throws {
        #expect(try parse("M0 0 A0 5 0 0 1 20 0") == Path { $0.addLines([Point(0, 0), Point(20, 0)]) })
        #expect(try parse("M0 0 A5 0 0 0 1 20 0") == Path { $0.addLines([Point(0, 0), Point(20, 0)]) })
        #expect(try parse("M5 5 A10 10 0 0 1 5 5") == Path { $0.move(to: Point(5, 5)) })
        // Enormous radii: finite output, ending at the end point.
        let huge = try parse("M0 0 A1e300 1e300 0 0 1 20 0")
        #expect(huge.points.allSatisfy { $0.isFinite })
        #expect(huge.points.last == Point(20, 0))
        let tiny = try parse("M0 0 A1e-300 1e-300 45 1 0 1e300 1e300")
        #expect(tiny.points.allSatisfy { $0.isFinite })
    }
}

@Suite struct SVGRoundTripTests {
    @Test func describeThenParseIsIdentical() throws {
        let sources = [
            "M10 10 h5 v5 H0 Z",
            "M0.1 0.2 C1e-7 2.5e10 -3.3333 4 5 6 Q1 2 3 4 Z m1 1 l2 2",
            "M0 0 A13.7 9.1 33 1 0 41.3 -17.9 a3 3 0 0 1 6 0 T1 1 S 2 3 4 5",
            "M-0 0.30000000000000004 L1e300 -1e-300 L5e-324 1.7976931348623157e308",
        ]
        for s in sources {
            let p = try parse(s)
            let d = p.svgDescription
            let q = try parse(d)
            #expect(q == p, "\(s) → \(d)")
            #expect(q.verbs == p.verbs)
            #expect(q.points.map { [$0.x.bitPattern, $0.y.bitPattern] } == p.points.map { [$0.x.bitPattern, $0.y.bitPattern] })
        }
        // Built paths round-trip too, including irrational coordinates and -0.
        var built = Path()
        built.addArc(center: Point(1 / 3, 2 / 7), radius: 2.0.squareRoot(), startAngle: .degrees(10), endAngle: .degrees(300), clockwise: false)
        built.closeSubpath()
        built.addLine(to: Point(-0.0, .pi))
        let rebuilt = try parse(built.svgDescription)
        #expect(rebuilt == built)
        #expect(rebuilt.points.map(\.x.bitPattern) == built.points.map(\.x.bitPattern))
    }

    /// Path data read from a slice of a larger UTF-8 buffer (as scene files hand it over)
    /// gives the path the same data as a string gives, and error offsets count from the
    /// slice's start.
    @Test func utf8SliceParsesLikeTheString() throws {
        let sources = ["M10 10 h5 v5 H0 Z", "M0 0 A13.7 9.1 33 1 0 41.3 -17.9 a3 3 0 0 1 6 0 T1 1 S 2 3 4 5", "", "M1,2 3,4"]
        let buffer = Array(("junk M9 9" + sources.joined() + "L1 trailing").utf8)
        var start = "junk M9 9".utf8.count
        for s in sources {
            let end = start + s.utf8.count
            #expect(try Path(svgUTF8: buffer[start..<end]) == Path(svg: s), "\(s)")
            start = end
        }
        let bad = Array("M0 0 H5 V5 Z|M0 0 L1 x|M1 1".utf8)
        do {
            _ = try Path(svgUTF8: bad[13..<23])
            Issue.record("bad data parsed")
        } catch {
            // "M0 0 L1 x|": the 'x' where L's y belongs is the slice's ninth byte.
            #expect(error.offset == 8)
            #expect(error.found == "'x'")
        }
    }

    @Test func descriptionFormat() throws {
        var p = Path()
        p.move(to: Point(1, 2.5)); p.addLine(to: Point(-3, 0)); p.addQuadCurve(to: Point(1, 1), control: Point(0, 1))
        p.addCurve(to: Point(6, 7), control1: Point(2, 3), control2: Point(4, 5)); p.closeSubpath()
        #expect(p.svgDescription == "M1 2.5 L-3 0 Q0 1 1 1 C2 3 4 5 6 7 Z")
        #expect(Path().svgDescription == "")
    }
}

@Suite struct SVGPathErrorTests {
    @Test func missingCoordinate() throws {
        let e = try #require(parseError("M10"))
        #expect(e.offset == 3)
        #expect(e.expected == "a number (y) for 'M'")
        #expect(e.found == "end of data")
        #expect(e.message == "SVG path data, offset 3: expected a number (y) for 'M', found end of data")
    }

    @Test func letterWhereANumberBelongs() throws {
        let e = try #require(parseError("M 10 10 L x"))
        #expect(e.message == "SVG path data, offset 10: expected a number after 'L', found 'x'")
        #expect(e.description == e.message)
    }

    @Test func dataMustStartWithMoveto() throws {
        for s in ["Q1 2", "A1 1 0 2 0 5 5", "  L1 1", "10 10"] {
            let e = try #require(parseError(s))
            #expect(e.offset == s.prefix { $0 == " " }.count)
            #expect(e.expected.contains("'M'"))
        }
    }

    @Test func truncatedCurve() throws {
        let e = try #require(parseError("M0 0 Q1 2"))
        #expect(e.offset == 9)
        #expect(e.expected == "a number (x) for 'Q'")
        #expect(e.found == "end of data")
    }

    @Test func badArcFlag() throws {
        let e = try #require(parseError("M0 0 A1 1 0 2 0 5 5"))
        #expect(e.offset == 12)
        #expect(e.expected == "a flag '0' or '1' (large-arc-flag) for 'A'")
        #expect(e.found == "'2'")
        let s = try #require(parseError("M0 0 a1 1 0 0,x 1 1"))
        #expect(s.offset == 14 && s.expected.contains("sweep-flag"))
    }

    @Test func otherMalformedData() throws {
        let cases: [(String, Int, String)] = [
            ("M1 2 X", 5, "a path command letter"),
            ("M1 2, L3 4", 6, "a number (x) for 'M'"),      // a comma commits to another pair
            ("M,1 2", 1, "a number after 'M'"),              // no comma before the first argument
            ("M1 2 Z 3 4", 7, "a path command letter"),      // Z takes no arguments
            ("M1e 2", 3, "the digits of an exponent"),
            ("M1 2 L-x", 7, "a number after 'L'"),
            ("M1 2 L. 3", 6, "a number after 'L'"),
            ("M1 2 é", 5, "a path command letter"),
            ("M0 0 A1 1 0 0 1", 15, "a number (x) for 'A'"),
        ]
        for (s, offset, expected) in cases {
            let e = try #require(parseError(s), "\(s)")
            #expect(e.offset == offset, "\(s): \(e)")
            #expect(e.expected.hasPrefix(expected), "\(s): \(e)")
        }
        #expect(parseError("M1 2 é")?.found == "'é'")
        #expect(parseError("éM1 2")?.offset == 0)
        #expect(parseError("M1 2 €L")?.offset == 5)   // offsets count characters, not bytes
        #expect(parseError("M€ 1 2 L x") == parseError("M€ 1 2 L x"))
    }

    @Test func nonFiniteAndHugeNumbersNeverCrash() throws {
        let range = try #require(parseError("M 1e999 0"))
        #expect(range.offset == 2)
        #expect(range.expected.contains("range of Double"))
        #expect(range.found == "'1e999'")
        #expect(parseError("M NaN 0")?.offset == 2)
        #expect(parseError("M inf 0")?.offset == 2)
        #expect(parseError("M0 0 L-1e400 0")?.offset == 6)
        // Finite numbers whose relative sum overflows.
        let overflow = try #require(parseError("M1e308 0 l1e308 0"))
        #expect(overflow.offset == 9)
        #expect(overflow.expected.contains("range of Double"))
        // Tiny and huge but finite numbers are fine.
        #expect(try parse("M1e-320 1e308 L-1e308 5e-324").points == [Point(1e-320, 1e308), Point(-1e308, 5e-324)])
        // Very long numbers.
        let long = "M" + String(repeating: "9", count: 400) + " 0"
        #expect(parseError(long) != nil)
        let longFraction = "M0." + String(repeating: "3", count: 2000) + " 1"
        #expect(try parse(longFraction).points[0].x == 1.0 / 3.0 || abs(try parse(longFraction).points[0].x - 1.0 / 3.0) < 1e-16)
    }
}
