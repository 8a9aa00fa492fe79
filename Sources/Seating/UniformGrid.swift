import Geometry

/// A uniform grid over boxes, stored flat (compressed rows: per-cell offsets into one array of
/// item indices). Each item is listed in every cell its box touches, so a point query visits one
/// cell.
public struct UniformGrid: Sendable {
    public let origin: Point
    public let cellSize: Double
    public let columns: Int
    public let rows: Int
    /// `cellStart[c] ..< cellStart[c + 1]` indexes `items` for cell c.
    public let cellStart: [UInt32]
    public let items: [UInt32]

    /// Builds the grid over `boxes` (min x, min y, max x, max y) in `bounds`, with cells of about
    /// `cellSize` (clamped so there are at most `maxCells`).
    public init(boxes: [(Double, Double, Double, Double)], bounds: Rect, cellSize requested: Double,
                maxCells: Int = 1 << 22) {
        var cell = requested.isFinite && requested > 0 ? requested : max(bounds.width, bounds.height, 1)
        let w = max(bounds.width, 1e-9), h = max(bounds.height, 1e-9)
        while Double(Int(w / cell) + 1) * Double(Int(h / cell) + 1) > Double(maxCells) { cell *= 1.5 }
        origin = Point(x: bounds.minX, y: bounds.minY)
        cellSize = cell
        columns = Int(w / cell) + 1
        rows = Int(h / cell) + 1
        let cols = columns, rws = rows, ox = origin.x, oy = origin.y
        func range(_ b: (Double, Double, Double, Double)) -> (Int, Int, Int, Int) {
            let x0 = min(cols - 1, max(0, Int(((b.0 - ox) / cell).rounded(.down))))
            let x1 = min(cols - 1, max(0, Int(((b.2 - ox) / cell).rounded(.down))))
            let y0 = min(rws - 1, max(0, Int(((b.1 - oy) / cell).rounded(.down))))
            let y1 = min(rws - 1, max(0, Int(((b.3 - oy) / cell).rounded(.down))))
            return (x0, x1, y0, y1)
        }
        var counts = [UInt32](repeating: 0, count: cols * rws + 1)
        for b in boxes {
            let (x0, x1, y0, y1) = range(b)
            for y in y0...y1 { for x in x0...x1 { counts[y * cols + x + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var items = [UInt32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (i, b) in boxes.enumerated() {
            let (x0, x1, y0, y1) = range(b)
            for y in y0...y1 {
                for x in x0...x1 {
                    let c = y * cols + x
                    items[Int(fill[c])] = UInt32(i); fill[c] += 1
                }
            }
        }
        cellStart = counts
        self.items = items
    }

    /// The item indices listed in the cell containing `p` (empty outside the grid).
    @inlinable public func candidates(at p: Point) -> ArraySlice<UInt32> {
        let fx = (p.x - origin.x) / cellSize, fy = (p.y - origin.y) / cellSize
        guard fx >= 0, fy >= 0, fx < Double(columns), fy < Double(rows) else { return [] }
        let c = Int(fy) * columns + Int(fx)
        return items[Int(cellStart[c])..<Int(cellStart[c + 1])]
    }

    public var memoryFootprint: Int { cellStart.capacity * 4 + items.capacity * 4 }
}
