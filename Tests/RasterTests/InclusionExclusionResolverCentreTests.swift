import Foundation
import Geometry
import Testing
@testable import Raster

/// Stars of overlaps — a rod bridging a back and a squab that do not touch, as a seat is drawn —
/// resolved under nonzero by cutting the rod down to its part outside the others: exact against
/// the supersampled reference, closed (no row leaks winding), and with fewer edges than the
/// three outlines plus two intersections that inclusion–exclusion accumulates. Configurations
/// that are not such stars (a rod across a corner, a rod inside the back) stay exact through
/// the other paths.
struct InclusionExclusionResolverCentreTests {
    typealias T = RasterTestSupport
    typealias Reference = SupersampledReferenceTests
    typealias Resolver = InclusionExclusionResolverTests

    /// A seat's outlines in a local frame turned by `angle` about (cx, cy): a rod from x
    /// `rodLeft` to `rodRight` at y `rodTop` … `rodTop + rodHeight`, a back at x −6…−1 and a
    /// squab at x 1…6 (both y −4…4).
    static func seatParts(_ cx: Double, _ cy: Double, angle: Double, rodLeft: Double = -3, rodRight: Double = 3,
                          rodTop: Double, rodHeight: Double) -> [Path] {
        let c = cos(angle), s = sin(angle)
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
            T.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { (cx + $0.0 * c - $0.1 * s, cy + $0.0 * s + $0.1 * c) })
        }
        return [rect(rodLeft, rodTop, rodRight, rodTop + rodHeight), rect(-6, -4, -1, 4), rect(1, -4, 6, 4)]
    }

    /// The seat as one path of its three outlines, the rod first.
    static func seat(_ cx: Double, _ cy: Double, angle: Double, rodLeft: Double = -3, rodRight: Double = 3,
                     rodTop: Double, rodHeight: Double) -> Path {
        var p = Path()
        for part in seatParts(cx, cy, angle: angle, rodLeft: rodLeft, rodRight: rodRight, rodTop: rodTop,
                              rodHeight: rodHeight) { p.addPath(part) }
        return p
    }

    @Test func seatsAreExactClosedAndCutDown() {
        var rng = T.Random(seed: 29)
        for n in 0..<60 {
            let parts = Self.seatParts(rng.range(17, 23), rng.range(17, 23), angle: rng.range(0, 6.3),
                                       rodTop: rng.range(-3.5, 2), rodHeight: rng.range(0.4, 1.5))
            // The rod loses its two ends inside the back and squab and gains at most one vertex
            // at each of the two sides it crosses: at most two edges more than the outlines.
            // Adding the two intersections instead would add at least six.
            Self.expectCutDown(parts, size: 40, extraEdges: 2, "seat \(n)")
        }
    }

    /// A round rod of more vertices than the clip buffers first hold (96) is cut down as a
    /// rectangle's is, the buffers growing to it: at most two edges more than the outlines,
    /// where a rod taken as cut by several sides (not a star) adds its two intersections'
    /// dozens. Its vertices lie on whole 1/256 px, so it stays convex: each chain steps 1/8 px
    /// in x and 2/256 px more in y each step.
    @Test func roundRodsOfManyVerticesAreCutDown() {
        var lower: [(Double, Double)] = [], y = 0
        for i in 0...48 { lower.append((Double(i * 32 - 768), Double(y))); y += 2 * i - 47 }
        let upper = lower[1..<48].reversed().map { ($0.0, -$0.1) }
        var rng = T.Random(seed: 43)
        for n in 0..<20 {
            let cx = Double(5120 + rng.int(1536)) / 256, cy = Double(5120 + rng.int(1536)) / 256
            let quarter = rng.int(4)
            // A quarter turn as exact signs and a swap.
            func place(_ p: (Double, Double)) -> (Double, Double) {
                let (x, y) = (p.0 / 256, p.1 / 256)
                switch quarter {
                case 0: return (cx + x, cy + y)
                case 1: return (cx - y, cy + x)
                case 2: return (cx - x, cy - y)
                default: return (cx + y, cy - x)
                }
            }
            let rod = T.polygon((lower + upper).map(place))
            let parts = Self.seatParts(cx, cy, angle: Double(quarter) * Double.pi / 2, rodTop: -1, rodHeight: 2)
            Self.expectCutDown([rod] + parts.dropFirst(), size: 40, extraEdges: 2, "round rod \(n)")
        }
    }

    /// The outlines `parts` as one path: exact within the reference's bound, every row's
    /// winding closed, and at most `extraEdges` edges more than the outlines' own (what
    /// accumulation would take unresolved).
    static func expectCutDown(_ parts: [Path], size: Int, extraEdges: Int, _ label: String) {
        var p = Path()
        for part in parts { p.addPath(part) }
        let outlines = parts.reduce(0) { $0 + Resolver.preparedEdges($1, rule: .nonZero, size: size).count }
        let edges = Resolver.preparedEdges(p, rule: .nonZero, size: size)
        #expect(Resolver.rowResiduals(edges, rows: size).allSatisfy { $0 == 0 }, "\(label): a row leaks winding")
        #expect(edges.count <= outlines + extraEdges, "\(label): \(edges.count) edges, outlines \(outlines)")
        let r = Reference.maxError(p, size: size, rule: .nonZero)
        #expect(r.error <= Reference.bound, "\(label): max error \(r.error) at (\(r.x), \(r.y))")
    }

    /// Two seats whose boxes meet (their outlines do not) resolve as two stars in one call,
    /// as the batched scene's parts do: exact, closed, and each rod cut down.
    @Test func neighbouringSeatsAreStarsEach() {
        var rng = T.Random(seed: 41)
        for n in 0..<40 {
            // Turned near 45°, 11 px apart on both axes: the boxes overlap (half-widths ≥ 6.6),
            // the outlines cannot (each within 7.2 px of its centre, 15.6 px apart).
            func angle() -> Double { rng.range(0.6, 1.0) + Double(rng.next() % 4) * Double.pi / 2 }
            var parts: [Path] = []
            for (cx, cy) in [(16.0, 16.0), (27.0, 27.0)] {
                parts += Self.seatParts(cx, cy, angle: angle(), rodTop: rng.range(-3.5, 2), rodHeight: rng.range(0.4, 1.5))
            }
            // Two rods cut down: at most two edges more each (inclusion–exclusion: ≥ 12 more).
            Self.expectCutDown(parts, size: 44, extraEdges: 4, "seats \(n)")
        }
    }

    @Test func rodsThatAreNotStarsStayExact() {
        var rng = T.Random(seed: 31)
        for n in 0..<30 {
            let angle = rng.range(0, 6.3)
            let cases: [(String, Path)] = [
                // Across the back's corner: two of its sides cut the rod.
                ("corner", Self.seat(20, 20, angle: angle, rodLeft: -3, rodRight: 3, rodTop: 3.6, rodHeight: 1.2)),
                // Wholly inside the back: the rod adds nothing.
                ("inside", Self.seat(20, 20, angle: angle, rodLeft: -5, rodRight: -2, rodTop: -1, rodHeight: 1)),
                // Reaching into the back only.
                ("one side", Self.seat(20, 20, angle: angle, rodLeft: -3, rodRight: 0.5, rodTop: -0.5, rodHeight: 1)),
            ]
            for (name, p) in cases {
                let edges = Resolver.preparedEdges(p, rule: .nonZero, size: 40)
                #expect(Resolver.rowResiduals(edges, rows: 40).allSatisfy { $0 == 0 }, "\(name) \(n): a row leaks winding")
                let r = Reference.maxError(p, size: 40, rule: .nonZero)
                #expect(r.error <= Reference.bound, "\(name) \(n): max error \(r.error) at (\(r.x), \(r.y))")
            }
        }
    }

    /// Even-odd keeps inclusion–exclusion's rules: the rod's overlaps are partial, so they are
    /// swept, and the result is as exact.
    @Test func evenOddSeatsAreSwept() {
        var rng = T.Random(seed: 37)
        for n in 0..<20 {
            let p = Self.seat(rng.range(17, 23), rng.range(17, 23), angle: rng.range(0, 6.3),
                              rodTop: rng.range(-3.5, 2), rodHeight: rng.range(0.4, 1.5))
            let r = Reference.maxError(p, size: 40, rule: .evenOdd)
            #expect(r.error <= Reference.bound, "seat \(n): max error \(r.error) at (\(r.x), \(r.y))")
        }
    }
}
