import Geometry
import Testing
@testable import Raster

/// `fillByParts` draws a batch unit by unit, each resolved and drawn at once; a decline after
/// some units were drawn leaves the rest undrawn, for the caller to fill as a path of its own.
struct RasterizerPartsTests {
    typealias T = RasterTestSupport

    /// Rows of 90 squares 8 px apart, each with a smaller square: poking out below it (a group
    /// of two) or, in `chained` rows, reaching the next square (one group of 180 overlapping
    /// subpaths, more than the resolver takes). Rows are 11.5 px apart with no pixel shared:
    /// each row is one unit, listed in row order.
    static func rows(_ count: Int, chained: Set<Int>) -> Path {
        var block = Path()
        for row in 0..<count {
            for column in 0..<90 {
                let x = 2.3 + Double(column) * 8, y = 2.6 + Double(row) * 11.5
                block.addPath(T.rectPath(x, y, 7.9, 9.2))
                block.addPath(chained.contains(row) ? T.rectPath(x + 4.6, y + 5.1, 5.1, 3) : T.rectPath(x + 3.6, y + 6, 3.9, 4.6))
            }
        }
        return block
    }

    /// With rows 5 and 11 chained, the five rows before row 5 are drawn (coverage in their
    /// pixel rows, 2 … 59: row 4 reaches y = 48.6 + 10.6) and nothing after (rows 5 … 11, from
    /// y = 60.1, stay empty); the subpaths drawn are the first 5 × 180.
    @Test func aDeclineAfterDrawnUnitsLeavesTheRestUndrawn() throws {
        let clip = PixelRect(x: 0, y: 0, width: 740, height: 150)
        let r = Rasterizer()
        let e = try #require(r.buildEdgesInside(Self.rows(12, chained: [5, 11]), transform: .identity, clip: clip))
        let mask = CoverageMask(bounds: clip)
        var sink = MaskWriter(mask: mask, previous: nil)
        #expect(r.fillByParts(e, rule: .nonZero, clip: clip, into: &sink) == .declined(unitsDrawn: 5))
        #expect(r.parts.unitCount == 12)
        let drawn = r.parts.subpathsDrawn(byUnits: 5, of: e.shapeCount)
        #expect(drawn == (0..<(12 * 180)).map { $0 < 5 * 180 })
        func covered(_ rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<clip.width).filter { mask.bytes[y * clip.width + $0] != 0 }.count }
        }
        #expect(covered(2..<60) > 5 * 90 * 8 * 9)
        #expect(covered(60..<150) == 0)
    }

    /// A batch with no chained row is drawn whole; one whose first row is chained draws nothing.
    @Test func aBatchIsDrawnWholeOrNotAtAll() throws {
        let clip = PixelRect(x: 0, y: 0, width: 740, height: 150)
        for (chained, outcome) in [(Set<Int>(), RasterParts.Outcome.drawn), ([0, 7], .declined(unitsDrawn: 0))] {
            let r = Rasterizer()
            let e = try #require(r.buildEdgesInside(Self.rows(12, chained: chained), transform: .identity, clip: clip))
            let mask = CoverageMask(bounds: clip)
            var sink = MaskWriter(mask: mask, previous: nil)
            #expect(r.fillByParts(e, rule: .nonZero, clip: clip, into: &sink) == outcome)
            let any = (0..<(clip.width * clip.height)).contains { mask.bytes[$0] != 0 }
            #expect(any == (outcome == .drawn), "chained \(chained)")
        }
    }
}
