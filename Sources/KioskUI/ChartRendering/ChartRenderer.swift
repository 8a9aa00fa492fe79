import Geometry
import Raster
import Seating

/// Draws the venue under a view state: background, field (green rectangle, halfway line,
/// centre circle), tribunes filled blue with white outlines (the selected one white), and the
/// selected tribune's seats (blue available, green selected, grey sold/held/blocked) faded in
/// by `seatReveal`. Straightforward drawing: every path is rebuilt each frame (caching comes later).
public struct ChartRenderer {
    public var background = Color(red: 0.06, green: 0.09, blue: 0.16)
    public var field = Color(red: 0.18, green: 0.55, blue: 0.27)
    public var fieldLines = Color.white
    public var tribune = Color(red: 0.20, green: 0.42, blue: 0.85)
    public var selectedTribune = Color.white
    public var outline = Color.white
    public var availableSeat = Color(red: 0.16, green: 0.36, blue: 0.80)
    public var selectedSeat = Color(red: 0.20, green: 0.78, blue: 0.35)
    public var unavailableSeat = Color(red: 0.56, green: 0.56, blue: 0.58)
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
        for (i, t) in venue.tribunes.enumerated() {
            let path = t.path
            context.fill(path, with: .solid(i == chart.selectedTribune ? selectedTribune : tribune))
            context.stroke(path, with: .solid(outline), style: outlineStyle)
        }

        guard let selected = chart.selectedTribune, venue.tribunes.indices.contains(selected), seatReveal > 0 else { return }
        let fade = seatReveal < 1
        if fade { context.beginLayer(opacity: seatReveal) }
        for seat in venue.tribunes[selected].seats {
            let color: Color
            if chart.selection.contains(seat) {
                color = selectedSeat
            } else if chart.availability.status(seat, at: now) == .available {
                color = availableSeat
            } else {
                color = unavailableSeat
            }
            context.fill(venue.seatPath(seat), with: .solid(color))
        }
        if fade { context.endLayer() }
    }
}

extension Path {
    init(_ rect: Rect) {
        self.init()
        addRect(rect)
    }
}
