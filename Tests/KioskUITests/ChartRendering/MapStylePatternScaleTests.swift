import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Category and status patterns keep their size on the panel: a pattern pixel is the smallest
/// power of two of device pixels that is at least 0.25 mm, so an 8-pixel tile is at least 2 mm
/// at any density, in the frame renderer's seat tiles and in the tribunes at the overview.
@Suite struct MapStylePatternScaleTests {
    @Test func aTileIsAtLeastTwoMillimetresAndNoLargerThanNeeded() {
        for tenth in 5...300 {
            let ppm = Double(tenth) / 10
            let k = MapStyle.patternScale(pixelsPerMillimetre: ppm)
            #expect(k.nonzeroBitCount == 1 && k <= 8)
            // At least 0.25 mm a pattern pixel (2 mm a tile), unless at the largest scale…
            #expect(Double(k) / ppm >= 0.25 - 1e-9 || k == 8, "\(k) px at \(ppm) px/mm")
            // …and half of it would not be.
            #expect(k == 1 || Double(k / 2) / ppm < 0.25, "\(k) px at \(ppm) px/mm")
        }
        #expect(MapStyle.patternScale(pixelsPerMillimetre: 0) == 1)
        #expect(MapStyle.patternScale(pixelsPerMillimetre: .nan) == 1)
    }

    /// The frame renderer's tile for a 2-px pattern pixel: each pattern pixel a 2 × 2 block,
    /// the tile's period 16 px, each row its 16 pixels twice; blending it through full
    /// coverage gives the pattern, block for block, from any buffer position.
    @Test func scaledTilesBlendThePatternInBlocks() {
        let shape = SeatMaskBlender.TileShape(scale: 2)
        var tile: [UInt32] = []
        let ink: UInt32 = 0xFF00_0000, fill: UInt32 = 0xFFFF_FFFF
        SeatMaskBlender.appendTile(.dots, fill: fill, ink: ink, shape: shape, to: &tile)
        #expect(tile.count == 16 * 32)
        var buffer = [UInt32](repeating: 0, count: 40 * 40)
        let mask = [UInt8](repeating: 255, count: 37 * 35)
        buffer.withUnsafeMutableBytes { base in
            mask.withUnsafeBufferPointer { m in
                tile.withUnsafeBufferPointer { t in
                    SeatMaskBlender.blend(mask: m.baseAddress!, width: 37, height: 35, x: 3, y: 5,
                                          clip: PixelRectBox(x0: 0, y0: 0, x1: 40, y1: 40), tile: t.baseAddress!, shape: shape,
                                          base: base.baseAddress!, stride: 40 * 4)
                }
            }
        }
        // The dots pattern by its definition: 2 × 2 dots every 4 pattern pixels, at (1…2, 1…2).
        for y in 5..<40 {
            for x in 3..<40 {
                let px = (x / 2) & 3, py = (y / 2) & 3
                let expected = (1...2).contains(px) && (1...2).contains(py) ? ink : fill
                #expect(buffer[y * 40 + x] == expected, "(\(x), \(y))")
            }
        }
    }

    /// The overview on a 32" 4K (5.4 px/mm) against the same screen at 4 px/mm: in a tribune
    /// of the category with horizontal lines (every 4 pattern pixels), the dark lines recur
    /// every 8 px instead of every 4 (1.5 mm instead of 0.74 mm on the 32" panel).
    @Test(arguments: [(4.0, 4), (5.4, 8)])
    func overviewTribunesCarryTheScaledPattern(ppm: Double, period: Int) throws {
        let d = KioskDriver(size: Size(width: 3840, height: 2160)) { $0.pixelsPerMillimetre = ppm }
        d.run(to: 1.5)
        let frame = d.render()
        let lines = try #require(MapStyle.cues.firstIndex(of: .lines))
        let tribunes = MapStyle.tribuneCategories(d.venue)
        let t = try #require(d.venue.tribunes.indices.first { tribunes[$0] == lines && d.venue.tribunes[$0].kind == .rect })
        let p = d.tribunePoint(t)
        // Dark rows down a column through the tribune's middle: where a run of dark pixels starts.
        let column = (Int(p.y) - 40..<Int(p.y) + 40).map { y -> Double in
            let c = frame.pixel(x: Int(p.x), y: y)
            return 0.2126 * Double(c.red) + 0.7152 * Double(c.green) + 0.0722 * Double(c.blue)
        }
        let mid = ((column.min() ?? 0) + (column.max() ?? 0)) / 2
        var starts: [Int] = []
        for k in 1..<column.count where column[k] < mid && column[k - 1] >= mid { starts.append(k) }
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(gaps.count >= 5, "\(gaps)")
        // Most gaps are the period (a seat dot may interrupt one).
        let most = Dictionary(grouping: gaps, by: { $0 }).max { $0.value.count < $1.value.count }?.key
        #expect(most == period, "gaps \(gaps) at \(ppm) px/mm")
    }
}
