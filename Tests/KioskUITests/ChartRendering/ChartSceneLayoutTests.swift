import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The layout's bins: only the tiles the seats can touch, every seat in each tile it touches
/// (in index order, for any number of workers), and a reach of four screens around the screen
/// whatever the bins are.
@Suite struct ChartSceneLayoutTests {
    static func layout(seats: Int, screen: PixelRect, deviceSeat: Double, offset: Vector, workers: Int = 2)
        -> (ChartSceneLayout, ChartScene, SeatMaskCache, AffineTransform) {
        var chart = ChartFrameRendererTests.scene(seats: seats, deviceSeat: deviceSeat)
        chart.view.offset = offset
        let scene = ChartScene(venue: chart.venue)
        _ = scene.sync(chart, now: 0, seatReveal: 1, showsAllSeats: true)
        let masks = SeatMaskCache()
        let m = chart.view.chartToScreen
        let l = ChartSceneLayout(scene: scene, transform: m, screen: screen, masks: masks, style: ChartRenderer(),
                                 workers: RowBandWorkers(count: workers), recycling: nil)
        return (l, scene, masks, m)
    }

    /// Every seat whose mask box (base pixel ± margin) lies in reach is in the bin of every
    /// tile that box touches, in index order, and bins hold nothing else; the bins span no more
    /// tiles than the seats' boxes do. The workers' ranges of seats (1, 2, 3) give the same bins.
    @Test(arguments: [(3.0, Vector(dx: 0, dy: 0)), (12.0, Vector(dx: 432, dy: 128)), (40.0, Vector(dx: -2000, dy: 700))], [1, 2, 3])
    func binsHoldExactlyTheSeatsTouchingTheirTiles(view: (deviceSeat: Double, offset: Vector), workers: Int) {
        let screen = PixelRect(x: 0, y: 0, width: 480, height: 320)
        let (l, scene, masks, m) = Self.layout(seats: 3000, screen: screen, deviceSeat: view.deviceSeat, offset: view.offset,
                                               workers: workers)
        var expected: [Int: [Int]] = [:]
        var minTX = Int.max, minTY = Int.max, maxTX = Int.min, maxTY = Int.min
        for s in 0..<scene.seatCount {
            let p = Point(x: scene.centerX[s], y: scene.centerY[s]).applying(m)
            // The base pixel: the centre rounded to 1/8 px, then down to a whole pixel.
            let bx = Int((p.x * 8).rounded(.down) + ((p.x * 8) - (p.x * 8).rounded(.down) >= 0.5 ? 1 : 0)) >> 3
            let by = Int((p.y * 8).rounded(.down) + ((p.y * 8) - (p.y * 8).rounded(.down) >= 0.5 ? 1 : 0)) >> 3
            let box = PixelRect(x: bx - masks.margin, y: by - masks.margin, width: 2 * masks.margin + 2,
                                height: 2 * masks.margin + 2).intersection(l.reach)
            if box.isEmpty { continue }
            for ty in (box.minY >> 6)...((box.maxY - 1) >> 6) {
                for tx in (box.minX >> 6)...((box.maxX - 1) >> 6) {
                    expected[ty * 100_000 + tx, default: []].append(s)
                    minTX = min(minTX, tx); maxTX = max(maxTX, tx); minTY = min(minTY, ty); maxTY = max(maxTY, ty)
                }
            }
        }
        #expect(!expected.isEmpty)
        var found = 0
        for ty in l.tileY0..<(l.tileY0 + l.rows) {
            for tx in l.tileX0..<(l.tileX0 + l.columns) {
                let b = l.bin(tileX: tx, tileY: ty)!
                let seats = (Int(l.binStart[b])..<Int(l.binStart[b + 1])).map { Int(l.binSeats[$0]) }
                #expect(seats == (expected[ty * 100_000 + tx] ?? []), "tile (\(tx), \(ty))")
                found += seats.count
            }
        }
        #expect(found == expected.values.reduce(0) { $0 + $1.count })
        // Bins: no more tiles than the device box of the seats' chart-space box (turned with
        // the view, so wider than the seats' own tiles when rotated), padded by the masks'
        // margin, within reach.
        let r = scene.side.max()! * 0.5.squareRoot()
        let corners = [(scene.centerX.min()! - r, scene.centerY.min()! - r), (scene.centerX.max()! + r, scene.centerY.min()! - r),
                       (scene.centerX.min()! - r, scene.centerY.max()! + r), (scene.centerX.max()! + r, scene.centerY.max()! + r)]
            .map { Point(x: $0.0, y: $0.1).applying(m) }
        let pad = Double(masks.margin + 3)
        let box = PixelRect(x: Int((corners.map(\.x).min()! - pad).rounded(.down)), y: Int((corners.map(\.y).min()! - pad).rounded(.down)),
                            width: Int((corners.map(\.x).max()! - corners.map(\.x).min()! + 2 * pad).rounded(.up)) + 1,
                            height: Int((corners.map(\.y).max()! - corners.map(\.y).min()! + 2 * pad).rounded(.up)) + 1)
            .intersection(l.reach)
        #expect(l.columns <= (box.maxX - 1) >> 6 - box.minX >> 6 + 2 && l.rows <= (box.maxY - 1) >> 6 - box.minY >> 6 + 2)
        #expect(l.columns >= maxTX - minTX + 1 && l.rows >= maxTY - minTY + 1)
    }

    /// Reach is four screens around the screen, out to whole 64-px tiles, however few tiles
    /// have bins: a pan inside it keeps the layout, one past it needs a new one.
    @Test func reachIsFourScreensAroundTheScreenInWholeTiles() {
        let screen = PixelRect(x: 0, y: 0, width: 480, height: 320)
        let (l, _, _, _) = Self.layout(seats: 3000, screen: screen, deviceSeat: 3, offset: Vector(dx: 0, dy: 0))
        // x: −1920 … 2400 (−30 … 37.5 tiles → −30 … 38); y: −1280 … 1600 (−20 … 25 tiles).
        #expect(l.reach == PixelRect(x: -1920, y: -1280, width: 68 * 64, height: 45 * 64))
        #expect(l.columns * l.rows < 68 * 45 / 4)
        #expect(l.covers(PixelRect(x: -1920, y: -1280, width: 480, height: 320)))
        #expect(l.covers(PixelRect(x: 68 * 64 - 1920 - 480, y: 45 * 64 - 1280 - 320, width: 480, height: 320)))
        #expect(!l.covers(PixelRect(x: -1921, y: 0, width: 480, height: 320)))
        #expect(!l.covers(PixelRect(x: 0, y: 45 * 64 - 1280 - 319, width: 480, height: 320)))
    }
}
