/// Seats are binned by tile with a counting sort split into `workers.count` contiguous
/// ranges of seats (`seatRange`): each range counts its placements per bin (`countBins`,
/// in the layout's pass that computes its seats' tiles), then `placeInBins` places each range
/// on its own worker.
///
/// Ordering: a bin lists its seats in index order, as a sequential sort would, whatever the
/// number of ranges: a bin's part for range c starts where range c − 1's part ends, and
/// ranges are in index order.
extension ChartSceneLayout {
    /// The seats of range `r` of `ranges` over `n` seats (the layout's pass and `placeInBins`
    /// must split alike).
    @inline(__always)
    static func seatRange(_ r: Int, of n: Int, ranges: Int) -> Range<Int> {
        n * r / ranges..<n * (r + 1) / ranges
    }

    /// Sizes the counting sort's scratch: `binCount` counts (then cursors) for each of `ranges` ranges.
    static func binCursors(_ cursor: inout [Int32], ranges: Int, binCount: Int) {
        if cursor.count != ranges * binCount { cursor = [Int32](repeating: 0, count: ranges * binCount) }
    }

    /// Calls `body(bin)` for every bin of a seat's first bin `f` and span `sp`, row by row.
    @inline(__always)
    static func forEachBin(first f: Int, span sp: Int, columns: Int, _ body: (Int) -> Void) {
        if sp == 0 { body(f); return }
        let w = sp & 15, h = sp >> 4
        var yy = 0
        while yy <= h {
            var xx = 0
            while xx <= w { body(f &+ yy &* columns &+ xx); xx &+= 1 }
            yy &+= 1
        }
    }

    /// Step 1 for the seats of `range`: their placements per bin, into `counts` (`binCount`
    /// entries, zeroed first).
    @inline(__always)
    static func countBins(_ range: Range<Int>, keys ks: UnsafeBufferPointer<Int32>, firstTile fts: UnsafeBufferPointer<Int32>,
                          span sps: UnsafeBufferPointer<UInt8>, columns: Int, binCount: Int, into counts: UnsafeMutablePointer<Int32>) {
        counts.update(repeating: 0, count: binCount)
        for i in range where ks[i] != -2 {
            forEachBin(first: Int(fts[i]), span: Int(sps[i]), columns: columns) { counts[$0] &+= 1 }
        }
    }

    /// Steps 2 and 3, after each of the `workers.count` ranges counted its placements into its
    /// part of `cursor`: the bins' starts, each range's cursors, then each range places its seats.
    ///
    /// - Parameters:
    ///   - n: seats; `keys[i] == -2` leaves seat i out (off the binned region).
    ///   - firstTile, span: per seat, its first bin and its extra columns | rows << 4.
    ///   - columns: bins per row; `binCount`: bins in all.
    ///   - binStart: out, `binCount + 1` starts (`binSeats[binStart[b] ..< binStart[b + 1]]`).
    ///   - cursor: in, each range's counts (`binCursors`); out, its cursors past its seats.
    ///   - binSeats: out, grown to hold every placement.
    static func placeInBins(seats n: Int, keys: [Int32], firstTile: [Int32], span: [UInt8], columns: Int, binCount: Int,
                            workers: RowBandWorkers, binStart: inout [Int32], cursor: inout [Int32], binSeats: inout [Int32]) {
        let ranges = workers.count
        if binStart.count != binCount + 1 { binStart = [Int32](repeating: 0, count: binCount + 1) }
        var total: Int32 = 0
        binStart.withUnsafeMutableBufferPointer { starts in
        cursor.withUnsafeMutableBufferPointer { cur in
            let c = cur.baseAddress!
            for b in 0..<binCount {
                starts[b] = total
                var r = 0
                while r < ranges {
                    let k = c[r &* binCount &+ b]
                    c[r &* binCount &+ b] = total
                    total &+= k
                    r &+= 1
                }
            }
            starts[binCount] = total
        }}
        if binSeats.count < Int(total) { binSeats = [Int32](repeating: 0, count: Int(total) + Int(total) / 8) }
        cursor.withUnsafeMutableBufferPointer { cur in
        binSeats.withUnsafeMutableBufferPointer { its in
        keys.withUnsafeBufferPointer { ks in
        firstTile.withUnsafeBufferPointer { fts in
        span.withUnsafeBufferPointer { sps in
            let out = its.baseAddress!
            workers.run(count: ranges, inlineBelow: 2) { _, r in
                let next = cur.baseAddress! + r &* binCount
                for i in seatRange(r, of: n, ranges: ranges) where ks[i] != -2 {
                    let seat = Int32(truncatingIfNeeded: i)
                    forEachBin(first: Int(fts[i]), span: Int(sps[i]), columns: columns) { out[Int(next[$0])] = seat; next[$0] &+= 1 }
                }
            }
        }}}}}
    }
}
