import Geometry
import Raster
import Seating

extension KioskSession {
    /// The chart's labels for this venue and panel density, made on first use (and again when
    /// the density changes); nil without fonts.
    func chartLabels() -> ChartLabels? {
        let ppm = configuration.pixelsPerMillimetre
        if let l = frameCache.labels, l.pixelsPerMillimetre == ppm { return l }
        guard let renderer = text.renderer, let regular = text.regular, let bold = text.bold else { return nil }
        let l = ChartLabels(venue: interaction.chart.venue, pixelsPerMillimetre: ppm, regular: regular, bold: bold,
                            renderer: renderer)
        frameCache.labels = l
        return l
    }

    /// Places the chart's labels for `view` on a `width`×`height` picture, within the chart's
    /// safe area (a label half under the header, the party's panel, step-through's list or the
    /// bottom bar cannot be read), keeping numbers off
    /// the seats whose glyphs the picture draws (the frame renderer's paints; the wheelchair
    /// spaces of `overlayTribune`, the selected tribune whose seats `drawSeats` draws over the
    /// frame); true when any shows (then `drawPlacedLabels` draws them).
    func placeChartLabels(view: ChartViewState, width: Int, height: Int, overlayTribune: Int? = nil) -> Bool {
        guard let labels = chartLabels() else { return false }
        let area = currentChartSafeArea.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        let paints = frameCache.chartFrames?.scene.paint ?? []
        labels.fades = !seatShapes
        return !labels.place(view: view, within: area, paints: paints, marked: mapStyle.markedPaints, glyphTribune: overlayTribune).isEmpty
    }

    /// Draws the labels last placed into `surface`, in row bands shared by the chart's workers
    /// (a tribune's seat numbers at 4K are about a sixth of a pan frame on one thread); each
    /// band's pixels depend only on the band, so the bytes are those of one pass. Every band
    /// goes through all the labels, so there are only `labelBandsPerWorker` of them a worker.
    func drawPlacedLabels(into surface: Surface) {
        guard let labels = frameCache.labels else { return }
        let workers = bandWorkers
        let bands = Swift.max(1, workers.count * Self.labelBandsPerWorker)
        let rows = Swift.max(Self.pictureCopyBand, (surface.height + bands - 1) / bands)
        workers.forEachBand(of: surface.bounds, rows: rows) { band in labels.draw(into: surface, clip: band) }
    }

    /// Label bands per chart worker (`drawPlacedLabels`): enough to even out where the labels
    /// crowd, few enough that passing over every label in each band costs nothing.
    static let labelBandsPerWorker = 4
}
