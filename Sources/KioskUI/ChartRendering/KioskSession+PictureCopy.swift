import Raster

extension KioskSession {
    /// Rows per band when a large rect of the picture is copied on the chart's workers.
    static let pictureCopyBand = 64

    /// Copies `rect` (screen px) of the chart `picture` into `surface`, with the chart's labels
    /// (`KioskFrameCache.labelsOverPicture`) over it. A rect of a megapixel or more is split
    /// into row bands shared by the chart renderer's workers: a full-screen copy at 4K moves
    /// 33 MB, ~3 ms on one thread, on every frame of an animation. Each band's pixels depend only
    /// on the band (blending is per pixel, clipped to it), so any split gives the same bytes.
    /// `labels` false: the copy only.
    func copyPicture(_ picture: Surface, _ rect: PixelRect, into surface: Surface, labels drawsLabels: Bool = true) {
        let labels = drawsLabels ? frameCache.labelsOverPicture : nil
        if picture === surface {
            // A frame resampled straight into the screen (`chartPicture`): the labels only.
            labels?.draw(into: surface, clip: rect)
            return
        }
        guard let workers = frameCache.chartFrames?.workers, workers.count > 1, rect.width * rect.height >= 1 << 20 else {
            surface.copy(from: picture, sourceRect: rect, to: (rect.x, rect.y))
            labels?.draw(into: surface, clip: rect)
            return
        }
        let band = Self.pictureCopyBand
        workers.run(count: (rect.height + band - 1) / band) { _, i in
            let y = rect.minY + i * band
            let r = PixelRect(x: rect.minX, y: y, width: rect.width, height: Swift.min(band, rect.maxY - y))
            surface.copy(from: picture, sourceRect: r, to: (r.x, r.y))
            labels?.draw(into: surface, clip: r)
        }
    }
}
