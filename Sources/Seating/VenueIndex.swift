import Geometry

/// Spatial index over a venue's seats and tribunes: which seat or tribune is under a point in
/// chart space. Two uniform grids over bounding boxes, then an exact test of the shape (the
/// seat's back and squab, the tribune's outline).
public struct VenueIndex: Sendable {
    let seatGrid: UniformGrid
    let tribuneGrid: UniformGrid

    public init(venue: Venue) {
        let bounds = Rect(origin: .zero, size: venue.size)
        var seatBoxes: [(Double, Double, Double, Double)] = []
        seatBoxes.reserveCapacity(venue.seats.count)
        var maxSize = 0.0
        for s in venue.seats {
            // A rotated square of side `size` stays within the circle of radius size·√2/2.
            let r = s.size * 0.7071067811865476
            seatBoxes.append((s.center.x - r, s.center.y - r, s.center.x + r, s.center.y + r))
            maxSize = max(maxSize, s.size)
        }
        let area = max(bounds.width * bounds.height, 1e-9)
        let seatCell = max(maxSize * 1.5, (area / Double(max(1, venue.seats.count))).squareRoot())
        seatGrid = UniformGrid(boxes: seatBoxes, bounds: bounds, cellSize: seatCell)
        let tribuneBoxes = venue.tribunes.map { t -> (Double, Double, Double, Double) in
            let b = t.bounds
            return (b.minX, b.minY, b.maxX, b.maxY)
        }
        let tribuneCell = max(bounds.width, bounds.height) / 64
        tribuneGrid = UniformGrid(boxes: tribuneBoxes, bounds: bounds, cellSize: tribuneCell)
    }

    /// The seat whose filled shape contains `p` (chart space), or nil. When shapes overlap (they
    /// do not in generated venues) the lowest index wins.
    public func seat(at p: Point, in venue: Venue) -> Int? {
        var best: Int? = nil
        venue.seats.withUnsafeBufferPointer { seats in
            for i in seatGrid.candidates(at: p) {
                let s = seats[Int(i)]
                if SeatShape.contains(p, center: s.center, size: s.size, rotation: s.rotation) {
                    if best == nil || Int(i) < best! { best = Int(i) }
                }
            }
        }
        return best
    }

    /// The seat under `p` restricted to one tribune, or nil.
    public func seat(at p: Point, inTribune tribune: Int, of venue: Venue) -> Int? {
        var best: Int? = nil
        venue.seats.withUnsafeBufferPointer { seats in
            for i in seatGrid.candidates(at: p) where seats[Int(i)].tribune == UInt32(tribune) {
                let s = seats[Int(i)]
                if SeatShape.contains(p, center: s.center, size: s.size, rotation: s.rotation) {
                    if best == nil || Int(i) < best! { best = Int(i) }
                }
            }
        }
        return best
    }

    /// The tribune whose outline contains `p` (chart space), or nil; lowest index on overlap.
    public func tribune(at p: Point, in venue: Venue) -> Int? {
        var best: Int? = nil
        for i in tribuneGrid.candidates(at: p) where venue.tribunes[Int(i)].contains(p) {
            if best == nil || Int(i) < best! { best = Int(i) }
        }
        return best
    }

    public var memoryFootprint: Int { seatGrid.memoryFootprint + tribuneGrid.memoryFootprint }
}
