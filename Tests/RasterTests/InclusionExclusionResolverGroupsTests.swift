import Foundation
import Geometry
import Testing
@testable import Raster

/// The resolver takes each group of subpaths whose interiors meet on its own: a call over
/// several groups gives the edges and outlines of a call a group, even where their boxes
/// overlap.
struct InclusionExclusionResolverGroupsTests {
    typealias T = RasterTestSupport
    typealias R = InclusionExclusionResolverTests

    /// A seat as a star (`subtractFromCentres`): a rod, turned 0.3 rad, cut along one side each
    /// by a back and a squab 0.4 px apart; and, right of it, two squares overlapping at a corner
    /// (two sides cut: no star).
    static var seatAndCorner: Path {
        var p = seat
        p.addPath(T.rectPath(20.4, 11.2, 3, 3))
        p.addPath(T.rectPath(21.9, 12.7, 3, 3))
        return p
    }

    /// The seat of `seatAndCorner` alone (its back's box spans x 9.5–16.3, y 10.2–15.3; its
    /// top side runs from (10.5, 10.2) to (16.3, 11.9)).
    static var seat: Path {
        let (cx, cy, angle) = (12.3, 14.6, 0.3)
        let (c, s) = (cos(angle), sin(angle))
        var p = R.rotatedRect(cx + 1.95 * s, cy - 1.95 * c, 6, 3.5, angle)
        p.addPath(R.rotatedRect(cx, cy, 1.8, 0.9, angle))
        p.addPath(R.rotatedRect(cx - 1.95 * s, cy + 1.95 * c, 6, 3.5, angle))
        return p
    }

    /// The seat, and two squares overlapping at a corner above its back's top side: the lower
    /// square's box (x 15–16, y 8–10.5) overlaps the back's, its interior lies more than a
    /// pixel above the side. One group of overlapping boxes, two groups of meeting interiors.
    static var seatAndCornerAboveIt: Path {
        var p = seat
        p.addPath(T.rectPath(15, 8, 1, 2.5))
        p.addPath(T.rectPath(15.5, 7, 1.5, 1.5))
        return p
    }

    /// The edges and the resolver's output after resolving `path`'s subpaths: group by
    /// group as `groups` lists them (a call each), or all in one call.
    static func resolved(_ path: Path, groups: [[Int32]]? = nil) throws
        -> (edges: [SIMD4<Int32>], outlines: [SIMD4<Int32>]) {
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
                                 evenOdd: false)
        }
        return ((0..<e.count).map { r.edges[$0] }, (0..<resolver.outputCount).map { resolver.output[$0] })
    }

    /// One call: the same edges and outlines as a call a group, whether the groups' boxes are
    /// apart or overlap.
    @Test func eachGroupIsResolvedAsByACallOfItsOwn() throws {
        for path in [Self.seatAndCorner, Self.seatAndCornerAboveIt] {
            let (edges, outlines) = try Self.resolved(path)
            let (groupEdges, groupOutlines) = try Self.resolved(path, groups: [[0, 1, 2], [3, 4]])
            #expect(edges == groupEdges && outlines == groupOutlines)
        }
    }

    /// The seat is a star beside the corner whose box overlaps its back's: its rod's edges are
    /// rewritten as when it is alone (by pairs, as one group of boxes, they would stay as
    /// built, and outlines would be added).
    @Test func aStarBesideAnotherGroupIsResolvedAsAStar() throws {
        let alone = try Self.resolved(Self.seat)
        let built = try Self.resolved(Self.seat, groups: [])
        #expect(alone.edges != built.edges)
        let beside = try Self.resolved(Self.seatAndCornerAboveIt)
        #expect(Array(beside.edges.prefix(alone.edges.count)) == alone.edges)
    }

    /// A hexagon cut along one side by a rectangle below it (a star), and a triangle above it
    /// whose box overlaps the hexagon's, apart from it (the triangle's side from (31.8, 20.2)
    /// to (30.4, 28.5) has the hexagon outside), though two sides of each cut the other's
    /// box (`cuttingSide` finds several both ways; the exact side test settles it). The
    /// triangle is in no group: the star is resolved as without it.
    @Test func aPolygonApartFromAStarLeavesItAStar() throws {
        let hexagon = T.polygon([(27.5703125, 31.02734375), (29.34375, 28.40234375), (29.54296875, 28.34375),
                                 (31.80859375, 29.2578125), (31.62890625, 30.04296875), (29.09375, 32.00390625)])
        let triangle = T.polygon([(27.1953125, 24.40625), (31.83984375, 20.21484375), (30.40234375, 28.4609375)])
        var star = hexagon
        star.addPath(T.rectPath(20, 31.5, 20, 8.5))
        var beside = star
        beside.addPath(triangle)
        let alone = try Self.resolved(star), built = try Self.resolved(star, groups: [])
        #expect(alone.edges != built.edges)
        let (edges, outlines) = try Self.resolved(beside)
        #expect(Array(edges.prefix(alone.edges.count)) == alone.edges && outlines == alone.outlines)
    }
}
