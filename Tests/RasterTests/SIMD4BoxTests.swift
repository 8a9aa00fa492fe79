import Testing
@testable import Raster

/// `SIMD4.openBoxOverlaps`: boxes (min x, min y, max x, max y) of some width and height overlap
/// exactly when some point lies strictly inside both.
struct SIMD4BoxTests {
    /// Every pair of boxes with corners on a 5 × 5 grid, against a search
    /// for a point strictly inside both: with integer corners, the centres of the unit squares
    /// (k + ½) are such points whenever any is.
    @Test func overlapIsAPointStrictlyInsideBoth() {
        var boxes: [SIMD4<Int32>] = []
        for x0 in Int32(0)...3 { for x1 in (x0 + 1)...4 { for y0 in Int32(0)...3 { for y1 in (y0 + 1)...4 {
            boxes.append(SIMD4(x0, y0, x1, y1))
        } } } }
        func strictlyInside(_ b: SIMD4<Int32>, _ px: Double, _ py: Double) -> Bool {
            Double(b.x) < px && px < Double(b.z) && Double(b.y) < py && py < Double(b.w)
        }
        var overlapping = 0, touching = 0
        for a in boxes {
            for b in boxes {
                var shared = false
                for i in 0..<4 { for j in 0..<4 where strictlyInside(a, Double(i) + 0.5, Double(j) + 0.5)
                    && strictlyInside(b, Double(i) + 0.5, Double(j) + 0.5) { shared = true } }
                #expect(a.openBoxOverlaps(b) == shared, "\(a) \(b)")
                if shared { overlapping += 1 }
                // Sharing a border or a corner only (closed boxes meet, open ones do not).
                if !shared && a.x <= b.z && b.x <= a.z && a.y <= b.w && b.y <= a.w { touching += 1 }
            }
        }
        // The grid holds both kinds of pair, so the comparison is not empty either way.
        #expect(overlapping > 1000 && touching > 1000)
    }
}
