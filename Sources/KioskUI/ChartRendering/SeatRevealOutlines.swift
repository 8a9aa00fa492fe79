import Geometry
import Raster
import Seating
import Text

/// The selected tribune's seat outlines drawing themselves in while its seats reveal (SportFan's
/// trim from 0 to the reveal fraction), kept as a coverage that grows frame by frame.
///
/// Stroking every seat's outline trimmed to the reveal anew each frame cost up to 20 ms at
/// 1920×1080 (250 seats; the stroke's overlap resolution dominates). Each frame here strokes
/// only what the reveal added since the last one — every seat's piece between the two
/// fractions, all in one path, butt-capped — and adds its coverage to the outlines' (8-bit,
/// saturating). The pieces of one outline meet end to end, so their coverages add up to the
/// whole trim's where a seam crosses a pixel (drawn over one another they would leave a
/// lighter pixel at every seam). The frames' work adds up to one stroke of the whole outlines.
/// Where a single stroke of the trim has round caps (the start of an open piece, the moving
/// end) these are butt.
///
/// The strokes add their coverage straight into a `CoverageLayer` (no colour pass, no scan of
/// the pieces' box). The layer is screen-sized and made once per size; only the area drawn is
/// cleared again.
/// The coverage starts over when the view, the tribune or the screen changes, or the reveal
/// goes back.
final class SeatRevealOutlines {
    /// The outlines' coverage so far.
    private var layer: CoverageLayer?
    /// What the coverage shows: the view's transform, the tribune, and the reveal drawn up to.
    private var transform: AffineTransform?
    private var tribune = -1
    private var revealed = 0.0
    /// The coverage's area drawn so far (screen px; nil: nothing).
    private(set) var drawn: PixelRect?
    /// Each seat's outline measured once per tribune (arc lengths for the trims).
    private var measures: [PathMeasure] = []

    /// Adds what `reveal` (0…1) adds to the outlines of `tribune`'s seats seen through
    /// `transform` (chart → screen) on a `width`×`height` screen, `lineWidth` device px wide.
    func update(venue: Venue, tribune: Int, transform m: AffineTransform, reveal: Double, width: Int, height: Int,
                lineWidth: Double) {
        let layer = layer(width: width, height: height)
        if tribune != self.tribune || transform != m || reveal < revealed {
            if let d = drawn { layer.clear(d) }
            drawn = nil
            revealed = 0
            if tribune != self.tribune {
                measures = venue.tribunes[tribune].seats.map { PathMeasure(venue.seatPath($0)) }
            }
            self.tribune = tribune
            transform = m
        }
        guard reveal > revealed else { return }
        var pieces = Path()
        for measure in measures {
            measure.append(fromDistance: revealed * measure.length, toDistance: reveal * measure.length, to: &pieces)
        }
        revealed = reveal
        guard !pieces.isEmpty else { return }
        let scale = Swift.max(abs(m.a * m.d - m.b * m.c).squareRoot(), 1e-9)
        layer.addStroke(pieces, transform: m, style: StrokeStyle(lineWidth: lineWidth / scale, lineCap: .butt, lineJoin: .round))
        let box = pieces.boundingRect.applying(m)
        let pad = lineWidth + 2
        let area = PixelRect(x: Int((box.minX - pad).rounded(.down)), y: Int((box.minY - pad).rounded(.down)),
                             width: Int((box.width + 2 * pad).rounded(.up)) + 1, height: Int((box.height + 2 * pad).rounded(.up)) + 1)
            .intersection(layer.bounds)
        guard !area.isEmpty else { return }
        drawn = drawn.map { $0.union(area) } ?? area
    }

    /// Blends the outlines in `color` over `surface` (the screen the last `update` was for).
    func draw(_ color: Color, into surface: Surface) {
        guard let drawn, let layer, surface.width == layer.width, surface.height == layer.height else { return }
        let width = layer.width
        GlyphMaskBlender.blend(mask: layer.bytes + drawn.minY * width + drawn.minX, width: drawn.width, height: drawn.height,
                               rowBytes: width, color: color.premultiplied, into: surface, x: drawn.minX, y: drawn.minY,
                               clip: surface.bounds)
    }

    private func layer(width: Int, height: Int) -> CoverageLayer {
        if let layer, layer.width == width, layer.height == height { return layer }
        let l = CoverageLayer(width: width, height: height)
        layer = l
        drawn = nil; tribune = -1; revealed = 0; transform = nil
        return l
    }
}
