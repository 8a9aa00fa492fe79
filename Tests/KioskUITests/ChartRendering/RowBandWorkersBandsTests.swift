import Raster
import Synchronization
import Testing
@testable import KioskUI

/// `RowBandWorkers.forEachBand`: every row of the rect exactly once, in bands of the given
/// height, and small rects (or one worker) as one call with the whole rect.
@Suite struct RowBandWorkersBandsTests {
    /// The rects `forEachBand` hands out, sorted top to bottom.
    func bands(of rect: PixelRect, rows: Int, workers: Int) -> [PixelRect] {
        let seen = Mutex<[PixelRect]>([])
        RowBandWorkers(count: workers).forEachBand(of: rect, rows: rows) { r in seen.withLock { $0.append(r) } }
        return seen.withLock { $0 }.sorted { $0.minY < $1.minY }
    }

    @Test func aLargeRectIsCutIntoBandsCoveringEachRowOnce() {
        // 1,000 × 1,001 px: over the split threshold; 1,001 rows = 15 bands of 64 and one of 41.
        let rect = PixelRect(x: 7, y: 3, width: 1000, height: 1001)
        let got = bands(of: rect, rows: 64, workers: 2)
        #expect(got.count == 16)
        var y = 3
        for (i, b) in got.enumerated() {
            #expect(b.minX == 7 && b.width == 1000 && b.minY == y && b.height == (i < 15 ? 64 : 41))
            y += b.height
        }
        #expect(y == 3 + 1001)
    }

    @Test func aSmallRectOrOneWorkerIsOneCall() {
        let small = PixelRect(x: 0, y: 0, width: 100, height: 100)
        #expect(bands(of: small, rows: 64, workers: 2) == [small])
        let large = PixelRect(x: 0, y: 0, width: 2000, height: 2000)
        #expect(bands(of: large, rows: 64, workers: 1) == [large])
        #expect(bands(of: PixelRect(x: 5, y: 5, width: 0, height: 10), rows: 64, workers: 2).isEmpty)
    }
}
