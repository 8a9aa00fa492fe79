import Foundation
import Geometry
import Testing
@testable import Raster

/// `resolve(byGroups:)` resolves each group of overlapping boxes as a call of its own would,
/// where one call over several groups may resolve them differently.
struct InclusionExclusionResolverGroupsTests {
    typealias T = RasterTestSupport
    typealias R = InclusionExclusionResolverTests

    /// A seat as a star (`subtractFromCentres`): a rod, turned 0.3 rad, cut along one side each
    /// by a back and a squab 0.4 px apart; and, right of it, two squares overlapping at a corner
    /// (two sides cut: no star).
    static var seatAndCorner: Path {
        let (cx, cy, angle) = (12.3, 14.6, 0.3)
        let (c, s) = (cos(angle), sin(angle))
        var p = R.rotatedRect(cx + 1.95 * s, cy - 1.95 * c, 6, 3.5, angle)
        p.addPath(R.rotatedRect(cx, cy, 1.8, 0.9, angle))
        p.addPath(R.rotatedRect(cx - 1.95 * s, cy + 1.95 * c, 6, 3.5, angle))
        p.addPath(T.rectPath(20.4, 11.2, 3, 3))
        p.addPath(T.rectPath(21.9, 12.7, 3, 3))
        return p
    }

    /// The edges and the resolver's output after resolving `path`'s subpaths: group by
    /// group as `groups` lists them (a call each), or all in one call.
    static func resolved(_ path: Path = seatAndCorner, groups: [[Int32]]? = nil,
                         byGroups: Bool = false) throws -> [SIMD4<Int32>] {
        let r = Rasterizer()
        let e = try #require(r.buildEdgesInside(path, transform: .identity,
                                                clip: PixelRect(x: 0, y: 0, width: 64, height: 64)))
        let resolver = InclusionExclusionResolver()
        if let groups {
            for (g, members) in groups.enumerated() {
                _ = members.withUnsafeBufferPointer {
                    resolver.resolve(edges: r.edges, shapes: r.shapes, shapeCount: members.count, members: $0.baseAddress,
                                     vertices: r.vertices, evenOdd: false, keepingOutput: g > 0)
                }
            }
        } else {
            _ = resolver.resolve(edges: r.edges, shapes: r.shapes, shapeCount: e.shapeCount, vertices: r.vertices,
                                 evenOdd: false, byGroups: byGroups)
        }
        return (0..<e.count).map { r.edges[$0] } + (0..<resolver.outputCount).map { resolver.output[$0] }
    }

    /// By groups: the same edges and outlines as a call a group. One call: the corner's pair
    /// is no star, so the seat is resolved by pairs too, into other edges.
    @Test func eachGroupIsResolvedAsByACallOfItsOwn() throws {
        let separate = try Self.resolved(groups: [[0, 1, 2], [3, 4]])
        #expect(try Self.resolved(byGroups: true) == separate)
        #expect(try Self.resolved(byGroups: false) != separate)
    }

    /// One group (the seat alone, or beside one of the squares, overlapping nothing): by groups
    /// or not, the same.
    @Test func oneGroupIsResolvedAsWithoutGroups() throws {
        let seat = Self.seatAndCorner.subpaths { $0 < 3 }, seatAndSquares = Self.seatAndCorner.subpaths { $0 != 4 }
        for path in [seat, seatAndSquares] {
            #expect(try Self.resolved(path, byGroups: true) == Self.resolved(path, byGroups: false))
        }
    }
}
