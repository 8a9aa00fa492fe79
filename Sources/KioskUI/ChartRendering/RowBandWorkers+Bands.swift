import Raster

extension RowBandWorkers {
    /// Rects of at least this many pixels are split among the workers by `forEachBand`: a
    /// full-screen copy at 4K moves 33 MB, ~3 ms on one thread.
    static let bandSplitMinimumArea = 1 << 19

    /// Calls `body` once for each band of `rows` rows of `rect` (top to bottom, the last one
    /// shorter), the bands shared among the workers; a rect under `bandSplitMinimumArea` pixels
    /// is one call with the whole rect on the calling thread. For per-pixel work such as copies,
    /// whose bytes cannot depend on how the rect is cut.
    func forEachBand(of rect: PixelRect, rows: Int = 64, _ body: (PixelRect) -> Void) {
        guard count > 1, rect.width * rect.height >= Self.bandSplitMinimumArea else {
            if !rect.isEmpty { body(rect) }
            return
        }
        run(count: (rect.height + rows - 1) / rows) { _, i in
            let y = rect.minY + i * rows
            body(PixelRect(x: rect.minX, y: y, width: rect.width, height: Swift.min(rows, rect.maxY - y)))
        }
    }
}
