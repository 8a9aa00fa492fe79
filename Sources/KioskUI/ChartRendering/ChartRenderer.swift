import Geometry
import Raster
import Seating

/// Draws the venue under a view state: background, field (green rectangle, halfway line,
/// centre circle), tribunes in their category's colour and cue (`MapStyle.tribuneLook`, the
/// selected one a plain dark ground) with white outlines (`Tribune.outlineBand`), and the
/// selected tribune's seats in their status's look (`MapStyle`) faded in by `seatReveal`. The
/// reference drawing: every path is rebuilt each frame (`ChartFrameRenderer` draws the same
/// picture fast).
public struct ChartRenderer {
    public var background = Color(red: 0.06, green: 0.09, blue: 0.16)
    public var field = Color(red: 0.18, green: 0.55, blue: 0.27)
    public var fieldLines = Color.white
    /// The ground of the tribune being looked at (zoomed), plain so its seats' looks stand out.
    public var selectedTribune = Color(red: 0.17, green: 0.20, blue: 0.27)
    public var outline = Color.white
    /// Outline widths in screen pixels (constant whatever the zoom).
    public var outlineWidth = 1.5
    public var fieldLineWidth = 2.0

    public init() {}

    /// Draws `chart` as seen through `view` (usually `ChartInteraction.presentedView`) into
    /// `context`, whose surface is the screen (pixels, y down). `now` (s) decides whether holds
    /// have expired.
    public func render(_ chart: SeatingChart, view: ChartViewState, seatReveal: Double = 1,
                       now: Double = 0, into context: DrawingContext) {
        let surface = context.surface
        context.save()
        defer { context.restore() }
        context.transform = .identity
        context.fill(Path(Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))),
                     with: .solid(background))

        let venue = chart.venue
        let m = view.chartToScreen
        // Chart units per screen pixel, to keep outlines a constant pixel width.
        let scale = max((abs(m.a * m.d - m.b * m.c)).squareRoot(), 1e-9)
        context.transform = m

        context.fill(Path(venue.field), with: .solid(field))
        context.stroke(FieldMarkings.path(for: venue.field), with: .solid(fieldLines),
                       style: StrokeStyle(lineWidth: fieldLineWidth / scale))

        let outlineStyle = StrokeStyle(lineWidth: outlineWidth / scale, lineJoin: .round)
        let map = MapStyle(venue: venue)
        let paints = tribunePaints(venue, map: map, deviceToUser: MapStyle.patternPlacement(m),
                                   deviceSeat: (venue.seats.first?.size ?? 0) * scale)
        for (i, t) in venue.tribunes.enumerated() {
            let paint: Paint = i == chart.selectedTribune ? .solid(selectedTribune) : paints[i]
            // The outline as a band under a shrunk fill where the shape has one (the picture
            // of fill-then-stroke, with fewer edges: `Tribune.outlineBand`).
            if let band = t.outlineBand(halfWidth: outlineStyle.lineWidth / 2) {
                let tolerance = ChartSceneOutlines.bandFlatteningTolerance / scale
                context.fill(band.outer.flattened(tolerance: tolerance), with: .solid(outline))
                context.fill(band.inner.flattened(tolerance: tolerance), with: paint)
            } else {
                context.fill(t.path, with: paint)
                context.stroke(t.path, with: .solid(outline), style: outlineStyle)
            }
        }

        guard let selected = chart.selectedTribune, venue.tribunes.indices.contains(selected), seatReveal > 0 else { return }
        for seat in venue.tribunes[selected].seats {
            let status = SeatLook.Status(chart, seat: seat, now: now)
            context.fill(venue.seatPath(seat), with: map.look(status).paint(in: context, origin: MapStyle.patternOrigin(m),
                                                                             opacity: seatReveal))
        }
    }

    /// Each tribune's paint: its category's look (`MapStyle.tribuneLook`, the majority
    /// category) dimmed for seats `deviceSeat` px wide, the pattern placed by `deviceToUser`.
    /// With a legend `highlight`, tribunes of other categories (all, for another status) fade.
    func tribunePaints(_ venue: Venue, map: MapStyle, deviceToUser: AffineTransform, deviceSeat: Double,
                       highlight: SeatLook.Status? = nil) -> [Paint] {
        let categories = MapStyle.tribuneCategories(venue)
        let dim = MapStyle.tribuneDim(deviceSeat: deviceSeat)
        let perCategory = (0..<(categories.max() ?? 0) + 1).map { c -> Paint in
            var look = map.tribuneLook(category: c, background: background, dim: dim)
            if let h = highlight, h != .free(category: c) { look = look.faded(toward: background, SeatLook.highlightFade) }
            return look.paint(deviceToUser: deviceToUser)
        }
        return categories.map { perCategory[$0] }
    }
}

extension Path {
    init(_ rect: Rect) {
        self.init()
        addRect(rect)
    }
}
