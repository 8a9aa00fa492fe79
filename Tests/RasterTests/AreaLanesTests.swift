import Testing
@testable import Raster

/// `AreaLanes`: each of four lanes computes `coverRow`'s areas exactly as one `Float` does.
struct AreaLanesTests {
    /// Pieces of three columns (the three-column flush's): every start and end fraction in
    /// steps of 5/256 and 7/256, both windings, whole and part rows. Each lane of the four-lane
    /// areas has the bits of the scalar areas written out here in plain `Float` arithmetic.
    @Test func fourLanesAreFourFloatPieces() {
        var pieces: [(fs: Float, fe: Float, d: Float)] = []
        for d: Float in [65536, -65536, 5888, -51456] {
            for s in Swift.stride(from: 0, to: 256, by: 5) {
                for e in Swift.stride(from: 0, to: 256, by: 7) { pieces.append((Float(s) / 256, Float(e) / 256, d)) }
            }
        }
        #expect(pieces.count % 4 == 0 && pieces.count > 4000)
        for start in Swift.stride(from: 0, to: pieces.count, by: 4) {
            let group = Array(pieces[start..<(start + 4)])
            let fs = SIMD4(group.map(\.fs)), fe = SIMD4(group.map(\.fe)), d = SIMD4(group.map(\.d))
            let invW = CoverageAccumulator.inverseWidth(columns: SIMD4(repeating: 2), fs: fs, fe: fe)
            let first = CoverageAccumulator.firstArea(u: 1 - fs, invW: invW, d: d)
            let middle = CoverageAccumulator.middleArea(u: 2 - fs, invW: invW, d: d)
            let last = CoverageAccumulator.lastArea(u: 3 - fs, v: 1 - fe, invW: invW, d: d)
            for (lane, p) in group.enumerated() {
                let w: Float = 1 / (2 + p.fe - p.fs)
                let u0: Float = 1 - p.fs, u1: Float = 2 - p.fs, u2: Float = 3 - p.fs, v: Float = 1 - p.fe
                let f0: Float = u0 * u0 * 0.5 * w, f1: Float = (u1 - 0.5) * w, f2: Float = (u2 - 0.5 - v * v * 0.5) * w
                #expect(first[lane].bitPattern == (min(f0, 1) * p.d).bitPattern, "\(p)")
                #expect(middle[lane].bitPattern == (min(f1, 1) * p.d).bitPattern, "\(p)")
                #expect(last[lane].bitPattern == (min(f2, 1) * p.d).bitPattern, "\(p)")
            }
        }
    }
}
