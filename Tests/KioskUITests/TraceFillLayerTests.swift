import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The trace-in's cached fills against drawing every fill at the frame's opacity, as the
/// trace-in did before the layer (and as `ChartRenderer` draws them).
@Suite struct TraceFillLayerTests {
    /// Background, then field and tribunes each filled at `opacity`, straight through the rasterizer.
    static func direct(_ venue: Venue, _ m: AffineTransform, opacity: Double, width: Int, height: Int) -> Surface {
        let style = ChartRenderer()
        let s = Surface(width: width, height: height)
        s.clear(style.background)
        let context = DrawingContext(surface: s)
        context.transform = m
        context.fill(Path(venue.field), with: .solid(style.field.withOpacity(opacity)))
        // Each tribune in the look of the category most of its seats have (counted here).
        let map = MapStyle(venue: venue)
        for t in venue.tribunes {
            var count: [Int: Int] = [:]
            for seat in t.seats { count[Int(venue.seats[seat].category), default: 0] += 1 }
            let top = count.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
            let deviceSeat = venue.seats[0].size * abs(m.a * m.d - m.b * m.c).squareRoot()
            let look = map.tribuneLook(category: top, background: style.background, dim: MapStyle.tribuneDim(deviceSeat: deviceSeat))
            context.fill(t.path, with: look.paint(deviceToUser: MapStyle.patternPlacement(m), opacity: opacity))
        }
        return s
    }

    @Test(arguments: [0.0, 0.3, 0.75, 1.0])
    func fadedLayerMatchesDirectFills(opacity: Double) {
        let venue = StadiumGenerator.generate(.design())
        var view = ChartViewState(viewSize: Size(width: 960, height: 540), chartSize: venue.size)
        view.rotation = 0.4
        let m = view.chartToScreen
        let layer = TraceFillLayer(venue: venue, transform: m, width: 960, height: 540, style: ChartRenderer())
        let ours = Surface(width: 960, height: 540)
        ours.clear(.white)  // everything is replaced
        layer.draw(opacity: opacity, background: ChartRenderer().background, into: ours)
        let reference = Self.direct(venue, m, opacity: opacity, width: 960, height: 540)
        var worst = 0, above2 = 0, painted = 0
        let bg = ChartRenderer().background.premultiplied.rawValue
        for y in 0..<540 {
            let a = ours.row(y), b = reference.row(y)
            for x in 0..<960 {
                if b[x] != bg { painted += 1 }
                var d = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    d = max(d, abs(Int((a[x] >> UInt32(shift)) & 255) - Int((b[x] >> UInt32(shift)) & 255)))
                }
                worst = max(worst, d)
                if d > 2 { above2 += 1 }
            }
        }
        // Rounding of the opacity (1/255 steps), and where two fills' anti-aliased edges share a
        // pixel (blended together first, then faded, instead of each faded) a few levels more.
        #expect(opacity == 0 ? worst == 0 : painted > 50_000)
        #expect(worst <= 12, "max |Δ| \(worst)")
        #expect(Double(above2) <= 0.01 * Double(painted), "\(above2) of \(painted) painted pixels differ by more than 2")
    }

    @Test func layerIsRemadeForAnotherViewOnly() {
        let venue = StadiumGenerator.generate(.design())
        let view = ChartViewState(viewSize: Size(width: 320, height: 200), chartSize: venue.size)
        let layer = TraceFillLayer(venue: venue, transform: view.chartToScreen, width: 320, height: 200, style: ChartRenderer())
        #expect(layer.matches(view.chartToScreen, width: 320, height: 200))
        #expect(!layer.matches(view.chartToScreen, width: 321, height: 200))
        #expect(!layer.matches(view.chartToScreen.translatedBy(x: 1, y: 0), width: 320, height: 200))
    }
}
