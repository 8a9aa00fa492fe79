import Geometry
import KioskUI
import Raster
import Seating

extension ChartFrameBenchmark {
    /// Device seat side (px) of the zoomed scenario: the seats carry their status marks.
    static let zoomedSeatSide = 24.0

    /// A zoomed frame redrawn whole with warm masks: the tribune nearest the screen's centre at
    /// seats `zoomedSeatSide` px wide, every fifth of its seats marked (selected, held, sold,
    /// blocked in turn, on top of the match day's sold and held), so the status marks
    /// (`ChartFrameRenderer.seatShapes` when `options.seatShapes`) are on the hot path. The
    /// legend highlight alternates between none and one status each frame, which redraws every
    /// tile without touching the masks.
    ///
    /// Drawn by the other scenarios' `renderer` into their `surface` (its looks restored
    /// after): a kiosk has one renderer, and a second one beside it would count twice in the
    /// renderer's peak memory.
    func runStatusShapesScenario(renderer: ChartFrameRenderer, surface: Surface, _ add: (Measurement) -> Void) {
        let venue = chart.venue
        let size = Size(width: Double(options.width), height: Double(options.height))
        let shapesBefore = renderer.seatShapes, highlightBefore = renderer.highlight
        defer { renderer.seatShapes = shapesBefore; renderer.highlight = highlightBefore }
        renderer.seatShapes = options.seatShapes
        var chart = self.chart
        let centre = Point(x: size.width / 2, y: size.height / 2)
        let m = view.chartToScreen
        let target = (0..<venue.tribunes.count).min { a, b in
            func d(_ t: Int) -> Double {
                let c = Point(x: venue.tribunes[t].bounds.midX, y: venue.tribunes[t].bounds.midY).applying(m)
                return (c.x - centre.x) * (c.x - centre.x) + (c.y - centre.y) * (c.y - centre.y)
            }
            return d(a) < d(b)
        } ?? 0
        let seats = venue.tribunes[target].seats
        var mine: [Int] = []
        for (k, seat) in seats.enumerated() where k % 5 == 0 {
            switch (k / 5) % 4 {
            case 0: mine.append(seat)
            case 1: chart.availability.set(seat, .held(hold: "other", until: 1e9))
            case 2: chart.availability.set(seat, .sold)
            default: chart.availability.set(seat, .blocked)
            }
        }
        chart.selection.add(mine)
        var v = view
        let k = (abs(m.a * m.d - m.b * m.c)).squareRoot()
        v.zoom *= Self.zoomedSeatSide / (venue.seats[seats[seats.count / 2]].size * k)
        let p = v.screenPoint(fromChart: venue.seats[seats[seats.count / 2]].center)
        v.offset = Vector(dx: v.offset.dx + centre.x - p.x, dy: v.offset.dy + centre.y - p.y)
        _ = renderer.renderPicture(chart, view: v, into: surface)
        var samples = Samples()
        for i in 0..<Swift.max(3, options.repeats) * 2 {
            renderer.highlight = i % 2 == 0 ? .blocked : nil
            samples.time { _ = renderer.renderPicture(chart, view: v, into: surface) }
        }
        add(Self.measurement("zoomed frame, status marks\(options.seatShapes ? " (shapes)" : "")", samples, target: 8 * options.targetScale,
                             note: "\(Int(Self.zoomedSeatSide)) px seats, every tile redrawn, warm masks"))
    }
}
