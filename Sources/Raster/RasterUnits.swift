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
    /// Each unit's pixel box as a record for `SubpathClusters` (see `Rasterizer.rasterizeUnits`).
    private(set) var boxes: UnsafeMutablePointer<SubpathShape>
    /// Each subpath's resolver group, or −1 (a unit of its own).
    private(set) var unitOf: UnsafeMutablePointer<Int32>
    /// The subpath of each unit after the groups' (unit groupCount + i is subpath `lone[i]`).
    private(set) var lone: UnsafeMutablePointer<Int32>
    /// 1 for the units in a part of several, 0 for those drawn on their own.
    private(set) var inPart: UnsafeMutablePointer<UInt8>
    private var shapeCapacity = 0
    /// Units whose pixel boxes meet, grouped into parts.
    let parts = SubpathClusters()
    /// A part's edges, gathered.
    private(set) var gathered: UnsafeMutablePointer<SIMD4<Int32>>
    private var gatheredCapacity = 0

    init() {
        groupOutputEnd = .allocate(capacity: 1); boxes = .allocate(capacity: 1); unitOf = .allocate(capacity: 1)
        lone = .allocate(capacity: 1); inPart = .allocate(capacity: 1); gathered = .allocate(capacity: 1)
    }

    deinit {
        groupOutputEnd.deallocate(); boxes.deallocate(); unitOf.deallocate()
        lone.deallocate(); inPart.deallocate(); gathered.deallocate()
    }

    /// Makes room for `groups` resolver groups and clears `ready`.
    func prepare(groups: Int) {
        ready = false
        if groups > groupCapacity {
            groupOutputEnd.deallocate()
            groupCapacity = Swift.max(groups, 2 * groupCapacity)
            groupOutputEnd = .allocate(capacity: groupCapacity)
        }
    }

    func setOutputEnd(group g: Int, _ end: Int) { groupOutputEnd[g] = Int32(truncatingIfNeeded: end) }

    /// Where resolver group g's intersection outlines lie among the edges (indices).
    @inline(__always) func outlines(ofGroup g: Int) -> Range<Int> {
        (outputStart &+ (g == 0 ? 0 : Int(groupOutputEnd[g &- 1])))..<(outputStart &+ Int(groupOutputEnd[g]))
    }

    /// Makes room for `shapes` subpaths and `edges` gathered edges.
    func ensure(shapes: Int, edges: Int) {
        if shapes > shapeCapacity {
            boxes.deallocate(); unitOf.deallocate(); lone.deallocate(); inPart.deallocate()
            shapeCapacity = Swift.max(shapes, 2 * shapeCapacity)
            boxes = .allocate(capacity: shapeCapacity); unitOf = .allocate(capacity: shapeCapacity)
            lone = .allocate(capacity: shapeCapacity); inPart = .allocate(capacity: shapeCapacity)
        }
        if edges > gatheredCapacity {
            gathered.deallocate()
            gatheredCapacity = Swift.max(edges, 2 * gatheredCapacity)
            gathered = .allocate(capacity: gatheredCapacity)
        }
    }
}
