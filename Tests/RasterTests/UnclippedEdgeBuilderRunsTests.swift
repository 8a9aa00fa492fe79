import Foundation
import Geometry
import Testing
@testable import Raster

/// `UnclippedEdgeBuilder.lineTo(contentsOf:transform:)` and `polygon(_:transform:)`, the loops
/// over a polygon's sides: the same edges, vertices, subpath records and bounds as the builder
/// fed one point at a time, and convexity right on outlines whose shape is known by
/// construction.
struct UnclippedEdgeBuilderRunsTests {
    typealias T = RasterTestSupport

    /// Feeds the builder point by point: only the three basic calls, so `Path.flatten` reaches
    /// the protocol's default runs and polygons (one `lineTo` a point).
    struct PointByPoint: PolylineSink {
        var builder: UnclippedEdgeBuilder
        mutating func moveTo(_ p: Point) { builder.moveTo(p) }
        mutating func lineTo(_ p: Point) { builder.lineTo(p) }
        mutating func endPolyline(closed: Bool) { builder.endPolyline(closed: closed) }
    }

    /// What a build left: the buffers' contents and the bounds.
    struct Built: Equatable {
        var edges: [SIMD4<Int32>], vertices: [SIMD2<Int32>]
        var shapes: [[Int32]]
        var bounds: [Double], finite: Bool

        /// Builds whose probe is not finite are alike whatever they hold: `isInside` is then
        /// false and the caller discards them (the runs' bounds take NaN, the points' skip it).
        static func == (a: Built, b: Built) -> Bool {
            guard a.finite && b.finite else { return a.finite == b.finite }
            return a.edges == b.edges && a.vertices == b.vertices && a.shapes == b.shapes && a.bounds == b.bounds
        }
    }

    static func fresh() -> UnclippedEdgeBuilder {
        // Small buffers, so the runs' up-front growth is exercised too.
        UnclippedEdgeBuilder(storage: .allocate(capacity: 1), capacity: 1, shapes: .allocate(capacity: 1),
                             shapeCapacity: 1, vertices: .allocate(capacity: 1), vertexCapacity: 1)
    }

    static func result(_ b: UnclippedEdgeBuilder) -> Built {
        defer { b.edges.deallocate(); b.shapes.deallocate(); b.vertices.deallocate() }
        let shapes = (0 ..< b.shapeCount).map { i -> [Int32] in
            let s = b.shapes[i]
            return [s.start, s.end, s.convex ? 1 : 0, Int32(s.orientation), s.firstVertex, s.vertexCount,
                    s.box.x, s.box.y, s.box.z, s.box.w]
        }
        return Built(edges: Array(UnsafeBufferPointer(start: b.edges, count: b.count)),
                     vertices: Array(UnsafeBufferPointer(start: b.vertices, count: b.vertexCount)),
                     shapes: shapes, bounds: [b.loX, b.loY, b.hiX, b.hiY], finite: b.probe.isFinite)
    }

    static func built(_ path: Path, _ t: Geometry.AffineTransform) -> (runs: Built, points: Built) {
        var runs = fresh()
        path.flatten(tolerance: 0.1, transform: t, into: &runs)
        runs.closeCurrent()
        var points = PointByPoint(builder: fresh())
        path.flatten(tolerance: 0.1, transform: t, into: &points)
        points.builder.closeCurrent()
        return (result(runs), result(points.builder))
    }

    /// Random outlines with what the loop must get right: vertices that round to the same
    /// 1/256 px (dropped), horizontal sides (no edge), reversals (spikes), crossings, runs that
    /// start with horizontal steps, a curve before the lines, an open subpath, and non-finite
    /// points.
    @Test func runsBuildWhatPointsBuild() {
        var rng = T.Random(seed: 514)
        var seen = (duplicates: 0, horizontal: 0, convex: 0, concave: 0)
        for n in 0 ..< 400 {
            var path = Path()
            for _ in 0 ..< 1 + n % 4 {
                let cx = rng.uniform(20 ... 200), cy = rng.uniform(20 ... 200)
                var y = cy + rng.uniform(-8 ... 8)
                path.move(to: Point(x: cx, y: y))
                if n % 7 == 3 {
                    path.addQuadCurve(to: Point(x: cx + 6, y: cy + 2), control: Point(x: cx + 3, y: cy - 5))
                }
                for k in 0 ..< 2 + Int(rng.next() % 12) {
                    let kind = rng.next() % 6
                    if kind == 0 { seen.duplicates += 1 } else if kind == 1 { seen.horizontal += 1 }
                    var x = cx + rng.uniform(-10 ... 10)
                    switch kind {
                    case 0: x = path.currentPoint?.x ?? x; y = (path.currentPoint?.y ?? y) + 0.001   // rounds together
                    case 1: break                                                                    // horizontal step
                    default: y = cy + rng.uniform(-10 ... 10)
                    }
                    if n % 50 == 17 && k == 1 { x = .nan }
                    path.addLine(to: Point(x: x, y: y))
                }
                if n % 5 != 4 { path.closeSubpath() }
            }
            let angle = rng.uniform(0 ... 6.3)
            let t = Geometry.AffineTransform(rotationAngle: angle).concatenating(Geometry.AffineTransform(translationX: 300, y: 300))
            let (runs, points) = Self.built(path, t)
            #expect(runs == points, "outline \(n)")
            for s in runs.shapes { if s[2] == 1 { seen.convex += 1 } else { seen.concave += 1 } }
        }
        // The generator reached the cases it is for.
        #expect(seen.duplicates > 100 && seen.horizontal > 100 && seen.convex > 20 && seen.concave > 100)
    }

    /// Closed polygons where `polygon` departs from the plain loop: every vertex rounding to
    /// one, two vertices, an explicit return to the first, sides all horizontal, the first or
    /// the last step horizontal or downward, a spike, and non-finite first and last points;
    /// each turned every way and drawn a second time after another subpath.
    @Test func degeneratePolygonsBuildWhatPointsBuild() {
        let shapes: [[(Double, Double)]] = [
            [(10, 10), (10.001, 10.001), (10, 10.001)],
            [(10, 10)],
            [(10, 10), (30, 20)],
            [(10, 10), (30, 20), (10, 10)],
            [(10, 10), (30, 10), (20, 10)],
            [(10, 10), (30, 10), (30, 20), (10, 20)],
            [(10, 20), (30, 10), (30, 20), (20, 20)],
            [(10, 20), (10, 10), (30, 15), (10, 20)],
            [(10, 10), (20, 40), (30, 10), (20, 11)],
            [(.nan, 10), (30, 10), (30, 20)],
            [(10, 10), (30, 10), (30, 20), (.infinity, 20)],
        ]
        for (n, shape) in shapes.enumerated() {
            for step in 0 ..< 8 {
                let t = Geometry.AffineTransform(rotationAngle: Double(step) * .pi / 4)
                    .concatenating(Geometry.AffineTransform(translationX: 100, y: 100))
                var path = T.polygon(shape)
                let (alone, alonePoints) = Self.built(path, t)
                #expect(alone == alonePoints, "shape \(n) at \(step)·45°")
                path = T.polygon([(0, 0), (5, 0), (5, 5)])
                path.addPath(T.polygon(shape))
                let (second, secondPoints) = Self.built(path, t)
                #expect(second == secondPoints, "shape \(n) after another at \(step)·45°")
            }
        }
    }

    /// Polygons convex by construction (vertices in angle order on an ellipse) come out convex
    /// with the orientation of their winding; stars that wind twice, and outlines with a dent,
    /// come out not convex.
    @Test func convexityOfKnownShapes() {
        var rng = T.Random(seed: 515)
        for n in 0 ..< 200 {
            let count = 3 + n % 10
            let cx = rng.uniform(50 ... 150), cy = rng.uniform(50 ... 150)
            let rx = rng.uniform(6 ... 40), ry = rng.uniform(6 ... 40), phase = rng.uniform(0 ... 6.3)
            let clockwise = n % 2 == 0
            func vertex(_ k: Double) -> (Double, Double) {
                let a = phase + (clockwise ? 1 : -1) * 2 * Double.pi * k / Double(count)
                return (cx + rx * cos(a), cy + ry * sin(a))
            }
            let ring = (0 ..< count).map { vertex(Double($0)) }
            // On screen (y down) increasing angles turn clockwise: positive cross products.
            let convex = Self.built(T.polygon(ring), .identity).runs.shapes[0]
            #expect(convex[2] == 1 && convex[3] == (clockwise ? 1 : -1), "polygon \(n): \(convex)")

            // Every second vertex of a (2m+1)-gon: a star that winds twice, every turn alike.
            let m = 2 + n % 4
            let star = (0 ..< 2 * m + 1).map { k in
                let a = phase + 2 * Double.pi * Double(2 * k) / Double(2 * m + 1)
                return (cx + rx * cos(a), cy + rx * sin(a))
            }
            #expect(Self.built(T.polygon(star), .identity).runs.shapes[0][2] == 0, "star \(n)")

            // A dent: one vertex pulled to the centre (beyond the chord of its neighbours from
            // five vertices on; with four the centre lies on that chord).
            var dented = ring
            if count >= 5 { dented[1] = (cx, cy) }
            if count >= 5 { #expect(Self.built(T.polygon(dented), .identity).runs.shapes[0][2] == 0, "dent \(n)") }
        }
    }
}
