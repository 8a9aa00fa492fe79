import Testing
@testable import Raster

/// The truth renderer against areas worked out by hand (pixels covered), so the exactness
/// comparison rests on a checked reference.
struct TruthRendererTests {
    typealias V = SIMD2<Double>

    static func polyline(_ pts: [(Double, Double)], closed: Bool = false) -> TruthPath {
        TruthPath(subpaths: [TruthPath.Subpath(start: V(pts[0].0, pts[0].1), segments: pts.dropFirst().map { .line(V($0.0, $0.1)) },
                                               closed: closed)])
    }

    static func area(_ counts: [Int32], samples: Int = 16) -> Double {
        Double(counts.reduce(0) { $0 + Int($1) }) / Double(samples * samples)
    }

    let truth = TruthRenderer(width: 64, height: 64, background: nil)

    @Test func fillRulesCountWindings() {
        let square = Self.polyline([(10, 10), (20, 10), (20, 20), (10, 20)], closed: true)
        #expect(Self.area(truth.fillCoverage(square, rule: .nonZero)) == 100)
        // The same square twice, wound alike: winding 2 is inside for nonzero only.
        let twice = TruthPath(subpaths: square.subpaths + square.subpaths)
        #expect(Self.area(truth.fillCoverage(twice, rule: .nonZero)) == 100)
        #expect(Self.area(truth.fillCoverage(twice, rule: .evenOdd)) == 0)
        // A pixel wholly inside counts every sample.
        #expect(truth.fillCoverage(square, rule: .nonZero)[15 * 64 + 15] == 256)
    }

    @Test func capsAddTheirArea() {
        let line = Self.polyline([(10, 20.5), (30, 20.5)])
        func area(_ cap: StrokeStyle.LineCap) -> Double {
            Self.area(truth.strokeCoverage(line, style: StrokeStyle(lineWidth: 4, lineCap: cap)))
        }
        #expect(area(.butt) == 80)
        #expect(area(.square) == 80 + 2 * 2 * 4)
        #expect(abs(area(.round) - (80 + Double.pi * 4)) < 0.1)
    }

    @Test func joinsAddTheirCorner() {
        // Two 20-px legs at a right angle, 4 px wide: 80 + 80 − the 2×2 overlap, plus the outer
        // corner: a 2×2 square (miter), half of it (bevel), a quarter disc of radius 2 (round).
        let corner = Self.polyline([(10, 10), (30, 10), (30, 30)])
        func area(_ join: StrokeStyle.LineJoin, limit: Double = 10) -> Double {
            Self.area(truth.strokeCoverage(corner, style: StrokeStyle(lineWidth: 4, lineJoin: join, miterLimit: limit)))
        }
        #expect(area(.miter) == 160)
        #expect(abs(area(.bevel) - 158) < 0.1)  // the 45° edge crosses sample rows at their points
        #expect(abs(area(.round) - (156 + Double.pi)) < 0.05)
        // A right angle's miter is √2 widths long: a limit below that bevels it.
        #expect(abs(area(.miter, limit: 1.4) - 158) < 0.1)
    }

    @Test func zeroLengthSubpathsFollowSVG() {
        // SVG's rule: a disc of the width's diameter (round), a square of that side (square),
        // nothing (butt), for a close and for a line to the same point alike.
        let closed = Self.polyline([(20, 20)], closed: true)
        let line = Self.polyline([(40, 40), (40, 40)])
        for path in [closed, line] {
            func area(_ cap: StrokeStyle.LineCap) -> Double {
                Self.area(truth.strokeCoverage(path, style: StrokeStyle(lineWidth: 8, lineCap: cap)))
            }
            #expect(abs(area(.round) - Double.pi * 16) < 0.1)
            #expect(area(.square) == 64)
            #expect(area(.butt) == 0)
        }
    }

    @Test func dashesFollowTheArcLength() {
        let line = Self.polyline([(10, 20.5), (50, 20.5)])
        let counts = truth.strokeCoverage(line, style: StrokeStyle(lineWidth: 2, dash: [5, 5], dashPhase: 2))
        // On 10…13, 18…23, 28…33, 38…43, 48…50 of x: 20 px long, 2 px wide.
        #expect(Self.area(counts) == 40)
        #expect(counts[20 * 64 + 11] == 256)  // y 19.5…21.5: row 20 whole, rows 19 and 21 half
        #expect(counts[19 * 64 + 11] == 128)
        #expect(counts[20 * 64 + 15] == 0)
        #expect(counts[20 * 64 + 20] == 256)
        // A closed square dashed wholly on is one loop, joined at its start (no caps).
        let square = Self.polyline([(10, 10), (30, 10), (30, 30), (10, 30)], closed: true)
        let solid = truth.strokeCoverage(square, style: StrokeStyle(lineWidth: 2, lineCap: .square))
        let dashed = truth.strokeCoverage(square, style: StrokeStyle(lineWidth: 2, lineCap: .square, dash: [100, 1]))
        #expect(solid == dashed)
        #expect(Self.area(solid) == 22 * 22 - 18 * 18)
    }
}
