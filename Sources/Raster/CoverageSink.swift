/// Receives the coverage a rasterizer produces, row by row, left to right, in target pixels.
/// Generic use keeps the calls specialized (no existentials in the hot loop).
protocol CoverageSink {
    /// `count` pixels starting at (x, y) with per-pixel 8-bit coverage (0 = outside).
    mutating func coverageSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// `count` pixels starting at (x, y), all with coverage `alpha` (never 0).
    mutating func constantSpan(y: Int, x: Int, count: Int, alpha: UInt32)
    /// A hint that pixels `x0 ... x1` of `rows` will be written soon (lets a surface sink
    /// prefetch them, all in parallel).
    mutating func willTouch(rows: Range<Int>, x0: Int, x1: Int)
    /// `count` pixels starting at (x, y) given as accumulated cells (`cells[i]` is the first
    /// difference of pixel x + i's coverage, see `CoverageAccumulator`): prefix-sums them from
    /// 0, zeroes every cell it reads, composites the coverage and returns the final sum.
    /// `scratch` holds at least `count` bytes. The default goes through `coverageSpan`; a sink
    /// may fuse the sum with its blend (one pass, no coverage buffer).
    mutating func accumulatedSpan(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, evenOdd: Bool,
                                  scratch: UnsafeMutablePointer<UInt8>) -> Int32
    /// `accumulatedSpan` for every row of a dense band at once, when the sink fuses it: row
    /// `rows.lowerBound + r` is `count` pixels from x, its cells at `cells + r·count`; a row
    /// whose sum does not end at 0 continues at that coverage over the next `trailing` pixels
    /// (`constantSpan`). Returns false, having touched nothing, when the sink would go row by
    /// row anyway (the default).
    mutating func accumulatedRows(_ rows: Range<Int>, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>,
                                  trailing: Int, evenOdd: Bool) -> Bool
}

extension CoverageSink {
    mutating func willTouch(rows: Range<Int>, x0: Int, x1: Int) {}

    mutating func accumulatedRows(_ rows: Range<Int>, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>,
                                  trailing: Int, evenOdd: Bool) -> Bool { false }

    @inline(__always)
    mutating func accumulatedSpan(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, evenOdd: Bool,
                                  scratch: UnsafeMutablePointer<UInt8>) -> Int32 {
        defaultAccumulatedSpan(y: y, x: x, count: count, cells: cells, evenOdd: evenOdd, scratch: scratch)
    }

    /// The unfused `accumulatedSpan`: coverage bytes into `scratch`, then `coverageSpan`.
    @inline(__always)
    mutating func defaultAccumulatedSpan(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>,
                                         evenOdd: Bool, scratch: UnsafeMutablePointer<UInt8>) -> Int32 {
        var acc: Int32 = 0
        if evenOdd {
            for i in 0..<count {
                acc &+= cells[i]; cells[i] = 0
                scratch[i] = UInt8(truncatingIfNeeded: CoverageAccumulator.evenOddAlpha(acc))
            }
        } else {
            for i in 0..<count {
                acc &+= cells[i]; cells[i] = 0
                scratch[i] = UInt8(truncatingIfNeeded: CoverageAccumulator.nonZeroAlpha(acc))
            }
        }
        if count > 0 { coverageSpan(y: y, x: x, count: count, coverage: scratch) }
        return acc
    }
}
