import Geometry
import Raster
import Seating

/// The SportFan design's seat preview: the seat shape (skewed back, squab, rod) at a row of
/// rotations, each filled and outlined in its own cell, so the shape and its rotation about
/// its own centre can be checked by eye.
public struct SeatPreview {
    /// Rotations to show, radians (clockwise on screen).
    public var rotations: [Double]
    /// Side of each square cell, px.
    public var cellSize: Double
    public var columns: Int
    public var background = Color(red: 0.06, green: 0.09, blue: 0.16)
    public var seatFill = Color(red: 0.20, green: 0.42, blue: 0.85)
    public var seatOutline = Color.white

    /// Twelve rotations, 30° apart, in a 4 × 3 grid of 200 px cells.
    public init(rotations: [Double] = (0..<12).map { Double($0) * .pi / 6 }, cellSize: Double = 200, columns: Int = 4) {
        self.rotations = rotations
        self.cellSize = cellSize
        self.columns = max(1, columns)
    }

    /// The image size the preview needs, px.
    public var size: (width: Int, height: Int) {
        let rows = (rotations.count + columns - 1) / columns
        return (Int(cellSize) * min(columns, max(rotations.count, 1)), Int(cellSize) * max(rows, 1))
    }

    /// Renders the preview into a new surface.
    public func render() -> Surface {
        let (w, h) = size
        let surface = Surface(width: w, height: h)
        surface.clear(background)
        let context = DrawingContext(surface: surface)
        // The seat fills 60 % of its cell, centred, so every rotation stays inside.
        let seat = cellSize * 0.6
        for (i, r) in rotations.enumerated() {
            let cx = Double(i % columns) * cellSize, cy = Double(i / columns) * cellSize
            let rect = Rect(x: cx + (cellSize - seat) / 2, y: cy + (cellSize - seat) / 2, width: seat, height: seat)
            let path = SeatShape.path(in: rect, rotation: r)
            context.fill(path, with: .solid(seatFill))
            context.stroke(path, with: .solid(seatOutline), style: StrokeStyle(lineWidth: seat / 50, lineCap: .round, lineJoin: .round))
        }
        return surface
    }
}
