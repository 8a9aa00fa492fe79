import Geometry
import Raster

/// The round zoom-out button, top left, sliding in from the left as the header leaves.
struct ZoomOutButtonView {
    let state: SessionSnapshot.ZoomOut

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let r = painter.layout.zoomOut, u = painter.layout.u
        let dx = -(1 - state.shown) * (r.maxX + 10 * u)
        let frame = r.offsetBy(dx: dx, dy: 0)
        context.transform = .identity
        painter.withScale(state.scale, centre: frame.center, in: context) {
            context.fill(Path(ellipseIn: frame), with: .solid(Color.white.withOpacity(0.95)))
            // A magnifier with a minus.
            let c = Point(x: frame.midX - 6 * u, y: frame.midY - 6 * u), lens = 22 * u
            var glass = Path(ellipseIn: Rect(x: c.x - lens, y: c.y - lens, width: 2 * lens, height: 2 * lens))
            glass.move(to: Point(x: c.x + lens * 0.72, y: c.y + lens * 0.72))
            glass.addLine(to: Point(x: c.x + lens * 1.5, y: c.y + lens * 1.5))
            glass.move(to: Point(x: c.x - lens * 0.5, y: c.y))
            glass.addLine(to: Point(x: c.x + lens * 0.5, y: c.y))
            context.stroke(glass, with: .solid(painter.palette.accent), style: StrokeStyle(lineWidth: 6 * u, lineCap: .round))
        }
    }
}
