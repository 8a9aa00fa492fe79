/// The scratch for drawing a batch of shapes part by part (`Rasterizer.fillByParts`): the runs
/// of consecutive subpaths sharing pixels, the parts those runs form, the units drawn (a part,
/// or a run in none) in order, and the buffer a unit's edges are gathered into. Reused from
/// fill to fill (not thread-safe).
final class RasterParts {
    /// What `fillByParts` did with a path.
    enum Outcome: Equatable {
        /// Every unit drawn.
        case drawn
        /// The first `unitsDrawn` units drawn (none when the path is no batch), then a decline.
        case declined(unitsDrawn: Int)
    }

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
    /// Each run's part, or −1, while the units are listed.
    private var partOf: UnsafeMutablePointer<Int32>
    /// The solid subpaths of the unit being resolved, or of a large one, their records
    /// compacted for `groups`.
    private(set) var solid: UnsafeMutablePointer<Int32>
    private(set) var solidShapes: UnsafeMutablePointer<SubpathShape>
    /// Each subpath's pixel box (open, 24.8) and, once `PixelSeparation` needs it, its longest
    /// side (zero until then). (Kept: computing the pixel box at each test cost 1.5 million
    /// more instructions a render of the 20,000-seat batch.)
    private(set) var subpathPixels: UnsafeMutablePointer<SIMD4<Int32>>
    private(set) var longestSides: UnsafeMutablePointer<SIMD2<Int64>>
    private var shapeCapacity = 0
    /// One group of a large unit (subpath indices), for the resolver.
    let groupMembers = UnsafeMutablePointer<Int32>.allocate(capacity: InclusionExclusionResolver.maxPolygons)
    /// A unit's edges, gathered.
    private(set) var gathered: UnsafeMutablePointer<SIMD4<Int32>>
    private var gatheredCapacity = 0

    init() {
        runs = .allocate(capacity: 1); unitRuns = .allocate(capacity: 1); unitStart = .allocate(capacity: 2)
        partOf = .allocate(capacity: 1); solid = .allocate(capacity: 1)
        solidShapes = .allocate(capacity: 1); gathered = .allocate(capacity: 1)
        subpathPixels = .allocate(capacity: 1); longestSides = .allocate(capacity: 1)
    }

    deinit {
        runs.deallocate(); unitRuns.deallocate(); unitStart.deallocate()
        partOf.deallocate(); solid.deallocate(); solidShapes.deallocate(); groupMembers.deallocate()
        gathered.deallocate(); subpathPixels.deallocate(); longestSides.deallocate()
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

    /// Where unit u's runs lie in `unitRuns`.
    @inline(__always) func runsOf(unit u: Int) -> Range<Int> { Int(unitStart[u])..<Int(unitStart[u &+ 1]) }

    /// Which of `n` subpaths (by index) units 0 ..< `k` hold: what `fillByParts` drew before
    /// a decline.
    func subpathsDrawn(byUnits k: Int, of n: Int) -> [Bool] {
        var drawn = [Bool](repeating: false, count: n)
        for u in 0..<k {
            for r in runsOf(unit: u) {
                let run = runs[Int(unitRuns[r])]
                for s in Int(run.start)..<Int(run.end) { drawn[s] = true }
            }
        }
        return drawn
    }

    /// Makes room for `shapes` subpaths (as many runs and units at most).
    func ensure(shapes: Int) {
        guard shapes > shapeCapacity else { return }
        runs.deallocate(); unitRuns.deallocate(); unitStart.deallocate()
        partOf.deallocate(); solid.deallocate(); solidShapes.deallocate()
        subpathPixels.deallocate(); longestSides.deallocate()
        shapeCapacity = Swift.max(shapes, 2 * shapeCapacity)
        runs = .allocate(capacity: shapeCapacity); unitRuns = .allocate(capacity: shapeCapacity)
        unitStart = .allocate(capacity: shapeCapacity + 1)
        partOf = .allocate(capacity: shapeCapacity); solid = .allocate(capacity: shapeCapacity)
        solidShapes = .allocate(capacity: shapeCapacity)
        subpathPixels = .allocate(capacity: shapeCapacity); longestSides = .allocate(capacity: shapeCapacity)
    }

    /// Makes room for `edges` gathered edges.
    func ensure(gathered edges: Int) {
        guard edges > gatheredCapacity else { return }
        gathered.deallocate()
        gatheredCapacity = Swift.max(edges, 2 * gatheredCapacity)
        gathered = .allocate(capacity: gatheredCapacity)
    }
}
