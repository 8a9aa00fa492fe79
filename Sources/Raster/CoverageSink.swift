/// Receives the coverage a rasterizer produces, row by row, left to right, in target pixels.
/// Generic use keeps the calls specialized (no existentials in the hot loop).
protocol CoverageSink {
    /// `count` pixels starting at (x, y) with per-pixel 8-bit coverage (0 = outside).
    mutating func coverageSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// `count` pixels starting at (x, y), all with coverage `alpha` (never 0).
    mutating func constantSpan(y: Int, x: Int, count: Int, alpha: UInt32)
    /// A hint that pixels `x0 ... x1` of `rows` will be written soon (lets a surface sink start
    /// the memory loads early, in parallel).
    mutating func willTouch(rows: Range<Int>, x0: Int, x1: Int)
}

extension CoverageSink {
    mutating func willTouch(rows: Range<Int>, x0: Int, x1: Int) {}
}
