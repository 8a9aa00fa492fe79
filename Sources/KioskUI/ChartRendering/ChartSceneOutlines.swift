import Geometry
import Raster
import Seating

/// The tribunes' fills and outlines and the field markings in chart units for one device scale
/// (outline widths are constant on screen, so they change with the zoom only, not with pans or
/// rotations). A tribune's outline is its band (`Tribune.outlineBand`) where it has one, else a
/// stroke built like `DrawingContext.stroke` builds it; either way as `ChartRenderer` draws it.
final class ChartSceneOutlines {
    let scale: Double
    /// The frame's reduction (`ChartFrameRenderer.motionReduction`): lines are 1/`reduction` as
    /// wide, so the magnified frame shows them at their width.
    let reduction: Int
    let style: ChartRenderer
    private var tribunes: [TribuneShapes?]

    /// What a tribune is drawn as: `fill` in its paint and `outline` in the outline colour,
    /// the outline first when it is a band (`outline` the tribune grown, `fill` it shrunk),
    /// last when it is a stroke (`fill` the tribune's path).
    struct TribuneShapes {
        var fill: Path
        var outline: Path
        var outlineFirst: Bool

        /// The device px a flattened copy may lie from the curves (`bandFlatteningTolerance`
        /// for a band; a stroked outline covers the fill's edge and is flattened already).
        var flatteningTolerance: Double { outlineFirst ? ChartSceneOutlines.bandFlatteningTolerance : 0.1 }
    }

    /// How far (device px) a band's flattened paths may lie from its curves, here and in
    /// `ChartRenderer`: its edges are in view (a chord 0.1 px inside the shrunk fill's arc
    /// showed up to 25 levels of outline colour; the fill's edge used to be under the stroke).
    static let bandFlatteningTolerance = DrawingContext.exactFlatteningTolerance
    private var field: Path?

    init(scale: Double, reduction: Int = 1, style: ChartRenderer, tribuneCount: Int) {
        self.scale = scale; self.reduction = Swift.max(1, reduction); self.style = style
        tribunes = Array(repeating: nil, count: tribuneCount)
    }

    func tribuneShapes(_ t: Int, _ venue: Venue) -> TribuneShapes {
        if let p = tribunes[t] { return p }
        let p = makeShapes(t, venue)
        tribunes[t] = p
        return p
    }

    private func makeShapes(_ t: Int, _ venue: Venue) -> TribuneShapes {
        let width = style.outlineWidth / (scale * Double(reduction))
        let tribune = venue.tribunes[t]
        if let band = tribune.outlineBand(halfWidth: width / 2) {
            return TribuneShapes(fill: band.inner, outline: band.outer, outlineFirst: true)
        }
        let outline = Stroker.outline(of: tribune.path, style: StrokeStyle(lineWidth: width, lineJoin: .round),
                                      tolerance: 0.1 / scale)
        return TribuneShapes(fill: tribune.path, outline: outline, outlineFirst: false)
    }

    /// Builds the missing shapes of `list` on the workers (each writes only its tribunes).
    func prepare(_ list: [Int], _ venue: Venue, workers: RowBandWorkers) {
        let missing = list.filter { tribunes[$0] == nil }
        guard !missing.isEmpty else { return }
        tribunes.withUnsafeMutableBufferPointer { out in
            workers.run(count: missing.count) { _, i in
                out[missing[i]] = self.makeShapes(missing[i], venue)
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
