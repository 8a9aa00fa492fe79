import Geometry

/// Row pieces of edges gathered so that their cells are computed eight at a time.
///
/// `CoverageAccumulator.coverPiece` adds three first differences for a piece of at most two
/// columns; most of its work (the crossing's division, the two areas) is lane-wise arithmetic
/// that does not depend on the cells. A dense band lists its pieces here (pixel row, ends and
/// signed height), and `flush` computes the three differences of eight pieces at once
/// (`CoverageAccumulator.pieceDifferences` in `SIMD8` lanes), then adds them to the cells. Same
/// arithmetic, so the same cells as `coverPiece`; pieces wider than two columns go to `coverRow`
/// as they come. The cells are integers, so the order in which pieces are added does not matter.
///
/// Storage: `storageCount` `Int32`s at `storage`, six lanes of `capacity` + 8 (a flush's last
/// vectors read past the pieces and are not added), owned by the caller.
struct PieceBatch {
    /// Pieces held before a flush (a multiple of 8).
    static let capacity = 256
    private static let lane = capacity + 8
    /// `Int32`s of storage a batch needs.
    static let storageCount = 6 * lane

    // Lanes: 0 xs, 1 xe, 2 d, 3 the row's offset (then the first cell's), 4 and 5 the first two
    // cells' differences.
    private let storage: UnsafeMutablePointer<Int32>
    private var count = 0

    /// A batch over `storage` (`storageCount` `Int32`s, zeroed once).
    init(storage: UnsafeMutablePointer<Int32>) { self.storage = storage }

    /// Adds the piece `xs ≤ x ≤ xe` (24.8, ≥ 0) with signed height `d` to the row whose
    /// column 0 is at `cells + row`, flushing when full.
    @inline(__always)
    mutating func add(row: Int32, xs s: Int32, xe e: Int32, d h: Int32, cells: UnsafeMutablePointer<Int32>) {
        if _slowPath((e >> 8) &- (s >> 8) > 1) {
            PieceBatch.coverWide(cells + Int(row), xs: s, xe: e, d: h)
            return
        }
        let k = count, p = storage
        p[k] = s; p[k &+ PieceBatch.lane] = e; p[k &+ 2 &* PieceBatch.lane] = h; p[k &+ 3 &* PieceBatch.lane] = row
        count = k &+ 1
        if _slowPath(count == PieceBatch.capacity) { flush(into: cells) }
    }

    /// `coverRow` out of line: its constants and temporaries stay out of the listing loop.
    @inline(never)
    private static func coverWide(_ row: UnsafeMutablePointer<Int32>, xs: Int32, xe: Int32, d: Int32) {
        _ = CoverageAccumulator.coverRow(row, xs: xs, xe: xe, d: d)
    }

    /// Adds the pieces held to `cells` and empties the batch.
    mutating func flush(into cells: UnsafeMutablePointer<Int32>) {
        let n = count, p = storage, lane = PieceBatch.lane
        var k = 0
        while k < n {
            let (column, first, second) = CoverageAccumulator.pieceDifferences(
                xs: load(p + k), xe: load(p + (k &+ lane)), d: load(p + (k &+ 2 &* lane)))
            store(first, p + (k &+ 4 &* lane))
            store(second, p + (k &+ 5 &* lane))
            store(load(p + (k &+ 3 &* lane)) &+ column, p + (k &+ 3 &* lane))
            k &+= 8
        }
        for k in 0..<n {
            let cell = cells + Int(p[k &+ 3 &* lane])
            let a = p[k &+ 4 &* lane], b = p[k &+ 5 &* lane]
            // The third cell's difference, d1 − q1, is d − (first + second).
            cell[0] &+= a; cell[1] &+= b; cell[2] &+= p[k &+ 2 &* lane] &- a &- b
        }
        count = 0
    }

    @inline(__always) private func load(_ p: UnsafeMutablePointer<Int32>) -> SIMD8<Int32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Int32>.self)
    }

    @inline(__always) private func store(_ v: SIMD8<Int32>, _ p: UnsafeMutablePointer<Int32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Int32>.self)
    }
}
