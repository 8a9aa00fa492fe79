import Raster

extension KioskSession {
    /// Rows per band when a large rect of the picture is copied on the chart's workers.
    static let pictureCopyBand = 64

    /// The chart renderer's workers for the frame's big copies; the calling thread alone
    /// before the chart has a renderer.
    var bandWorkers: RowBandWorkers { frameCache.chartFrames?.workers ?? RowBandWorkers.callingThread }

    /// Copies `rect` (screen px) of the chart `picture` into `surface`, with the chart's labels
    /// (`KioskFrameCache.labelsOverPicture`) over it. A large rect is split into row bands shared
    /// by the chart renderer's workers (`RowBandWorkers.forEachBand`): a full-screen copy at 4K
    /// happens on every frame of an animation. Each band's pixels depend only on the band
    /// (blending is per pixel, clipped to it), so any split gives the same bytes.
    /// `labels` false: the copy only.
    func copyPicture(_ picture: Surface, _ rect: PixelRect, into surface: Surface, labels drawsLabels: Bool = true) {
        let labels = drawsLabels ? frameCache.labelsOverPicture : nil
        if picture === surface {
            // A frame resampled straight into the screen (`chartPicture`): the labels only.
            labels?.draw(into: surface, clip: rect)
            return
        }
        let copy = { (r: PixelRect) in
            surface.copy(from: picture, sourceRect: r, to: (r.x, r.y))
            labels?.draw(into: surface, clip: r)
        }
        bandWorkers.forEachBand(of: rect, rows: Self.pictureCopyBand, copy)
    }
}
