/// Groups of subpaths whose boxes overlap, directly or through others, for paths with too many
/// subpaths to test every pair (a whole block of seats drawn as one path): each group's
/// overlaps can then be resolved on their own (`InclusionExclusionResolver`), and subpaths in
/// no group need nothing.
///
/// The boxes go into a grid of square cells (16 px, coarser for sparse paths spread wide);
/// only boxes sharing a cell are tested, and overlapping ones are joined (union–find). Work is
/// linear in the subpaths for paths of small, spread subpaths; crowded ones (a cell holding
/// more than `maxPerCell` boxes, or boxes spanning many cells) are reported as such and left
/// to the sweep.
final class SubpathClusters {
    /// Most boxes one cell may hold (its pairs are all tested).
    static let maxPerCell = 48
    /// Most cells one box may span, and on average per box.
    static let maxCellsPerBox = 64
    static let maxCellsPerBoxOnAverage = 8

    /// The groups of two or more subpaths: group g's subpath indices, ascending, are
    /// `members[groupStart[g] ..< groupStart[g + 1]]`.
    private(set) var members: UnsafeMutablePointer<Int32>
    private(set) var groupStart: UnsafeMutablePointer<Int32>
    private(set) var groupCount = 0

    private var parent: UnsafeMutablePointer<Int32>
    private var groupOf: UnsafeMutablePointer<Int32>
    private var shapeCapacity = 0
    private var cellStart: UnsafeMutablePointer<Int32>
    private var cellCapacity = 0
    private var items: UnsafeMutablePointer<Int32>
    /// Each item's box beside it, so the pair tests read a cell's boxes in order instead of
    /// gathering them from the subpath records.
    private var itemBoxes: UnsafeMutablePointer<SIMD4<Int32>>
    private var itemCapacity = 0

    init() {
        members = .allocate(capacity: 1); groupStart = .allocate(capacity: 2)
        parent = .allocate(capacity: 1); groupOf = .allocate(capacity: 1)
        cellStart = .allocate(capacity: 1); items = .allocate(capacity: 1); itemBoxes = .allocate(capacity: 1)
    }

    deinit {
        members.deallocate(); groupStart.deallocate(); parent.deallocate(); groupOf.deallocate()
        cellStart.deallocate(); items.deallocate(); itemBoxes.deallocate()
    }

    /// Groups the solid subpaths (nonzero orientation) among `shapes[0 ..< count]` whose open
    /// boxes overlap; `bounds` (24.8, min x, min y, max x, max y, ≥ 0) contains every box.
    /// False, with no groups, when the boxes are too crowded for the grid.
    func find(shapes: UnsafePointer<SubpathShape>, count n: Int, bounds: SIMD4<Int32>) -> Bool {
        find(shapes: shapes, count: n, bounds: bounds, joining: JoinOverlappingBoxes())
    }

    /// `find`, joining two overlapping boxes only where `test` says they may need it.
    func find<T: ClusterJoinTest>(shapes: UnsafePointer<SubpathShape>, count n: Int, bounds: SIMD4<Int32>,
                                  joining test: T) -> Bool {
        groupCount = 0
        ensureShapes(n)
        // No groups until `collectGroups`: `groupStart[groupCount]` reads 0 (an early return below
        // left it stale, and the parts of a batch read it).
        groupStart[0] = 0
        var solid = 0
        for s in 0..<n {
            parent[s] = Int32(truncatingIfNeeded: s)
            if shapes[s].orientation != 0 { solid &+= 1 }
        }
        // Cells of 2^shift units (24.8): 16 px, doubled until there are at most ~4 per box.
        var shift: Int32 = 12
        var gw = 0, gh = 0
        repeat {
            gw = Int((bounds.z >> shift) &- (bounds.x >> shift)) &+ 1
            gh = Int((bounds.w >> shift) &- (bounds.y >> shift)) &+ 1
            if gw &* gh <= Swift.max(64, 4 &* solid) { break }
            shift &+= 1
        } while shift < 30
        let gx0 = bounds.x >> shift, gy0 = bounds.y >> shift
        // The cells box `b` spans: columns cx0 ... cx1, rows cy0 ... cy1.
        @inline(__always) func cellRange(_ b: SIMD4<Int32>) -> (cx0: Int, cx1: Int, cy0: Int, cy1: Int) {
            (Int((b.x >> shift) &- gx0), Int((b.z >> shift) &- gx0), Int((b.y >> shift) &- gy0), Int((b.w >> shift) &- gy0))
        }
        let cells = gw &* gh
        ensureCells(cells &+ 1)
        cellStart.update(repeating: 0, count: cells &+ 1)
        // Count, then place, each box in the cells it spans.
        var insertions = 0
        for s in 0..<n where shapes[s].orientation != 0 {
            let (cx0, cx1, cy0, cy1) = cellRange(shapes[s].box)
            let spanned = (cx1 &- cx0 &+ 1) &* (cy1 &- cy0 &+ 1)
            if spanned > SubpathClusters.maxCellsPerBox { return false }
            insertions &+= spanned
            for cy in cy0...cy1 { for cx in cx0...cx1 { cellStart[cy &* gw &+ cx &+ 1] &+= 1 } }
        }
        if insertions > SubpathClusters.maxCellsPerBoxOnAverage &* Swift.max(solid, 1) { return false }
        for c in 0..<cells {
            if cellStart[c &+ 1] > Int32(SubpathClusters.maxPerCell) { return false }
            cellStart[c &+ 1] &+= cellStart[c]
        }
        ensureItems(insertions)
        // Filled from each cell's end down, so cellStart[c] ends at the cell's first item.
        for s in stride(from: n &- 1, through: 0, by: -1) where shapes[s].orientation != 0 {
            let box = shapes[s].box
            let (cx0, cx1, cy0, cy1) = cellRange(box)
            for cy in cy0...cy1 {
                for cx in cx0...cx1 {
                    let c = cy &* gw &+ cx &+ 1
                    cellStart[c] &-= 1
                    items[Int(cellStart[c])] = Int32(truncatingIfNeeded: s)
                    itemBoxes[Int(cellStart[c])] = box
                }
            }
        }
        // Cell c's items are items[cellStart[c + 1] ..< cellStart[c + 2]] (shifted by one).
        var joined = false
        for c in 0..<cells {
            let lo = Int(cellStart[c &+ 1]), hi = c &+ 2 <= cells ? Int(cellStart[c &+ 2]) : insertions
            if hi &- lo < 2 { continue }
            for i in lo..<(hi &- 1) {
                let p = itemBoxes[i]
                for j in (i &+ 1)..<hi {
                    let q = itemBoxes[j]
                    guard p.openBoxOverlaps(q) else { continue }
                    let a = Int(items[i]), b = Int(items[j])
                    guard root(a) != root(b) else { continue }
                    // (A pair sharing several cells is tested once, in the cell of its overlap's
                    // least corner.)
                    let corner = Int((Swift.max(p.y, q.y) >> shift) &- gy0) &* gw &+ Int((Swift.max(p.x, q.x) >> shift) &- gx0)
                    guard corner == c && test.mayJoin(a, b) else { continue }
                    join(a, b)
                    joined = true
                }
            }
        }
        guard joined else { return true }
        collectGroups(shapes: shapes, count: n)
        return true
    }

    /// Numbers the sets of two or more joined subpaths and lists their members in shape order.
    private func collectGroups(shapes: UnsafePointer<SubpathShape>, count n: Int) {
        // Each root's set size, then the roots of sets of two or more get group g, stored as
        // −g − 1 (sizes are ≥ 0), and their first member's offset.
        for s in 0..<n { groupOf[s] = 0 }
        for s in 0..<n where shapes[s].orientation != 0 { groupOf[Int(root(s))] &+= 1 }
        var groups = 0
        var total: Int32 = 0
        for s in 0..<n where parent[s] == Int32(truncatingIfNeeded: s) && groupOf[s] >= 2 {
            groupStart[groups] = total
            total &+= groupOf[s]
            groupOf[s] = -Int32(truncatingIfNeeded: groups) &- 1
            groups &+= 1
        }
        groupStart[groups] = total
        groupCount = groups
        // Members in shape order; `items` (no longer needed) holds each group's next slot.
        let next = items
        for g in 0..<groups { next[g] = groupStart[g] }
        for s in 0..<n where shapes[s].orientation != 0 {
            let code = groupOf[Int(root(s))]
            guard code < 0 else { continue }
            let g = Int(-(code &+ 1))
            members[Int(next[g])] = Int32(truncatingIfNeeded: s)
            next[g] &+= 1
        }
    }

    @inline(__always) private func root(_ s: Int) -> Int32 {
        var r = Int32(truncatingIfNeeded: s)
        while parent[Int(r)] != r { r = parent[Int(r)] }
        // Path compression: everything on the way points at the root.
        var x = Int32(truncatingIfNeeded: s)
        while parent[Int(x)] != r { let next = parent[Int(x)]; parent[Int(x)] = r; x = next }
        return r
    }

    @inline(__always) private func join(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra == rb { return }
        // The smaller index leads (any fixed rule keeps the result deterministic).
        if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
    }

    private func ensureShapes(_ n: Int) {
        guard n > shapeCapacity else { return }
        parent.deallocate(); groupOf.deallocate(); members.deallocate(); groupStart.deallocate()
        shapeCapacity = Swift.max(n, 2 * shapeCapacity)
        parent = .allocate(capacity: shapeCapacity); groupOf = .allocate(capacity: shapeCapacity)
        members = .allocate(capacity: shapeCapacity); groupStart = .allocate(capacity: shapeCapacity + 1)
    }

    private func ensureCells(_ n: Int) {
        guard n > cellCapacity else { return }
        cellStart.deallocate()
        cellCapacity = Swift.max(n, 2 * cellCapacity)
        cellStart = .allocate(capacity: cellCapacity)
    }

    private func ensureItems(_ n: Int) {
        guard n > itemCapacity else { return }
        items.deallocate(); itemBoxes.deallocate()
        itemCapacity = Swift.max(n, 2 * itemCapacity)
        items = .allocate(capacity: itemCapacity); itemBoxes = .allocate(capacity: itemCapacity)
    }
}
