import Geometry

/// The boxes of labels placed so far on a screen, for the greedy placement: a label is placed
/// only when its box meets none of them. A uniform grid of buckets (flat arrays, linked through
/// indices) keeps each test to the few boxes near it; the test itself is exact. Each box
/// carries a tag (what it is), so a test can look for boxes of one kind only.
struct LabelCollisionGrid {
    /// The side of a grid cell, px.
    let cell: Double
    private(set) var columns = 0, rows = 0
    /// The boxes placed, in order, and their tags.
    private(set) var boxes: [Rect] = []
    private(set) var tags: [Int32] = []
    /// Per cell, the first entry of its bucket (-1: empty).
    private var heads: [Int32] = []
    /// Per entry, its box and the next entry of the same cell.
    private var entryBox: [Int32] = []
    private var entryNext: [Int32] = []

    init(cell: Double = 48) { self.cell = cell }

    /// Empties the grid for a `size` screen (px), keeping its storage.
    mutating func reset(size: Size) {
        columns = max(1, Int((size.width / cell).rounded(.up)))
        rows = max(1, Int((size.height / cell).rounded(.up)))
        boxes.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        entryBox.removeAll(keepingCapacity: true)
        entryNext.removeAll(keepingCapacity: true)
        heads.removeAll(keepingCapacity: true)
        heads.append(contentsOf: repeatElement(-1, count: columns * rows))
    }

    /// The range of cells `r` touches (clamped to the grid; boxes off the screen use its edge).
    private func cells(_ r: Rect) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        func clampX(_ v: Double) -> Int { min(max(Int((v / cell).rounded(.down)), 0), columns - 1) }
        func clampY(_ v: Double) -> Int { min(max(Int((v / cell).rounded(.down)), 0), rows - 1) }
        return (clampX(r.minX), clampY(r.minY), clampX(r.maxX), clampY(r.maxY))
    }

    /// Whether `r` overlaps a placed box (touching edges do not overlap).
    func collides(_ r: Rect) -> Bool { collides(r, where: { _ in true }) }

    /// Whether `r` overlaps a placed box whose tag passes `accepts`.
    func collides(_ r: Rect, where accepts: (Int32) -> Bool) -> Bool {
        let c = cells(r)
        for y in c.y0...c.y1 {
            for x in c.x0...c.x1 {
                var e = heads[y * columns + x]
                while e >= 0 {
                    let i = Int(entryBox[Int(e)])
                    let b = boxes[i]
                    if b.minX < r.maxX && r.minX < b.maxX && b.minY < r.maxY && r.minY < b.maxY && accepts(tags[i]) { return true }
                    e = entryNext[Int(e)]
                }
            }
        }
        return false
    }

    /// Adds `r` to the placed boxes, tagged `tag`.
    mutating func insert(_ r: Rect, tag: Int32 = 0) {
        let index = Int32(boxes.count)
        boxes.append(r)
        tags.append(tag)
        let c = cells(r)
        for y in c.y0...c.y1 {
            for x in c.x0...c.x1 {
                entryBox.append(index)
                entryNext.append(heads[y * columns + x])
                heads[y * columns + x] = Int32(entryBox.count - 1)
            }
        }
    }

    /// Places `r` when it meets no placed box; true when placed.
    mutating func place(_ r: Rect, tag: Int32 = 0) -> Bool {
        if collides(r) { return false }
        insert(r, tag: tag)
        return true
    }
}
