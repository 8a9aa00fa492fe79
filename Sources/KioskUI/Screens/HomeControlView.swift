import Geometry
import Raster

/// The home control at the header's left: recentres the chart and turns it back north. A
/// house in a ring, in the header's text colour on the header's background (contrast well over
/// 3:1), so it reads whatever the chart shows; it sits in the header, where touches never
/// reach the chart, so it covers no seat.
struct HomeControlView {
    let state: SessionSnapshot.Home

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let frame = painter.layout.home, c = painter.layout.chromeUnit, color = painter.palette.text
        context.transform = .identity
        painter.withScale(state.scale, centre: frame.center, in: context) {
            let ring = frame.insetBy(dx: 6 * c, dy: 6 * c)
            context.stroke(Path(ellipseIn: ring), with: .solid(color), style: StrokeStyle(lineWidth: 4 * c))
            // A house: roof, walls, door; 40 units wide about the centre.
            func p(_ x: Double, _ y: Double) -> Point { Point(x: frame.midX + x * c, y: frame.midY + y * c) }
            var house = Path()
            house.move(to: p(-22, -2)); house.addLine(to: p(0, -22)); house.addLine(to: p(22, -2))
            house.move(to: p(-15, -8)); house.addLine(to: p(-15, 20)); house.addLine(to: p(15, 20)); house.addLine(to: p(15, -8))
            house.move(to: p(-5, 20)); house.addLine(to: p(-5, 6)); house.addLine(to: p(5, 6)); house.addLine(to: p(5, 20))
            context.stroke(house, with: .solid(color), style: StrokeStyle(lineWidth: 5 * c, lineCap: .round, lineJoin: .round))
        }
    }
}
