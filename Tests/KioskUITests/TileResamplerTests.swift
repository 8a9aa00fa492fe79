import Testing
import Geometry
import Raster
@testable import KioskUI

/// The nearest-pixel resampler's untested interior against testing every pixel: the same
/// bytes for rotations, scales and offsets that put part of the screen outside the valid
/// content (background) and part inside.
@Suite struct TileResamplerTests {
    @Test func untestedInteriorGivesTheSameBytesAsTestingEveryPixel() {
        let grid = TileGrid(screenWidth: 300, screenHeight: 200)
        // Distinct pixels everywhere in the buffer, so any wrong source shows.
        for y in 0..<grid.buffer.height {
            let row = grid.buffer.row(y)
            for x in 0..<grid.buffer.width { row[x] = UInt32(truncatingIfNeeded: (y &* 7919) ^ (x &* 104_729)) | 0xFF00_0000 }
        }
        let valid = PixelRect(x: -40, y: 10, width: 300, height: 200)
        let workers = RowBandWorkers(count: 2)
        var checked = 0
        for (angle, scale, dx, dy) in [(0.0, 1.0, 0.0, 0.0), (0.3, 1.1, -25.0, 12.5), (-1.2, 0.75, 80.3, -40.7),
                                       (3.0, 1.44, 5.5, 5.5), (.pi / 2, 1.0, -60.0, 30.0), (0.001, 0.9, 150.0, 100.0)] {
            let m = AffineTransform(translationX: dx, y: dy).rotated(by: angle).scaledBy(x: scale, y: scale)
            let fast = Surface(width: 300, height: 200), reference = Surface(width: 300, height: 200)
            TileResampler.resample(grid, screenToContent: m, valid: valid, background: 0xFF10_2030, smooth: false,
                                   into: fast, workers: workers)
            TileResampler.resample(grid, screenToContent: m, valid: valid, background: 0xFF10_2030, smooth: false,
                                   into: reference, workers: workers, testsEveryPixel: true)
            var background = 0
            for y in 0..<200 {
                for x in 0..<300 {
                    #expect(fast.row(y)[x] == reference.row(y)[x], "angle \(angle) scale \(scale): pixel (\(x), \(y))")
                    if reference.row(y)[x] == 0xFF10_2030 { background += 1 }
                }
            }
            if background > 0 && background < 300 * 200 { checked += 1 }
        }
        #expect(checked >= 4)   // most cases straddle the valid edge
    }

    @Test func intervalIsConservative() {
        // u + x·step (16.16) whole part in 3...9 for x in 0..<100, step 0.5 px, from 1.25.
        let u = Int(1.25 * 65536), step = 32768
        let r = TileResampler.interval(u, step, 3, 9, 100)!
        for x in r { let v = (u + x * step) >> 16; #expect(v >= 3 && v <= 9) }
        #expect(r.count >= 9)   // x 4…16 qualify; at most one lost at each end
        #expect(TileResampler.interval(u, 0, 3, 9, 100) == nil)
        #expect(TileResampler.interval(5 * 65536, 0, 3, 9, 100) == 0..<100)
    }
}
