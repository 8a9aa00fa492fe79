extension Rasterizer {
    /// Sweeps the rows of a narrow dense band across the whole box (cells `cx0 ..< cx0 + stride`
    /// of each row), zeroing the cells it reads, and emits the coverage.
    @inline(__always)
    func sweepRows<S: CoverageSink>(_ rows: Range<Int>, cellOriginX cx0: Int, stride: Int, clip: PixelRect,
                                    evenOdd: Bool, into sink: inout S) {
        let vx1 = clip.maxX
        let end = cx0 &+ stride
        let visEnd = Swift.min(end, vx1)
        if visEnd == end && sink.accumulatedRows(rows, x: cx0, count: stride, cells: cells, trailing: vx1 &- end,
                                                 evenOdd: evenOdd) { return }
        for y in rows {
            let cellRow = cells + ((y &- rows.lowerBound) &* stride &- cx0)
            var acc: Int32 = 0
            var x = cx0
            if visEnd > cx0 {
                acc = sink.accumulatedSpan(y: y, x: cx0, count: visEnd &- cx0, cells: cellRow + cx0, evenOdd: evenOdd,
                                           scratch: coverage)
                x = visEnd
            }
            while x < end { cellRow[x] = 0; x &+= 1 }
            if end < vx1 {
                let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                if a != 0 { sink.constantSpan(y: y, x: end, count: vx1 &- end, alpha: a) }
            }
        }
    }

    /// Sweeps a band whose touched 8-cell blocks are marked in `touchedBlocks` (`words` words a
    /// row, which it zeroes): runs of marked blocks become coverage spans (their cells summed
    /// and zeroed by the sink's fused sum-and-blend), the runs between them and the rest of the
    /// row constant spans of the running coverage.
    func sweepBlocks<S: CoverageSink>(rows: Range<Int>, cellOriginX cx0: Int, stride: Int, words: Int, clip: PixelRect,
                                      evenOdd: Bool, into target: inout S) {
        // (A local copy, as in `rasterize`'s narrow sweep: its fields stay in registers.)
        var sink = target
        defer { target = sink }
        let vx1 = clip.maxX
        let cov = coverage
        let rowEnd = cx0 &+ stride
        let ahead = Rasterizer.prefetchRowsAhead
        for r in 0..<Swift.min(ahead, rows.count) { prefetchRuns(row: r, y: rows.lowerBound &+ r, cx0: cx0, words: words, end: vx1, into: &sink) }
        for y in rows {
            let r = y &- rows.lowerBound
            if r &+ ahead < rows.count { prefetchRuns(row: r &+ ahead, y: y &+ ahead, cx0: cx0, words: words, end: vx1, into: &sink) }
            let rowBits = touchedBlocks + r &* words
            let cellRow = cells + (r &* stride &- cx0)
            var acc: Int32 = 0
            var x = cx0
            for w in 0..<words {
                var bits = rowBits[w]
                if bits == 0 { continue }
                rowBits[w] = 0
                let wordX = cx0 &+ 512 &* w
                while bits != 0 {
                    let b = bits.trailingZeroBitCount
                    let run = (~(bits >> UInt64(b))).trailingZeroBitCount
                    bits = run + b >= 64 ? 0 : bits & ~(((1 &<< UInt64(run)) &- 1) &<< UInt64(b))
                    let s = wordX &+ 8 &* b, e = Swift.min(wordX &+ 8 &* (b &+ run), rowEnd)
                    if s > x && x < vx1 {
                        let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                        if a != 0 { sink.constantSpan(y: y, x: x, count: Swift.min(s, vx1) &- x, alpha: a) }
                    }
                    let visible = Swift.min(e, vx1)
                    var i = s
                    if visible > s {
                        // The running sum enters as part of the first cell, so the sink's fused
                        // sum-and-blend can take the run.
                        cellRow[s] &+= acc
                        acc = sink.accumulatedSpan(y: y, x: s, count: visible &- s, cells: cellRow + s,
                                                   evenOdd: evenOdd, scratch: cov)
                        i = visible
                    }
                    while i < e { cellRow[i] = 0; i &+= 1 }
                    x = e
                }
            }
            if x < vx1 {
                let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                if a != 0 { sink.constantSpan(y: y, x: x, count: vx1 &- x, alpha: a) }
            }
        }
    }

    /// Rows of a band the sweep looks ahead: their marked runs' pixels are prefetched
    /// (`CoverageSink.willTouch`) while the rows before them are blended, so a wide band's scattered
    /// runs do not each wait for memory.
    static let prefetchRowsAhead = 2

    /// Hands the marked runs of band row `row` (pixel row `y`) left of `end` to `sink.willTouch`.
    @inline(__always)
    func prefetchRuns<S: CoverageSink>(row: Int, y: Int, cx0: Int, words: Int, end: Int, into sink: inout S) {
        let rowBits = touchedBlocks + row &* words
        for w in 0..<words {
            var bits = rowBits[w]
            let wordX = cx0 &+ 512 &* w
            while bits != 0 {
                let b = bits.trailingZeroBitCount
                let run = (~(bits >> UInt64(b))).trailingZeroBitCount
                bits = run + b >= 64 ? 0 : bits & ~(((1 &<< UInt64(run)) &- 1) &<< UInt64(b))
                let x0 = wordX &+ 8 &* b
                if x0 >= end { return }
                sink.willTouch(rows: y..<(y &+ 1), x0: x0, x1: Swift.min(wordX &+ 8 &* (b &+ run), end) &- 1)
            }
        }
    }
}
