import Geometry
import Testing

/// `Path.subpaths(where:)`: the kept subpaths, numbered by their moves, equal the path built
/// from those subpaths alone.
struct PathSubpathsTests {
    /// Four subpaths of every verb: a closed polygon, an open curve, a closed curve and a
    /// trailing lone move; `build(k)` adds subpath k.
    static func build(_ k: Int, into p: inout Path) {
        switch k {
        case 0:
            p.move(to: Point(x: 1, y: 2)); p.addLine(to: Point(x: 9, y: 2)); p.addLine(to: Point(x: 5, y: 7))
            p.closeSubpath()
        case 1:
            p.move(to: Point(x: 20, y: 0)); p.addQuadCurve(to: Point(x: 30, y: 0), control: Point(x: 25, y: 6))
        case 2:
            p.move(to: Point(x: 40, y: 1))
            p.addCurve(to: Point(x: 50, y: 1), control1: Point(x: 42, y: 9), control2: Point(x: 48, y: 9))
            p.closeSubpath()
        default:
            p.move(to: Point(x: 60, y: 3))
        }
    }

    static func path(of subpaths: [Int]) -> Path {
        var p = Path()
        for k in subpaths { build(k, into: &p) }
        return p
    }

    @Test(arguments: [[0, 1, 2, 3], [], [0], [1, 3], [0, 2], [2, 3], [1, 2]])
    func keptSubpathsEqualThePathOfThemAlone(kept: [Int]) {
        let all = Self.path(of: [0, 1, 2, 3])
        let sub = all.subpaths { kept.contains($0) }
        #expect(sub.elements == Self.path(of: kept).elements)
        // Building on goes on from the last kept subpath, as on the path built directly.
        var more = sub, direct = Self.path(of: kept)
        more.addLine(to: Point(x: 70, y: 70)); direct.addLine(to: Point(x: 70, y: 70))
        #expect(more.elements == direct.elements)
    }

    /// A segment after a close starts a subpath with a move back to the closed one's start:
    /// that move counts as a subpath of its own.
    @Test func theMoveAfterACloseNumbersASubpath() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0)); p.addLine(to: Point(x: 4, y: 0)); p.addLine(to: Point(x: 0, y: 4))
        p.closeSubpath()
        p.addLine(to: Point(x: -4, y: 0)); p.addLine(to: Point(x: 0, y: -4))
        let second = p.subpaths { $0 == 1 }
        #expect(second.elements == [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: -4, y: 0)),
                                    .line(to: Point(x: 0, y: -4))])
    }
}
