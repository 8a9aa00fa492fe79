import Geometry
import Raster
import Seating

/// Stroke outlines of the tribunes and field markings in chart units for one device scale
/// (outline widths are constant on screen, so they change with the zoom only, not with pans or
/// rotations). Built like `DrawingContext.stroke` builds them, so the pixels match
/// `ChartRenderer`'s.
final class ChartSceneOutlines {
    let scale: Double
    /// The frame's reduction (`ChartFrameRenderer.motionReduction`): lines are 1/`reduction` as
    /// wide, so the magnified frame shows them at their width.
    let reduction: Int
    let style: ChartRenderer
    private var tribunes: [Path?]
    private var field: Path?

    init(scale: Double, reduction: Int = 1, style: ChartRenderer, tribuneCount: Int) {
        self.scale = scale; self.reduction = Swift.max(1, reduction); self.style = style
        tribunes = Array(repeating: nil, count: tribuneCount)
    }

    func tribuneOutline(_ t: Int, _ venue: Venue) -> Path {
        if let p = tribunes[t] { return p }
        let p = makeOutline(t, venue)
        tribunes[t] = p
        return p
    }

    private func makeOutline(_ t: Int, _ venue: Venue) -> Path {
        let style = StrokeStyle(lineWidth: self.style.outlineWidth / (scale * Double(reduction)), lineJoin: .round)
        return Stroker.outline(of: venue.tribunes[t].path, style: style, tolerance: 0.1 / scale)
    }

    /// Builds the missing outlines of `list` on the workers (each writes only its tribunes).
    func prepare(_ list: [Int], _ venue: Venue, workers: RowBandWorkers) {
        let missing = list.filter { tribunes[$0] == nil }
        guard !missing.isEmpty else { return }
        tribunes.withUnsafeMutableBufferPointer { out in
            workers.run(count: missing.count) { _, i in
                out[missing[i]] = self.makeOutline(missing[i], venue)
            }
        }
    }

    func fieldLines(_ venue: Venue) -> Path {
        if let p = field { return p }
        let p = Stroker.outline(of: FieldMarkings.path(for: venue.field),
                                style: StrokeStyle(lineWidth: style.fieldLineWidth / (scale * Double(reduction))), tolerance: 0.1 / scale)
        field = p
        return p
    }
}
