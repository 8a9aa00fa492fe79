import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

@Suite struct ChartRendererTests {
    @Test func drawsBackgroundFieldTribunesAndSelection() {
        let size = Size(width: 400, height: 300)
        var chart = SeatingChart(venue: StadiumGenerator.generate(.design()), viewSize: size)
        let renderer = ChartRenderer()
        let surface = Surface(width: 400, height: 300)
        renderer.render(chart, view: chart.view, into: DrawingContext(surface: surface))
        func pixel(_ p: Point) -> PremultipliedPixel { surface.pixel(x: Int(p.x), y: Int(p.y)) }
        #expect(surface.pixel(x: 0, y: 0) == renderer.background.premultiplied)
        // Between the centre circle and the halfway line on the field: field green.
        let f = chart.venue.field
        let inField = chart.view.screenPoint(fromChart: Point(x: f.midX - f.width * 0.3, y: f.midY - f.height * 0.3))
        #expect(pixel(inField) == renderer.field.premultiplied)
        // Inside a tribune, away from its outline — which pixel exactly is the interior of a
        // seat-free area: the tribune's centre when it is at least a few pixels large.
        let t = chart.venue.tribunes.firstIndex { $0.kind == .rect }!
        let b = chart.venue.tribunes[t].bounds
        let centre = chart.view.screenPoint(fromChart: Point(x: b.midX, y: b.midY))
        // In its category's look (the ring's category: every seat of a straight tribune outside
        // the innermost ring has it), fill or ink by the pattern's pixel there.
        let category = Int(chart.venue.seats[chart.venue.tribunes[t].seats.lowerBound].category)
        let m = chart.view.chartToScreen
        let deviceSeat = chart.venue.seats[0].size * abs(m.a * m.d - m.b * m.c).squareRoot()
        let look = MapStyle(venue: chart.venue).tribuneLook(category: category, background: renderer.background,
                                                            dim: MapStyle.tribuneDim(deviceSeat: deviceSeat))
        // Patterns are anchored at the chart origin's pixel.
        let o = chart.view.screenPoint(fromChart: Point(x: 0, y: 0))
        let c = (x: Int(centre.x) - Int(o.x.rounded()), y: Int(centre.y) - Int(o.y.rounded()))
        #expect(pixel(centre) == (look.pattern.isInk(x: c.x, y: c.y) ? look.ink : look.fill).premultiplied)
        chart.selectedTribune = t
        renderer.render(chart, view: chart.view, seatReveal: 0, into: DrawingContext(surface: surface))
        #expect(pixel(centre) == renderer.selectedTribune.premultiplied)
    }

    @Test func reportNumbersAreFixed() {
        #expect(ReplayReport.number(1.5) == "1.5")
        #expect(ReplayReport.number(2) == "2")
        #expect(ReplayReport.number(-0.0000001) == "0")
        #expect(ReplayReport.number(1.0 / 3) == "0.333333")
        #expect(ReplayReport.number(.nan) == "0")
        var r = ReplayReport()
        r.setRenderTimes([5, 1, 3, 2, 4])
        #expect(r.renderP50 == 3 && r.renderMax == 5 && r.renderP99 == 5)
        let json = r.withoutTiming.json()
        #expect(json.contains("\"render_ms\": {\n    \"max\": 0,\n    \"p50\": 0,\n    \"p99\": 0\n  }"))
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
    }
}
