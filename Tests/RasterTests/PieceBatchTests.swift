import Testing
@testable import Raster

/// `PieceBatch` lists row pieces and computes their cells four at a time: the cells must be
/// exactly `coverPiece`'s (itself checked against the integrated coverage in
/// `CoverageAccumulatorTests`), whatever the batch's fill when it flushes.
struct PieceBatchTests {
    /// Cells a row: the pieces start in column 2 and reach at most four columns further, and a
    /// piece may add to the cell after its last.
    static let width = 10

    /// Runs `body` with a zeroed batch and a zeroed grid of `rows` rows and returns the grid.
    static func grid(rows: Int, _ body: (inout PieceBatch, UnsafeMutablePointer<Int32>) -> Void) -> [Int32] {
        let storage = UnsafeMutablePointer<Int32>.allocate(capacity: PieceBatch.storageCount)
        storage.initialize(repeating: 0, count: PieceBatch.storageCount)
        defer { storage.deallocate() }
        var cells = [Int32](repeating: 0, count: rows * width)
        cells.withUnsafeMutableBufferPointer { buffer in
            var batch = PieceBatch(storage: storage)
            body(&batch, buffer.baseAddress!)
        }
        return cells
    }

    /// One to four columns, both windings, whole and part rows: spread over 37 rows, so that
    /// pieces meet in cells, and more of them than `capacity` (of three columns, than
    /// `threeColumnCapacity`), so that each list flushes itself several times before the last,
    /// partial flush. `coverPiece` hands pieces of three columns and more to `coverRow`.
    @Test func cellsAreCoverPiecesWhenTheBatchFlushesOnItsOwnAndAtTheEnd() {
        let pieces = CoverageAccumulatorTests.pieces(columns: 3, startStep: 17, endStep: 11)
        let rows = 37
        #expect(pieces.count > 4 * PieceBatch.capacity && pieces.count % PieceBatch.capacity != 0)
        let wide = pieces.filter { $0.xe >> 8 - $0.xs >> 8 > 1 }.count
        #expect(wide > 100 && wide < pieces.count - 100, "wide \(wide) of \(pieces.count)")
        let threeColumns = pieces.filter { $0.xe >> 8 - $0.xs >> 8 == 2 }.count
        #expect(threeColumns > 4 * PieceBatch.threeColumnCapacity && threeColumns < wide - 100
                    && threeColumns % PieceBatch.threeColumnCapacity != 0, "three columns \(threeColumns) of \(wide)")
        let batched = Self.grid(rows: rows) { batch, cells in
            for (k, p) in pieces.enumerated() {
                batch.add(row: Int32(k % rows * Self.width), xs: p.xs, xe: p.xe, d: p.d, cells: cells)
            }
            batch.flush(into: cells)
        }
        let direct = Self.grid(rows: rows) { _, cells in
            for (k, p) in pieces.enumerated() {
                _ = CoverageAccumulator.coverPiece(cells + k % rows * Self.width, xs: p.xs, xe: p.xe, d: p.d)
            }
        }
        #expect(batched == direct)
        #expect(direct.contains { $0 != 0 })
    }

    /// Pieces of at most two columns are held until the batch is full or flushed; a full batch
    /// adds them at once.
    @Test func piecesAreHeldUntilTheBatchIsFull() {
        let narrow: (xs: Int32, xe: Int32, d: Int32) = ((2 << 8) | 40, (3 << 8) | 100, 65536)
        let held = Self.grid(rows: 1) { batch, cells in
            for _ in 0..<(PieceBatch.capacity - 1) {
                batch.add(row: 0, xs: narrow.xs, xe: narrow.xe, d: narrow.d, cells: cells)
            }
        }
        #expect(held.allSatisfy { $0 == 0 })
        let full = Self.grid(rows: 1) { batch, cells in
            for _ in 0..<PieceBatch.capacity {
                batch.add(row: 0, xs: narrow.xs, xe: narrow.xe, d: narrow.d, cells: cells)
            }
        }
        // The whole height of every piece, in its three cells.
        #expect(full.reduce(0, &+) == Int32(PieceBatch.capacity) * narrow.d)
        #expect(full[2] != 0 && full[3] != 0 && full[4] != 0)
    }

    /// Pieces of three columns are listed apart, with their own capacity: a flush of the
    /// narrow list leaves them held, and a full list of them adds them at once.
    @Test func threeColumnPiecesAreHeldApartUntilTheirListIsFull() {
        let narrow: (xs: Int32, xe: Int32, d: Int32) = ((2 << 8) | 40, (3 << 8) | 100, 65536)
        let three: (xs: Int32, xe: Int32, d: Int32) = ((2 << 8) | 40, (4 << 8) | 100, -(23 << 8))
        let held = Self.grid(rows: 1) { batch, cells in
            for _ in 0..<(PieceBatch.threeColumnCapacity - 1) {
                batch.add(row: 0, xs: three.xs, xe: three.xe, d: three.d, cells: cells)
            }
            for _ in 0..<PieceBatch.capacity {
                batch.add(row: 0, xs: narrow.xs, xe: narrow.xe, d: narrow.d, cells: cells)
            }
        }
        #expect(held.reduce(0, &+) == Int32(PieceBatch.capacity) * narrow.d)
        #expect(held[5] == 0)
        let full = Self.grid(rows: 1) { batch, cells in
            for _ in 0..<PieceBatch.threeColumnCapacity {
                batch.add(row: 0, xs: three.xs, xe: three.xe, d: three.d, cells: cells)
            }
        }
        #expect(full.reduce(0, &+) == Int32(PieceBatch.threeColumnCapacity) * three.d)
        #expect((2...5).allSatisfy { full[$0] != 0 })
    }
}
