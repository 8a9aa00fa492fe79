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

    /// Draws the labels last placed into `surface`.
    func drawPlacedLabels(into surface: Surface) {
        frameCache.labels?.draw(into: surface, clip: surface.bounds)
    }
}
