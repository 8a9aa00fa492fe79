import Testing
@testable import Raster

/// The row pieces of `CoverageAccumulator`: `coverRow` and `coverPiece` (no branch between one
/// and two columns) must add the piece's exact coverage.
struct CoverageAccumulatorTests {
    /// Cells a piece touches (ix0 … ix0 + 2) and a margin either side, zeroed.
    static let width = 8

    /// Runs `body` on a zeroed row of `width` cells and returns them with its result.
    static func cells(_ body: (UnsafeMutablePointer<Int32>) -> (Int32, Int32)) -> ([Int32], Int32, Int32) {
        var row = [Int32](repeating: 0, count: width)
        let (lo, hi) = row.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        return (row, lo, hi)
    }

    /// The pieces checked: fractional starts (every `startStep`/256 px) against ends up to
    /// `columns` columns further (every `endStep`/256), for heights of a whole row, part of one,
    /// and both windings.
    static func pieces(columns: Int32, startStep: Int32 = 5, endStep: Int32 = 7) -> [(xs: Int32, xe: Int32, d: Int32)] {
        var out: [(Int32, Int32, Int32)] = []
        for d: Int32 in [65536, -65536, 23 << 8, -(201 << 8)] {
            for fs in Swift.stride(from: Int32(0), to: 256, by: Int(startStep)) {
                let xs = (2 << 8) | fs
                for xe in Swift.stride(from: xs, to: (2 + columns + 1) << 8, by: Int(endStep)) {
                    out.append((xs, xe, d))
                }
            }
        }
        return out
    }

    /// The mean, over the points x of a piece from `xs` to `xe` (24.8 fixed point), of pixel
    /// `i`'s part right of x: integrated numerically (512-point midpoint rule), apart from the code.
    static func meanPartRight(ofPixel i: Int, xs: Int32, xe: Int32) -> Double {
        let start = Double(xs) / 256, end = Double(xe) / 256
        let steps = 512
        var sum = 0.0
        for k in 0..<steps {
            let x = start + (end - start) * (Double(k) + 0.5) / Double(steps)
            sum += Swift.min(Swift.max(Double(i + 1) - x, 0), 1)
        }
        return sum / Double(steps)
    }

    /// The running sum of the cells is, in each pixel, `d` times the mean over the piece of the
    /// pixel's part right of it (`meanPartRight`).
    @Test func rowCellsSumToThePiecesCoverage() {
        for p in Self.pieces(columns: 3, startStep: 17, endStep: 13) {
            let (cells, _, _) = Self.cells { CoverageAccumulator.coverRow($0, xs: p.xs, xe: p.xe, d: p.d) }
            var sum: Int32 = 0
            for i in 0..<Self.width {
                sum &+= cells[i]
                let mean = Self.meanPartRight(ofPixel: i, xs: p.xs, xe: p.xe)
                #expect(abs(Double(sum) - mean * Double(p.d)) <= 4, "pixel \(i): xs \(p.xs) xe \(p.xe) d \(p.d)")
            }
            // Every row of a piece ends with its whole height added.
            #expect(sum == p.d)
        }
    }

    /// `coverPiece` for the same pieces: with one column exactly `coverRow`'s cells; with two,
    /// the running sum within 3 cell units (the crossing rounded, each part's product floored)
    /// of the coverage integrated by `meanPartRight`, and the three
    /// cells summing to `d` exactly; wider pieces handed to `coverRow`.
    @Test func pieceIsItsExactCoverageWithoutABranch() {
        var counts = [0, 0, 0]
        for p in Self.pieces(columns: 3, startStep: 17, endStep: 11) {
            let piece = Self.cells { CoverageAccumulator.coverPiece($0, xs: p.xs, xe: p.xe, d: p.d) }
            let columns = Int(p.xe >> 8 - p.xs >> 8)
            counts[Swift.min(columns, 2)] += 1
            if columns != 1 {
                let general = Self.cells { CoverageAccumulator.coverRow($0, xs: p.xs, xe: p.xe, d: p.d) }
                #expect(piece.0 == general.0 && piece.1 == general.1 && piece.2 == general.2, "xs \(p.xs) xe \(p.xe) d \(p.d)")
                continue
            }
            #expect(piece.0.reduce(0, &+) == p.d)
            var sum: Int32 = 0
            for i in 0..<Self.width {
                sum &+= piece.0[i]
                let mean = Self.meanPartRight(ofPixel: i, xs: p.xs, xe: p.xe)
                #expect(abs(Double(sum) - mean * Double(p.d)) <= 3 + 1e-3 * Double(p.d.magnitude) / 256,
                        "pixel \(i): xs \(p.xs) xe \(p.xe) d \(p.d)")
            }
        }
        #expect(counts.allSatisfy { $0 > 500 }, "\(counts)")
    }
}
