/// The bookkeeping for drawing a batch of shapes part by part (`Rasterizer.rasterizeUnits`):
/// what the last clustered resolve (`Rasterizer.resolveClusteredOverlaps`) left — where each
/// group's intersection outlines lie among the edges — and the scratch to split the batch
/// into parts that share no pixel. Reused from fill to fill (not thread-safe).
final class RasterUnits {
    /// True when the edges last prepared came from a clustered resolve that left the subpath
    /// records (`shapeCount` of them) and `groupOutputEnd` valid.
    var ready = false
    var shapeCount = 0
    /// Index of the first edge the resolver appended (the subpaths' edges come before it).
    var outputStart = 0
    /// The end of resolver group g's outlines, counted from `outputStart`; group g's start
    /// where group g − 1's end (group 0 at 0).
    private(set) var groupOutputEnd: UnsafeMutablePointer<Int32>
    private var groupCapacity = 0
    /// Each subpath's pixel box as a record for `SubpathClusters` (see `Rasterizer.rasterizeUnits`).
    private(set) var boxes: UnsafeMutablePointer<SubpathShape>
    /// Each subpath's part (a group of `parts`), or −1 for a subpath that is a part of its own.
    private(set) var partOf: UnsafeMutablePointer<Int32>
    private var shapeCapacity = 0
    /// The resolver groups of part p: `groupList[groupFirst[p] ..< groupFirst[p + 1]]`.
    private(set) var groupFirst: UnsafeMutablePointer<Int32>
    private(set) var groupList: UnsafeMutablePointer<Int32>
    private var partCapacity = 0
    /// Subpaths whose pixel boxes meet, grouped into parts.
    let parts = SubpathClusters()
    /// A part's edges, gathered.
    private(set) var gathered: UnsafeMutablePointer<SIMD4<Int32>>
    private var gatheredCapacity = 0

    init() {
        groupOutputEnd = .allocate(capacity: 1); boxes = .allocate(capacity: 1); partOf = .allocate(capacity: 1)
        groupFirst = .allocate(capacity: 1); groupList = .allocate(capacity: 1); gathered = .allocate(capacity: 1)
    }

    deinit {
        groupOutputEnd.deallocate(); boxes.deallocate(); partOf.deallocate()
        groupFirst.deallocate(); groupList.deallocate(); gathered.deallocate()
    }

    /// Makes room for `groups` resolver groups and clears `ready`.
    func prepare(groups: Int) {
        ready = false
        if groups > groupCapacity {
            groupOutputEnd.deallocate(); groupList.deallocate()
            groupCapacity = Swift.max(groups, 2 * groupCapacity)
            groupOutputEnd = .allocate(capacity: groupCapacity); groupList = .allocate(capacity: groupCapacity)
        }
    }

    func setOutputEnd(group g: Int, _ end: Int) { groupOutputEnd[g] = Int32(truncatingIfNeeded: end) }

    /// Makes room for `shapes` subpaths and `edges` gathered edges.
    func ensure(shapes: Int, edges: Int) {
        if shapes > shapeCapacity {
            boxes.deallocate(); partOf.deallocate()
            shapeCapacity = Swift.max(shapes, 2 * shapeCapacity)
            boxes = .allocate(capacity: shapeCapacity); partOf = .allocate(capacity: shapeCapacity)
        }
        if edges > gatheredCapacity {
            gathered.deallocate()
            gatheredCapacity = Swift.max(edges, 2 * gatheredCapacity)
            gathered = .allocate(capacity: gatheredCapacity)
        }
    }

    /// Makes room for `n` parts' group lists.
    func ensure(parts n: Int) {
        if n + 2 > partCapacity {
            groupFirst.deallocate()
            partCapacity = Swift.max(n + 2, 2 * partCapacity)
            groupFirst = .allocate(capacity: partCapacity)
        }
    }
}
