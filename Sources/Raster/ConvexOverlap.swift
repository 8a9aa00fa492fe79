/// Exact coverage for a few overlapping convex subpaths (a seat's back, squab and rod) by
/// inclusion–exclusion, much cheaper than sweeping them (`WindingResolver`).
///
/// With every subpath turned to winding +1, the inside test is a sum of indicator functions of
/// their intersections: nonzero (the union) is Σ[Cᵢ] − Σ[Cᵢ∩Cⱼ] + Σ[Cᵢ∩Cⱼ∩Cₖ] − …, even-odd
/// (the parity) Σ[Cᵢ] − 2Σ[Cᵢ∩Cⱼ] + 4Σ[Cᵢ∩Cⱼ∩Cₖ] − …. Intersections of convex polygons are
/// convex polygons (Sutherland–Hodgman clipping), and accumulation is linear, so adding each
/// intersection's edges with its multiplicity makes the summed winding exactly the inside
/// test. The only rounding is the intersection vertices' (to 1/256 px).
struct ConvexOverlap {
    /// Most intersection polygons (terms) before giving up (then the caller sweeps).
    static let maxTerms = 24
    /// Vertices per polygon kept on the stack-like scratch.
    static let maxVertices = 128

    /// Polygon scratch: `maxTerms + 3` polygons of `maxVertices` points (x, y in 1/256 px).
    let scratch: UnsafeMutablePointer<SIMD2<Double>>
    let sizes: UnsafeMutablePointer<Int>

    static func allocate() -> (UnsafeMutablePointer<SIMD2<Double>>, UnsafeMutablePointer<Int>) {
        (.allocate(capacity: (maxTerms + 3) * maxVertices), .allocate(capacity: maxTerms + 3))
    }

    @inline(__always) func poly(_ k: Int) -> UnsafeMutablePointer<SIMD2<Double>> { scratch + k * ConvexOverlap.maxVertices }

    /// Loads the outline of the subpath made of `edges[start ..< end]` (consecutive edges of
    /// one closed polyline, horizontal ones dropped) into polygon slot `k`, turned so its
    /// winding is +1 (`reverse`). Returns false when it has too many vertices.
    func load(_ edges: UnsafePointer<SIMD4<Int32>>, start: Int, end: Int, reverse: Bool, into k: Int) -> Bool {
        let p = poly(k)
        var n = 0
        var i = start
        while i < end {
            let e = edges[i]
            if n + 2 > ConvexOverlap.maxVertices { return false }
            p[n] = SIMD2(Double(e.x), Double(e.y)); n += 1
            let next = edges[i + 1 < end ? i + 1 : start]
            if e.z != next.x || e.w != next.y { p[n] = SIMD2(Double(e.z), Double(e.w)); n += 1 }
            i += 1
        }
        if reverse {
            var a = 0, b = n - 1
            while a < b { let t = p[a]; p[a] = p[b]; p[b] = t; a += 1; b -= 1 }
        }
        sizes[k] = n
        return true
    }

    /// Clips polygon `subject` by the convex polygon `clipper` (both winding +1: the inside is
    /// where the cross product of an edge and the point is negative, y down) into slot `out`.
    /// Returns the vertex count (< 3: empty), or −1 when it would overflow.
    func clip(_ subject: Int, by clipper: Int, into out: Int, tmp: Int) -> Int {
        let c = poly(clipper), cn = sizes[clipper]
        var src = poly(subject), n = sizes[subject]
        var bufs = (poly(out), poly(tmp))
        // Alternate between the two buffers so the last pass lands in `out`.
        var dst = cn % 2 == 1 ? bufs.0 : bufs.1
        for ci in 0..<cn {
            let a = c[ci], b = c[ci + 1 < cn ? ci + 1 : 0]
            let d = b - a
            var m = 0
            if n == 0 { break }
            var prev = src[n - 1]
            var prevSide = d.x * (prev.y - a.y) - d.y * (prev.x - a.x)
            for si in 0..<n {
                let cur = src[si]
                let side = d.x * (cur.y - a.y) - d.y * (cur.x - a.x)
                if (side <= 0) != (prevSide <= 0) {
                    if m >= ConvexOverlap.maxVertices { return -1 }
                    let t = prevSide / (prevSide - side)
                    dst[m] = prev + (cur - prev) * t; m += 1
                }
                if side <= 0 {
                    if m >= ConvexOverlap.maxVertices { return -1 }
                    dst[m] = cur; m += 1
                }
                prev = cur; prevSide = side
            }
            src = dst; n = m
            dst = dst == bufs.0 ? bufs.1 : bufs.0
        }
        if src != poly(out) { poly(out).update(from: src, count: n) }
        bufs = (poly(out), poly(tmp))
        sizes[out] = n
        return n
    }
}
