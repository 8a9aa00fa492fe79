/// Joins two runs of subpaths (`Rasterizer.fillByParts`' runs: records whose `start ..< end`
/// are subpath indices), whose pixel boxes meet, unless no pixel can take coverage from both:
/// every pair of their subpaths, one from each, has pixel boxes that do not meet, or vertices
/// more than a pixel apart along one of four axes, each subpath's longest side and its normal.
/// (Points a, b in one pixel square, closed, have |n·(a − b)| ≤ 256·(|nₓ| + |n_y|) along any
/// axis n, in 24.8 units; a subpath lies within its vertices' span along any axis.) Exact:
/// integer projections of the 24.8 vertices.
///
/// Runs so kept apart are drawn as units of their own with the same bytes as one pass: a
/// convex subpath adds nothing to the running coverage of a pixel it does not meet (along a
/// row its cells sum to zero past it), so every pixel's coverage comes from one unit, and the
/// others leave it as it was. Subpaths whose interiors meet share pixels, so each group of
/// them, which the resolver takes on its own (`InclusionExclusionResolver.resolve`), lies in
/// one unit, and is resolved as in the one pass.
///
/// Why: in a block of seats in rows turned off the axes, neighbours' boxes meet where no pixel
/// is shared. Joined, such units sweep the empty space between their members and resolve them
/// together.
struct PixelSeparation: ClusterJoinTest {
    let runs: UnsafePointer<SubpathShape>
    let shapes: UnsafePointer<SubpathShape>
    let vertices: UnsafePointer<SIMD2<Int32>>
    /// Each subpath's pixel box (open, 24.8).
    let pixels: UnsafePointer<SIMD4<Int32>>
    /// Each subpath's longest side, found as needed (zero: not yet).
    let longestSides: UnsafeMutablePointer<SIMD2<Int64>>

    func mayJoin(_ a: Int, _ b: Int) -> Bool {
        let ra = runs[a], rb = runs[b]
        for s in Int(ra.start)..<Int(ra.end) {
            for t in Int(rb.start)..<Int(rb.end) where mayShare(s, t) { return true }
        }
        return false
    }

    /// Whether subpaths s and t may put coverage into one pixel.
    @inline(__always) private func mayShare(_ s: Int, _ t: Int) -> Bool {
        let a = pixels[s], b = pixels[t]
        guard a.openBoxOverlaps(b) else { return false }
        let p = shapes[s], q = shapes[t]
        let pv = vertices + Int(p.firstVertex), pn = Int(p.vertexCount)
        let qv = vertices + Int(q.firstVertex), qn = Int(q.vertexCount)
        guard pn >= 2 && qn >= 2 else { return true }
        let u = longestSide(of: s, pv, pn), w = longestSide(of: t, qv, qn)
        return !(PixelSeparation.apart(pv, pn, qv, qn, along: u)
                 || PixelSeparation.apart(pv, pn, qv, qn, along: SIMD2(-u.y, u.x))
                 || PixelSeparation.apart(pv, pn, qv, qn, along: w)
                 || PixelSeparation.apart(pv, pn, qv, qn, along: SIMD2(-w.y, w.x)))
    }

    /// Whether the vertices `p` and `q` project onto `n` more than a pixel's span apart.
    @inline(__always)
    private static func apart(_ p: UnsafePointer<SIMD2<Int32>>, _ pn: Int, _ q: UnsafePointer<SIMD2<Int32>>, _ qn: Int,
                              along n: SIMD2<Int64>) -> Bool {
        let (pLow, pHigh) = span(p, pn, along: n), (qLow, qHigh) = span(q, qn, along: n)
        let pixel = 256 &* (abs(n.x) &+ abs(n.y))
        return qLow &- pHigh > pixel || pLow &- qHigh > pixel
    }

    /// The least and greatest of `v[0 ..< n]` · `axis` (24.8 coordinates of addressable pixels,
    /// under 2²⁹, and a side's components, under 2²⁹ in size: each product under 2⁵⁸, the
    /// sums exact).
    @inline(__always)
    private static func span(_ v: UnsafePointer<SIMD2<Int32>>, _ n: Int, along axis: SIMD2<Int64>) -> (Int64, Int64) {
        var low = Int64.max, high = Int64.min
        for i in 0..<n {
            let d = Int64(v[i].x) &* axis.x &+ Int64(v[i].y) &* axis.y
            low = Swift.min(low, d); high = Swift.max(high, d)
        }
        return (low, high)
    }

    /// The vector of the longest side of subpath s's closed outline `v[0 ..< n]`, found once.
    @inline(__always)
    private func longestSide(of s: Int, _ v: UnsafePointer<SIMD2<Int32>>, _ n: Int) -> SIMD2<Int64> {
        if longestSides[s] != SIMD2() { return longestSides[s] }
        // (Scalars, not `SIMD2<Int64>` lanes: 1.2 million fewer instructions a render of the
        // 20,000-seat batch. A side's components are under 2²⁹ in size, as `span` says.)
        var bestX: Int64 = 0, bestY: Int64 = 0, bestLength: Int64 = -1
        var px = Int64(v[n &- 1].x), py = Int64(v[n &- 1].y)
        for i in 0..<n {
            let x = Int64(v[i].x), y = Int64(v[i].y)
            let dx = x &- px, dy = y &- py
            let length = dx &* dx &+ dy &* dy
            if length > bestLength { bestX = dx; bestY = dy; bestLength = length }
            px = x; py = y
        }
        let best = SIMD2(bestX, bestY)
        longestSides[s] = best
        return best
    }
}
