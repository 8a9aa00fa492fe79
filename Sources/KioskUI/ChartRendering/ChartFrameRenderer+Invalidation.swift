import Raster

/// Which tiles a change of the chart makes stale.
extension ChartFrameRenderer {
    /// Marks the tiles under changed seats and tribunes stale.
    func invalidate(_ change: ChartScene.Change) {
        guard let l = layout else { return }
        let margin = masks.margin
        for s in change.seats where l.key[s] != -2 {
            let x = Int(l.baseX[s]), y = Int(l.baseY[s])
            let r = PixelRect(x: x - margin, y: y - margin, width: 2 * margin + 2, height: 2 * margin + 2)
            invalidateTiles(r)
        }
        for t in change.tribunes { invalidateTiles(l.tribuneBounds[t]) }
    }

    /// Marks stale every held tile under `r` (content px). Any content tile can still be held
    /// (a pan may jump), so the whole rect counts, within the layout's region.
    func invalidateTiles(_ r: PixelRect) {
        guard let l = layout else { return }
        guard let (tx0, ty0, tx1, ty1) = grid.tiles(touching: r.intersection(l.reach)) else { return }
        for ty in ty0...ty1 { for tx in tx0...tx1 { grid.invalidate(tileX: tx, tileY: ty) } }
    }
}
