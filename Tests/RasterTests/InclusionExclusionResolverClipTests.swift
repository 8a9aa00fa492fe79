import Testing
@testable import Raster

/// `InclusionExclusionResolver.SidesMeetingBox`: the sides of a polygon whose segments' bounds
/// meet a box, found four vertices at a time and 64 sides a word, against the plain test of
/// each side apart from the code.
struct InclusionExclusionResolverClipTests {
    typealias T = RasterTestSupport

    /// Side e (from vertex e − 1 to e, cyclically) meets the box unless both ends lie beyond
    /// the same border (strictly: a vertex on a border is inside).
    static func meeting(_ v: [SIMD2<Int32>], _ box: SIMD4<Int32>) -> [Int] {
        v.indices.filter { e in
            let a = v[e == 0 ? v.count - 1 : e - 1], b = v[e]
            return !((a.x < box.x && b.x < box.x) || (a.x > box.z && b.x > box.z)
                || (a.y < box.y && b.y < box.y) || (a.y > box.w && b.y > box.w))
        }
    }

    /// Polygons of 1 to 150 vertices (past the 64 sides of a word, and every remainder of four)
    /// scattered around boxes of every size, some vertices on the borders.
    @Test func sidesMeetingTheBoxAreEveryOneThePlainTestFinds() {
        var rng = T.Random(seed: 77)
        var met = 0, missed = 0, longPolygons = 0
        for n in 0 ..< 600 {
            let count = 1 + n % 150
            let box = SIMD4<Int32>(1000, 2000, 1000 + Int32(rng.next() % 3000), 2000 + Int32(rng.next() % 3000))
            let v = (0 ..< count).map { _ -> SIMD2<Int32> in
                // Some vertices exactly on a border.
                if rng.next() % 8 == 0 { return SIMD2(box.z, box.y + Int32(rng.next() % 3000)) }
                return SIMD2(Int32(rng.next() % 7000), Int32(rng.next() % 7000) + 500)
            }
            let expected = Self.meeting(v, box)
            var found: [Int] = []
            v.withUnsafeBufferPointer { p in
                var sides = InclusionExclusionResolver.SidesMeetingBox(box, polygon: p.baseAddress!, count: count)
                while let e = sides.next() { found.append(e) }
            }
            #expect(found == expected, "polygon \(n): \(count) vertices, box \(box)")
            met += expected.count; missed += count - expected.count
            if count > 64 && expected.contains(where: { $0 >= 64 }) { longPolygons += 1 }
        }
        // Both outcomes, and sides found past the first word, were reached.
        #expect(met > 1000 && missed > 1000 && longPolygons > 100, "\(met) \(missed) \(longPolygons)")
    }
}
