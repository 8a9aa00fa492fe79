import Geometry

/// Row pieces of edges gathered so that their cells are computed four at a time.
///
/// `CoverageAccumulator.coverPiece` adds three first differences for a piece of at most two
/// columns; most of its work (the crossing's division, the two areas) is lane-wise arithmetic
/// that does not depend on the cells. A dense band lists its pieces here (pixel row, ends and
/// signed height), and `flush` computes the three differences of four pieces at once
/// (`CoverageAccumulator.pieceDifferences` in `SIMD4` lanes), then adds them to the cells. Four,
/// not eight: a path's batch is often a few dozen pieces, and a flush's last, partial vector
/// costs as much as a full one.
/// Pieces of three columns (a flat edge's; often one or two a path) are listed apart and get
/// `coverRow`'s four differences, their areas four at a time in `SIMD4<Float>` lanes
/// (`CoverageAccumulator.firstArea` and the next two); wider ones go to `coverRow` as they
/// come. Same arithmetic, so the same cells; the cells are integers, so the order in which
/// pieces are added does not matter.
///
/// Storage: `storageCount` `Int32`s at `storage`, owned by the caller: six lanes of
/// `capacity` + 4 for the narrow pieces, then five of `threeColumnCapacity` + 4 (a flush's last
/// vectors read and write past the pieces; what they compute is not added).
struct PieceBatch {
    /// Pieces of at most two columns held before a flush (a multiple of 4).
    static let capacity = 256
    /// Pieces of three columns held before a flush (a multiple of 4).
    static let threeColumnCapacity = 64
    private static let lane = capacity + 4
    private static let threeColumnLane = threeColumnCapacity + 4
    private static let threeColumnStart = 6 * lane
    /// `Int32`s of storage a batch needs.
    static let storageCount = threeColumnStart + 5 * threeColumnLane

    // Narrow lanes: 0 xs, 1 xe, 2 d, 3 the row's offset (then the first cell's), 4 and 5 the
    // first two cells' differences. Three-column lanes: 0 xs, 1 xe, 2 d, 3 the row's offset
    // (then the first cell's); after a flush 0, 1, 4 and 2 hold the four cells' differences.
    private let storage: UnsafeMutablePointer<Int32>
    private var count = 0
    private var threeColumnCount = 0

    /// A batch over `storage` (`storageCount` `Int32`s, zeroed once).
    init(storage: UnsafeMutablePointer<Int32>) { self.storage = storage }

    /// Adds the piece `xs ≤ x ≤ xe` (24.8, ≥ 0) with signed height `d` to the row whose
    /// column 0 is at `cells + row`, flushing when full.
    @inline(__always)
    mutating func add(row: Int32, xs s: Int32, xe e: Int32, d h: Int32, cells: UnsafeMutablePointer<Int32>) {
        if _slowPath((e >> 8) &- (s >> 8) > 1) {
            addWide(row: row, xs: s, xe: e, d: h, cells: cells)
            return
        }
        let k = count, p = storage
        p[k] = s; p[k &+ PieceBatch.lane] = e; p[k &+ 2 &* PieceBatch.lane] = h; p[k &+ 3 &* PieceBatch.lane] = row
        count = k &+ 1
        if _slowPath(count == PieceBatch.capacity) { flushNarrow(into: cells) }
    }

    /// A piece of three columns or more, out of line: one call in the listing loop, whose
    /// registers and size stay as they were (rare pieces; a larger loop is not inlined).
    @inline(never)
    private mutating func addWide(row: Int32, xs: Int32, xe: Int32, d: Int32, cells: UnsafeMutablePointer<Int32>) {
        guard (xe >> 8) &- (xs >> 8) == 2 else {
            PieceBatch.coverWide(cells + Int(row), xs: xs, xe: xe, d: d)
            return
        }
        let k = threeColumnCount, p = storage + PieceBatch.threeColumnStart, lane = PieceBatch.threeColumnLane
        p[k] = xs; p[k &+ lane] = xe; p[k &+ 2 &* lane] = d; p[k &+ 3 &* lane] = row
        threeColumnCount = k &+ 1
        if _slowPath(threeColumnCount == PieceBatch.threeColumnCapacity) { flushThreeColumns(into: cells) }
    }

    /// `coverRow` out of line: its constants and temporaries stay out of `addWide`.
    @inline(never)
    private static func coverWide(_ row: UnsafeMutablePointer<Int32>, xs: Int32, xe: Int32, d: Int32) {
        _ = CoverageAccumulator.coverRow(row, xs: xs, xe: xe, d: d)
    }

    /// Adds the pieces held to `cells` and empties the batch.
    mutating func flush(into cells: UnsafeMutablePointer<Int32>) {
        flushNarrow(into: cells)
        if threeColumnCount > 0 { flushThreeColumns(into: cells) }
    }

    private mutating func flushNarrow(into cells: UnsafeMutablePointer<Int32>) {
        let n = count, p = storage, lane = PieceBatch.lane
        var k = 0
        while k < n {
            let (column, first, second) = CoverageAccumulator.pieceDifferences(
                xs: load(p + k), xe: load(p + (k &+ lane)), d: load(p + (k &+ 2 &* lane)))
            store(first, p + (k &+ 4 &* lane))
            store(second, p + (k &+ 5 &* lane))
            store(load(p + (k &+ 3 &* lane)) &+ column, p + (k &+ 3 &* lane))
            k &+= 4
        }
        for k in 0..<n {
            let cell = cells + Int(p[k &+ 3 &* lane])
            let a = p[k &+ 4 &* lane], b = p[k &+ 5 &* lane]
            // The third cell's difference, d1 − q1, is d − (first + second).
            cell[0] &+= a; cell[1] &+= b; cell[2] &+= p[k &+ 2 &* lane] &- a &- b
        }
        count = 0
    }

    @inline(never)
    private mutating func flushThreeColumns(into cells: UnsafeMutablePointer<Int32>) {
        let n = threeColumnCount, p = storage + PieceBatch.threeColumnStart, lane = PieceBatch.threeColumnLane
        var k = 0
        while k < n {
            let xs = load(p + k), xe = load(p + (k &+ lane)), d = load(p + (k &+ 2 &* lane))
            // `coverRow` with ix1 = ix0 + 2: u = 1 − fs, 2 − fs, 3 − fs.
            let fd = SIMD4<Float>(d)
            let inv256 = SIMD4<Float>(repeating: 1.0 / 256)
            let fs = SIMD4<Float>(xs & 255) * inv256, fe = SIMD4<Float>(xe & 255) * inv256
            let invW = CoverageAccumulator.inverseWidth(columns: SIMD4(repeating: 2), fs: fs, fe: fe)
            let q0 = FastRounding.int32(CoverageAccumulator.firstArea(u: 1 - fs, invW: invW, d: fd))
            let q1 = FastRounding.int32(CoverageAccumulator.middleArea(u: 2 - fs, invW: invW, d: fd))
            let q2 = FastRounding.int32(CoverageAccumulator.lastArea(u: 3 - fs, v: 1 - fe, invW: invW, d: fd))
            store(q0, p + k)
            store(q1 &- q0, p + (k &+ lane))
            store(d &- q2, p + (k &+ 2 &* lane))
            store(load(p + (k &+ 3 &* lane)) &+ (xs &>> 8), p + (k &+ 3 &* lane))
            store(q2 &- q1, p + (k &+ 4 &* lane))
            k &+= 4
        }
        for k in 0..<n {
            let cell = cells + Int(p[k &+ 3 &* lane])
            cell[0] &+= p[k]; cell[1] &+= p[k &+ lane]; cell[2] &+= p[k &+ 4 &* lane]; cell[3] &+= p[k &+ 2 &* lane]
        }
        threeColumnCount = 0
    }

    @inline(__always) private func load(_ p: UnsafeMutablePointer<Int32>) -> SIMD4<Int32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Int32>.self)
    }

    @inline(__always) private func store(_ v: SIMD4<Int32>, _ p: UnsafeMutablePointer<Int32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Int32>.self)
    }
}
