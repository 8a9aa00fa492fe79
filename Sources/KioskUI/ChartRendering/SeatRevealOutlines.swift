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
/// The buffers are screen-sized and made once per size; only the area drawn is cleared again.
/// The coverage starts over when the view, the tribune or the screen changes, or the reveal
/// goes back.
final class SeatRevealOutlines {
    /// Where a frame's pieces are stroked (transparent outside the area being added).
    private var scratch: Surface?
    private var context: DrawingContext?
    /// The outlines' coverage so far, `width` bytes a row.
    private var coverage: UnsafeMutablePointer<UInt8>?
    private var width = 0, height = 0
    /// What the coverage shows: the view's transform, the tribune, and the reveal drawn up to.
    private var transform: AffineTransform?
    private var tribune = -1
    private var revealed = 0.0
    /// The coverage's area drawn so far (screen px; nil: nothing).
    private(set) var drawn: PixelRect?
    /// Each seat's outline measured once per tribune (arc lengths for the trims).
    private var measures: [PathMeasure] = []

    deinit { coverage?.deallocate() }

    /// Adds what `reveal` (0…1) adds to the outlines of `tribune`'s seats seen through
    /// `transform` (chart → screen) on a `width`×`height` screen, `lineWidth` device px wide.
    func update(venue: Venue, tribune: Int, transform m: AffineTransform, reveal: Double, width: Int, height: Int,
                lineWidth: Double) {
        let (scratch, context, coverage) = buffers(width: width, height: height)
        if tribune != self.tribune || transform != m || reveal < revealed {
            if let d = drawn {
                for y in d.minY..<d.maxY { (coverage + y * width + d.minX).update(repeating: 0, count: d.width) }
            }
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
        context.transform = m
        context.stroke(pieces, with: .solid(.white), style: StrokeStyle(lineWidth: lineWidth / scale, lineCap: .butt, lineJoin: .round))
        context.transform = .identity
        let box = pieces.boundingRect.applying(m)
        let pad = lineWidth + 2
        let area = PixelRect(x: Int((box.minX - pad).rounded(.down)), y: Int((box.minY - pad).rounded(.down)),
                             width: Int((box.width + 2 * pad).rounded(.up)) + 1, height: Int((box.height + 2 * pad).rounded(.up)) + 1)
            .intersection(scratch.bounds)
        guard !area.isEmpty else { return }
        // The pieces' coverage (the scratch's alpha) onto the outlines', the scratch cleared.
        for y in area.minY..<area.maxY {
            let s = scratch.row(y) + area.minX, c = coverage + y * width + area.minX
            for i in 0..<area.width where s[i] != 0 {
                c[i] = UInt8(Swift.min(255, UInt32(c[i]) + (s[i] >> 24)))
                s[i] = 0
            }
        }
        drawn = drawn.map { $0.union(area) } ?? area
    }

    /// Blends the outlines in `color` over `surface` (the screen the last `update` was for).
    func draw(_ color: Color, into surface: Surface) {
        guard let drawn, let coverage, surface.width == width, surface.height == height else { return }
        GlyphMaskBlender.blend(mask: coverage + drawn.minY * width + drawn.minX, width: drawn.width, height: drawn.height,
                               rowBytes: width, color: color.premultiplied, into: surface, x: drawn.minX, y: drawn.minY,
                               clip: surface.bounds)
    }

    private func buffers(width: Int, height: Int) -> (Surface, DrawingContext, UnsafeMutablePointer<UInt8>) {
        if let scratch, let context, let coverage, self.width == width, self.height == height { return (scratch, context, coverage) }
        let s = Surface(width: width, height: height)
        let c = DrawingContext(surface: s)
        coverage?.deallocate()
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, width * height))
        a.initialize(repeating: 0, count: Swift.max(1, width * height))
        scratch = s; context = c; coverage = a
        self.width = width; self.height = height
        drawn = nil; tribune = -1; revealed = 0; transform = nil
        return (s, c, a)
    }
}
