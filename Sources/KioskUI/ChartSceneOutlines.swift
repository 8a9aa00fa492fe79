import Geometry
import Raster
import Seating

/// Stroke outlines of the tribunes and field markings in chart units for one device scale
/// (outline widths are constant on screen, so they change with the zoom only, not with pans or
/// rotations). Built like `DrawingContext.stroke` builds them, so the pixels match
/// `ChartRenderer`'s.
final class ChartSceneOutlines {
    let scale: Double
    let style: ChartRenderer
    private var tribunes: [Path?]
    private var field: Path?

    init(scale: Double, style: ChartRenderer, tribuneCount: Int) {
        self.scale = scale; self.style = style
        tribunes = Array(repeating: nil, count: tribuneCount)
    }

    func tribuneOutline(_ t: Int, _ venue: Venue) -> Path {
        if let p = tribunes[t] { return p }
        let style = StrokeStyle(lineWidth: self.style.outlineWidth / scale, lineJoin: .round)
        let p = Stroker.outline(of: venue.tribunes[t].path, style: style, tolerance: 0.1 / scale)
        tribunes[t] = p
        return p
    }

    func fieldLines(_ venue: Venue) -> Path {
        if let p = field { return p }
        let p = Stroker.outline(of: FieldMarkings.path(for: venue.field),
                                style: StrokeStyle(lineWidth: style.fieldLineWidth / scale), tolerance: 0.1 / scale)
        field = p
        return p
    }
}
