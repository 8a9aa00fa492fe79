import TestFixtures
import Testing
@testable import KioskUI

/// `ChartSceneLayout.sortIntoBins`: every bin lists exactly the seats whose tile span covers
/// it, in index order, for one worker and for several (the ranges' parts joined in order).
@Suite struct ChartSceneLayoutBinningTests {
    struct Binned: Equatable { var starts: [Int32]; var seats: [Int32] }

    func sort(keys: [Int32], firstTile: [Int32], span: [UInt8], columns: Int, binCount: Int, workers: Int) -> Binned {
        var starts: [Int32] = [], cursor: [Int32] = [], seats: [Int32] = []
        ChartSceneLayout.sortIntoBins(seats: keys.count, keys: keys, firstTile: firstTile, span: span, columns: columns,
                                      binCount: binCount, workers: RowBandWorkers(count: workers),
                                      binStart: &starts, cursor: &cursor, binSeats: &seats)
        return Binned(starts: starts, seats: Array(seats[..<Int(starts[binCount])]))
    }

    /// The bins by brute force: for each bin, the seats (in index order) whose rectangle of
    /// tiles — first tile, plus `span & 15` columns and `span >> 4` rows — contains it.
    func expected(keys: [Int32], firstTile: [Int32], span: [UInt8], columns: Int, binCount: Int) -> Binned {
        var starts: [Int32] = [0], seats: [Int32] = []
        for b in 0..<binCount {
            let bx = b % columns, by = b / columns
            for i in keys.indices where keys[i] != -2 {
                let fx = Int(firstTile[i]) % columns, fy = Int(firstTile[i]) / columns
                let w = Int(span[i]) & 15, h = Int(span[i]) >> 4
                if bx >= fx && bx <= fx + w && by >= fy && by <= fy + h { seats.append(Int32(i)) }
            }
            starts.append(Int32(seats.count))
        }
        return Binned(starts: starts, seats: seats)
    }

    @Test(arguments: [1, 2, 3])
    func binsHoldTheirSeatsInIndexOrder(workers: Int) {
        // 12 × 7 bins; 5,000 seats spanning up to 3 × 2 tiles, some left out (-2).
        let columns = 12, rows = 7
        var generator = SeededGenerator(seed: 29)
        var keys: [Int32] = [], firstTile: [Int32] = [], span: [UInt8] = []
        for _ in 0..<5000 {
            let w = Int(generator.next() % 3), h = Int(generator.next() % 2)
            let x = Int(generator.next() % UInt64(columns - w)), y = Int(generator.next() % UInt64(rows - h))
            keys.append(generator.next() % 10 == 0 ? -2 : Int32(generator.next() % 64))
            firstTile.append(Int32(y * columns + x))
            span.append(UInt8(w | h << 4))
        }
        let want = expected(keys: keys, firstTile: firstTile, span: span, columns: columns, binCount: columns * rows)
        #expect(want.seats.count > 5000)   // seats across borders are in several bins
        let got = sort(keys: keys, firstTile: firstTile, span: span, columns: columns, binCount: columns * rows, workers: workers)
        // (Through a Bool: a failing `==` on arrays this long makes swift-testing print both.)
        let same = got == want
        #expect(same)
    }
}
