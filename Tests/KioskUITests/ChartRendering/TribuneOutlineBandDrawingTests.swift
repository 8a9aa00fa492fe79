import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The chart draws a tribune's outline as a band under a shrunk fill (`Tribune.outlineBand`);
/// the picture must be the one of filling the tribune and stroking its path with round joins
/// on top, drawn here that way with the rasterizer's stroke. Where the two differ (pixels that
/// hold more than one edge, which each way mixes differently, and where the fill's flattened
/// edge shows), the band must be about as close to the truth or closer: the pixel's colour
/// from 8×8 points, each, tribune after tribune, the outline's colour inside the stroke's
/// outline, the tribune's inside its path (`Path.contains`).
@Suite struct TribuneOutlineBandDrawingTests {
    /// Every tribune of the design venue, at several zooms and a rotation, drawn both ways in
    /// the chart's colours over its background.
    @Test(arguments: [0.35, 1.0, 2.5])
    func theBandPaintsWhatFillAndStrokePaint(zoom: Double) throws {
        let venue = StadiumGenerator.generate(.design())
        let style = ChartRenderer()
        let (w, h) = (400, 300)
        let b = venue.tribunes.reduce(venue.field) { $0.union($1.bounds) }
        // The venue fitted to the surface at `zoom` (larger zooms show its middle), turned 20°.
        let fit = Swift.min(Double(w) / b.width, Double(h) / b.height) * zoom
        let m = AffineTransform(translationX: -b.midX, y: -b.midY)
            .concatenating(AffineTransform(rotationAngle: 20 * Double.pi / 180))
            .concatenating(AffineTransform(scaleX: fit, y: fit))
            .concatenating(AffineTransform(translationX: Double(w) / 2, y: Double(h) / 2))
        let halfWidth = style.outlineWidth / fit / 2
        let fill = Color(red: 0.85, green: 0.55, blue: 0.1)
        let stroked = Surface(width: w, height: h), banded = Surface(width: w, height: h)
        var bands = 0
        let strokeStyle = StrokeStyle(lineWidth: style.outlineWidth / fit, lineJoin: .round)
        for (surface, useBand) in [(stroked, false), (banded, true)] {
            let ctx = DrawingContext(surface: surface)
            ctx.fill(Path(Rect(x: 0, y: 0, width: Double(w), height: Double(h))), with: .solid(style.background))
            ctx.transform = m
            for t in venue.tribunes {
                if useBand, let band = t.outlineBand(halfWidth: halfWidth) {
                    bands += 1
                    // Flattened as the chart flattens them (`ChartSceneOutlines.TribuneShapes`).
                    let tolerance = ChartSceneOutlines.bandFlatteningTolerance / fit
                    ctx.fill(band.outer.flattened(tolerance: tolerance), with: .solid(style.outline))
                    ctx.fill(band.inner.flattened(tolerance: tolerance), with: .solid(fill))
                } else {
                    ctx.fill(t.path, with: .solid(fill))
                    ctx.stroke(t.path, with: .solid(style.outline), style: strokeStyle)
                }
            }
        }
        #expect(bands == venue.tribunes.count)
        // The truth where the two differ.
        let toChart = m.inverted()
        let strokes = venue.tribunes.map { Stroker.outline(of: $0.path, style: strokeStyle, tolerance: 0.01 / fit) }
        let colours = [style.background, fill, style.outline].map { $0.premultiplied }
        func truth(_ x: Int, _ y: Int) -> SIMD3<Double> {
            var sum = SIMD3<Double>(repeating: 0)
            for j in 0..<8 {
                for i in 0..<8 {
                    let q = Point(x: Double(x) + (Double(i) + 0.5) / 8, y: Double(y) + (Double(j) + 0.5) / 8).applying(toChart)
                    // In drawing order: a later tribune's outline or fill covers an earlier one's.
                    var k = 0
                    for (t, tribune) in venue.tribunes.enumerated()
                    where tribune.bounds.insetBy(dx: -halfWidth * 2, dy: -halfWidth * 2).contains(q) {
                        if strokes[t].contains(q) { k = 2 } else if tribune.path.contains(q) { k = 1 }
                    }
                    let c = colours[k]
                    sum += SIMD3(Double(c.red), Double(c.green), Double(c.blue))
                }
            }
            return sum / 64
        }
        func error(_ p: PremultipliedPixel, _ t: SIMD3<Double>) -> Double {
            Swift.max(abs(Double(p.red) - t.x), abs(Double(p.green) - t.y), abs(Double(p.blue) - t.z))
        }
        var worst = 0, total = 0, touched = 0, differing = 0
        var bandError = 0.0, strokeError = 0.0, bandWorst = 0.0, strokeWorst = 0.0
        for y in 0..<h {
            for x in 0..<w {
                let p = stroked.pixel(x: x, y: y), q = banded.pixel(x: x, y: y)
                let d = Swift.max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
                worst = Swift.max(worst, d); total += d
                if p != style.background.premultiplied { touched += 1 }
                guard d > 3 else { continue }
                differing += 1
                let t = truth(x, y)
                let eb = error(q, t), es = error(p, t)
                bandError += eb; strokeError += es
                bandWorst = Swift.max(bandWorst, eb); strokeWorst = Swift.max(strokeWorst, es)
            }
        }
        let mean = Double(total) / Double(w * h)
        #expect(touched > w * h / 50, "the tribunes are on the surface (\(touched) px)")
        #expect(differing > 0 && worst <= 32 && mean <= 0.5, "zoom \(zoom): worst \(worst), mean \(mean), \(differing) px differ")
        // Within 5 levels of the stroke's mean error, or better: where adjacent tribunes'
        // outlines overlap in a pixel both ways count the overlap twice (coverage, not
        // geometry), 20-odd levels off the truth alike.
        let n = Double(differing)
        #expect(bandError / n <= strokeError / n + 5 && bandWorst <= strokeWorst + 8,
                "zoom \(zoom), \(differing) px: band off the truth by \(bandError / Double(differing)) on average (worst \(bandWorst)), fill and stroke by \(strokeError / Double(differing)) (worst \(strokeWorst))")
    }
}
