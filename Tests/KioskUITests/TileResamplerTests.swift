import Testing
import Foundation
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

    /// Turned views are drawn in blocks of columns across each band's rows: every pixel must
    /// still take the source its own centre maps to, computed here pixel by pixel from the
    /// documented 16.16 stepping (the row's first centre, plus x steps), with the ring's wrap
    /// and the background outside `valid`.
    @Test func turnedFramesTakeEachPixelsOwnSource() {
        let grid = TileGrid(screenWidth: 300, screenHeight: 200)
        let bw = grid.columns * grid.tileSize, bh = grid.rows * grid.tileSize
        for y in 0..<bh {
            let row = grid.buffer.row(y)
            for x in 0..<bw { row[x] = UInt32(truncatingIfNeeded: (y &* 7919) ^ (x &* 104_729)) | 0xFF00_0000 }
        }
        let valid = PixelRect(x: -40, y: 10, width: 300, height: 200)
        let workers = RowBandWorkers(count: 2)
        let background: UInt32 = 0xFF10_2030
        for (angle, scale, dx, dy) in [(0.3, 0.5, -100.0, 12.5), (-0.8, 0.5, 60.0, -80.0), (2.2, 0.47, 110.0, 40.0),
                                       (.pi / 4, 1.0, 40.0, -60.0), (-.pi / 2, 0.5, -20.0, 90.0)] {
            // Turned and scaled about the screen's centre, which lands (dx, dy) from the valid
            // content's centre: part of the screen maps outside it.
            let turned = AffineTransform(a: cos(angle) * scale, b: sin(angle) * scale, c: -sin(angle) * scale,
                                         d: cos(angle) * scale, tx: 0, ty: 0)
            let centre = Point(x: 150, y: 100).applying(turned)
            let m = turned.concatenating(AffineTransform(translationX: Double(valid.minX + valid.width / 2) + dx - centre.x,
                                                         y: Double(valid.minY + valid.height / 2) + dy - centre.y))
            let out = Surface(width: 300, height: 200)
            TileResampler.resample(grid, screenToContent: m, valid: valid, background: background, smooth: false,
                                   into: out, workers: workers)
            let stepX = Int((m.a * 65536).rounded()), stepY = Int((m.b * 65536).rounded())
            var inside = 0, mismatches = 0
            for y in 0..<200 {
                let ux0 = Int(((m.a * 0.5 + m.c * (Double(y) + 0.5) + m.tx) * 65536).rounded(.down))
                let uy0 = Int(((m.b * 0.5 + m.d * (Double(y) + 0.5) + m.ty) * 65536).rounded(.down))
                for x in 0..<300 {
                    let ix = (ux0 + x * stepX) >> 16, iy = (uy0 + x * stepY) >> 16
                    let expected: UInt32
                    if ix < valid.minX || ix >= valid.maxX || iy < valid.minY || iy >= valid.maxY {
                        expected = background
                    } else {
                        expected = grid.buffer.row(((iy % bh) + bh) % bh)[((ix % bw) + bw) % bw]
                        inside += 1
                    }
                    if out.row(y)[x] != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "angle \(angle): \(mismatches) pixels off their source")
            #expect(inside > 300 * 200 / 10 && inside < 300 * 200, "angle \(angle): \(inside) pixels map into the content")
        }
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
