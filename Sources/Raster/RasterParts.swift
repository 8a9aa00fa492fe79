/// The scratch for drawing a batch of shapes part by part (`Rasterizer.fillByParts`): the runs
/// of consecutive subpaths sharing pixels, the parts those runs form, the units drawn (a part,
/// or a run in none) in order, where each unit's intersection outlines lie in the resolver's
/// output, and the buffer a unit's edges are gathered into. Reused from fill to fill (not
/// thread-safe).
final class RasterParts {
    /// Runs whose pixel boxes meet, grouped into parts.
    let parts = SubpathClusters()
    /// The groups of overlapping subpaths within a unit too large for one resolve.
    let groups = SubpathClusters()
    /// Each run as a record for `parts`: its subpaths `start ..< end`, its pixel box (open, 24.8).
    private(set) var runs: UnsafeMutablePointer<SubpathShape>
    /// The units in drawing order (runs' order): unit u's runs, ascending, are
    /// `unitRuns[unitStart[u] ..< unitStart[u + 1]]`.
    private(set) var unitRuns: UnsafeMutablePointer<Int32>
    private(set) var unitStart: UnsafeMutablePointer<Int32>
    private(set) var unitCount = 0
    /// Each unit's direction key (`Rasterizer.directionKey`, below `directionKeys`), then the
    /// units in drawing order: by key, and in listed order within a key (`orderUnits`).
    private(set) var unitKey: UnsafeMutablePointer<Int32>
    private(set) var drawOrder: UnsafeMutablePointer<Int32>
    /// Counting sort's per-key counts.
    private let keyStart = UnsafeMutablePointer<Int32>.allocate(capacity: RasterParts.directionKeys + 1)
    /// Direction keys: 256 to a quarter turn.
    static let directionKeys = 1024
    /// The end of unit u's outlines in the resolver's output; unit u's start is unit u − 1's
    /// end (unit 0's is 0).
    private var outputEnd: UnsafeMutablePointer<Int32>
    /// Each run's part, or −1, while the units are listed.
    private var partOf: UnsafeMutablePointer<Int32>
    /// The solid subpaths of the unit being resolved, or of a large one, their records
    /// compacted for `groups`.
    private(set) var solid: UnsafeMutablePointer<Int32>
    private(set) var solidShapes: UnsafeMutablePointer<SubpathShape>
    private var shapeCapacity = 0
    /// One group of a large unit (subpath indices), for the resolver.
    let groupMembers = UnsafeMutablePointer<Int32>.allocate(capacity: InclusionExclusionResolver.maxPolygons)
    /// A unit's edges, gathered.
    private(set) var gathered: UnsafeMutablePointer<SIMD4<Int32>>
    private var gatheredCapacity = 0

    init() {
        runs = .allocate(capacity: 1); unitRuns = .allocate(capacity: 1); unitStart = .allocate(capacity: 2)
        outputEnd = .allocate(capacity: 1); partOf = .allocate(capacity: 1); solid = .allocate(capacity: 1)
        solidShapes = .allocate(capacity: 1); gathered = .allocate(capacity: 1)
        unitKey = .allocate(capacity: 1); drawOrder = .allocate(capacity: 1)
    }

    deinit {
        runs.deallocate(); unitRuns.deallocate(); unitStart.deallocate(); outputEnd.deallocate()
        partOf.deallocate(); solid.deallocate(); solidShapes.deallocate(); groupMembers.deallocate()
        gathered.deallocate(); unitKey.deallocate(); drawOrder.deallocate(); keyStart.deallocate()
    }

    /// Lists the units from `parts` (found over `runCount` runs): each run in no part is a unit,
    /// each part one where its first run comes.
    func listUnits(runCount: Int) {
        for r in 0..<runCount { partOf[r] = -1 }
        for q in 0..<parts.groupCount {
            for k in Int(parts.groupStart[q])..<Int(parts.groupStart[q &+ 1]) {
                partOf[Int(parts.members[k])] = Int32(truncatingIfNeeded: q)
            }
        }
        var units = 0, at = 0
        for r in 0..<runCount {
            let q = Int(partOf[r])
            if q < 0 {
                unitStart[units] = Int32(truncatingIfNeeded: at)
                unitRuns[at] = Int32(truncatingIfNeeded: r)
                at &+= 1; units &+= 1
            } else if parts.members[Int(parts.groupStart[q])] == Int32(truncatingIfNeeded: r) {
                unitStart[units] = Int32(truncatingIfNeeded: at)
                for k in Int(parts.groupStart[q])..<Int(parts.groupStart[q &+ 1]) { unitRuns[at] = parts.members[k]; at &+= 1 }
                units &+= 1
            }
        }
        unitStart[units] = Int32(truncatingIfNeeded: at)
        unitCount = units
    }

    /// Sets unit u's direction key (0 ..< `directionKeys`).
    @inline(__always) func setKey(unit u: Int, _ key: Int) { unitKey[u] = Int32(truncatingIfNeeded: key) }

    /// Fills `drawOrder` with the units sorted by key (a stable counting sort: listed order
    /// within a key).
    func orderUnits() {
        let n = RasterParts.directionKeys
        keyStart.update(repeating: 0, count: n &+ 1)
        for u in 0..<unitCount { keyStart[Int(unitKey[u]) &+ 1] &+= 1 }
        for k in 0..<n { keyStart[k &+ 1] &+= keyStart[k] }
        for u in 0..<unitCount {
            let k = Int(unitKey[u])
            drawOrder[Int(keyStart[k])] = Int32(truncatingIfNeeded: u)
            keyStart[k] &+= 1
        }
    }

    /// Where unit u's runs lie in `unitRuns`.
    @inline(__always) func runsOf(unit u: Int) -> Range<Int> { Int(unitStart[u])..<Int(unitStart[u &+ 1]) }

    /// Where unit u's intersection outlines lie in the resolver's output (indices).
    @inline(__always) func outlines(ofUnit u: Int) -> Range<Int> {
        (u == 0 ? 0 : Int(outputEnd[u &- 1]))..<Int(outputEnd[u])
    }

    /// Sets the end of unit u's outlines.
    func setOutputEnd(unit u: Int, _ end: Int) { outputEnd[u] = Int32(truncatingIfNeeded: end) }

    /// Makes room for `shapes` subpaths (as many runs and units at most).
    func ensure(shapes: Int) {
        guard shapes > shapeCapacity else { return }
        runs.deallocate(); unitRuns.deallocate(); unitStart.deallocate(); outputEnd.deallocate()
        partOf.deallocate(); solid.deallocate(); solidShapes.deallocate(); unitKey.deallocate(); drawOrder.deallocate()
        shapeCapacity = Swift.max(shapes, 2 * shapeCapacity)
        runs = .allocate(capacity: shapeCapacity); unitRuns = .allocate(capacity: shapeCapacity)
        unitStart = .allocate(capacity: shapeCapacity + 1); outputEnd = .allocate(capacity: shapeCapacity)
        partOf = .allocate(capacity: shapeCapacity); solid = .allocate(capacity: shapeCapacity)
        solidShapes = .allocate(capacity: shapeCapacity)
        unitKey = .allocate(capacity: shapeCapacity); drawOrder = .allocate(capacity: shapeCapacity)
    }

    /// Makes room for `edges` gathered edges.
    func ensure(gathered edges: Int) {
        guard edges > gatheredCapacity else { return }
        gathered.deallocate()
        gatheredCapacity = Swift.max(edges, 2 * gatheredCapacity)
        gathered = .allocate(capacity: gatheredCapacity)
    }
}
