import Geometry
import Raster
import Seating

/// The trace-in's fills — the field and every tribune (in its category's look) at full opacity over transparent — for
/// one view and screen size, with each row's painted extent. A trace-in frame fades them in
/// with one blend per row over the background (`Surface.blend`) instead of rasterizing every
/// fill again at the frame's opacity; the outlines, which grow, are still stroked per frame.
final class TraceFillLayer {
    /// Chart → screen, as drawn.
    let transform: AffineTransform
    let surface: Surface
    /// Per row: the first painted pixel and one past the last (equal: nothing painted).
    private let extents: [(x0: Int, x1: Int)]

    init(venue: Venue, transform m: AffineTransform, width: Int, height: Int, style: ChartRenderer, map: MapStyle? = nil) {
        transform = m
        surface = Surface(width: width, height: height)
        let context = DrawingContext(surface: surface)
        context.transform = m
        context.fill(Path(venue.field), with: .solid(style.field))
        let deviceSeat = (venue.seats.first?.size ?? 0) * abs(m.determinant).squareRoot()
        let paints = style.tribunePaints(venue, map: map ?? MapStyle(venue: venue), deviceToUser: MapStyle.patternPlacement(m),
                                         deviceSeat: deviceSeat)
        for (tribune, paint) in zip(venue.tribunes, paints) { context.fill(tribune.path, with: paint) }
        let s = surface
        extents = (0..<height).map { y in
            let row = s.row(y)
            var x0 = 0, x1 = width
            while x0 < x1 && row[x0] == 0 { x0 += 1 }
            while x1 > x0 && row[x1 - 1] == 0 { x1 -= 1 }
            return (x0, x1)
        }
    }

    func matches(_ m: AffineTransform, width: Int, height: Int) -> Bool {
        transform == m && surface.width == width && surface.height == height
    }

    /// `target` (this layer's size) set to `background`, the fills at `opacity` (0…1) over it.
    func draw(opacity: Double, background: Color, into target: Surface) {
        target.clear(background)
        let a = UInt8((Swift.min(Swift.max(opacity, 0), 1) * 255).rounded())
        guard a > 0 else { return }
        for y in 0..<Swift.min(surface.height, target.height) {
            let e = extents[y]
            if e.x1 > e.x0 { target.blend(from: surface, rect: PixelRect(x: e.x0, y: y, width: e.x1 - e.x0, height: 1), opacity: a) }
        }
    }
}
