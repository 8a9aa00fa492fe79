import Raster

extension ChartFrameRenderer {
    /// The tile rows of `window` (content px) that `drawn` covers across the whole window.
    func rowsDrawnWhole(_ drawn: [(Int, Int)], window: PixelRect) -> Set<Int> {
        guard let (tx0, ty0, tx1, ty1) = grid.tiles(touching: window) else { return [] }
        var perRow = [Int](repeating: 0, count: ty1 - ty0 + 1)
        for (tx, ty) in drawn where ty >= ty0 && ty <= ty1 && tx >= tx0 && tx <= tx1 { perRow[ty - ty0] += 1 }
        return Set((ty0...ty1).filter { perRow[$0 - ty0] == tx1 - tx0 + 1 })
    }

    /// The screen rects of `window`'s tile rows other than `skipped` (consecutive rows merged).
    func rows(of window: PixelRect, except skipped: Set<Int>) -> [PixelRect] {
        guard let (_, ty0, _, ty1) = grid.tiles(touching: window) else { return [] }
        let T = grid.tileSize
        var rects: [PixelRect] = []
        for ty in ty0...ty1 where !skipped.contains(ty) {
            let r = PixelRect(x: window.minX, y: ty * T, width: window.width, height: T).intersection(window)
            let screenRect = PixelRect(x: r.minX + pan.x, y: r.minY + pan.y, width: r.width, height: r.height)
            if let last = rects.last, last.maxY == screenRect.minY {
                rects[rects.count - 1] = PixelRect(x: last.minX, y: last.minY, width: last.width,
                                                   height: last.height + screenRect.height)
            } else {
                rects.append(screenRect)
            }
        }
        return rects
    }

    /// Copies damaged screen rects from the back buffer (a large rect's rows shared among the
    /// workers in bands of 32 rows, one tile row's worth at most).
    func copyOut(_ rects: [PixelRect], into surface: Surface) {
        for r in rects {
            let content = PixelRect(x: r.minX - pan.x, y: r.minY - pan.y, width: r.width, height: r.height)
            workers.forEachBand(of: content, rows: 32) { band in self.grid.copy(content: band, pan: self.pan, into: surface) }
        }
    }
}
