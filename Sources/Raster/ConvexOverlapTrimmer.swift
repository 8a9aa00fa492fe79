/// Exact coverage for a few overlapping convex subpaths wound the same way (a seat's back,
/// squab and rod; circles drawn as separate subpaths) by trimming their outlines, much cheaper
/// than sweeping them (`WindingResolver`).
///
/// Accumulation sums winding numbers, so where convex subpaths overlap it counts the overlap
/// once per subpath. Inclusion–exclusion makes it exact — nonzero (the union) is
/// Σ[Cᵢ] − Σ[Cᵢ∩Cⱼ] + Σ[Cᵢ∩Cⱼ∩Cₖ] − …, even-odd (the parity) Σ[Cᵢ] − 2Σ[Cᵢ∩Cⱼ] + 4Σ… — and
/// since an intersection's outline is made of pieces of its members' outlines, the sum can be
/// taken piece by piece: a piece of Cᵢ's outline that lies strictly inside k other subpaths
/// carries (1 − 1)ᵏ (nonzero) or (1 − 2)ᵏ = (−1)ᵏ (even-odd) times its edge. Nonzero keeps the
/// pieces outside every other subpath (the union's outline); even-odd keeps those inside an
/// even number and reverses the rest. The result has fewer edges than the subpaths themselves.
///
/// Inside tests are exact: each side of a subpath is a line A·x + B·y + C > 0 with integer
/// coefficients from the 24.8 vertices, relative to the subpaths' common corner, evaluated in
/// `Double`; below 2²⁵ units of extent every product and sum is an integer under 2⁵³, so the
/// signs are those of exact arithmetic (`trim` declines larger). A piece along another
/// subpath's edge in the same direction counts as inside the subpath listed first, so
/// coincident outlines count once; along an edge in the opposite direction (subpaths that
/// touch) both pieces stay and cancel. A crossing point is computed by one formula from the
/// two edges taken in a fixed order (snapped to a vertex when one lies on the other's line),
/// so the pieces of both outlines meet at the same rounded point and the trimmed outline stays
/// closed. The only rounding is the crossing points' (to 1/256 px).
final class ConvexOverlapTrimmer {
    /// One subpath as a closed polygon: its vertices in `vertices[start ..< start + count]`
    /// (24.8 fixed point, horizontal sides included), its bounds, which side is inside, and its
    /// sides as lines in `lines[firstLine ..< firstLine + count]` once it is first tested
    /// against (`loadLines`; −1 before).
    struct Polygon {
        var start: Int, count: Int
        var box: SIMD4<Int32>
        /// +1 when the inside is where cross(side, point − side start) > 0, −1 when < 0.
        var orientation: Int64
        var firstLine = -1
        /// Its subpath record, the other polygons whose boxes meet its box (bit j), and the
        /// union of their boxes.
        var shape: Int
        var near: UInt64 = 0
        var nearBox = SIMD4<Int32>(Int32.max, Int32.max, Int32.min, Int32.min)
        /// The side that last showed an edge to be outside this polygon: consecutive edges of
        /// another outline are neighbours, so it is the likeliest to do so again (tested first).
        var lastSeparator = 0
    }

    /// What `trim` did.
    enum Outcome {
        /// No two solid subpaths have overlapping boxes: nothing to trim, edges untouched.
        case disjoint
        /// The edges that changed are emptied in place (made zero: no height, no coverage) and
        /// `output` holds the pieces that replace them.
        case trimmed
        /// Too many or too large subpaths for exact trimming: nothing done.
        case declined
    }

    /// Where a piece of an outline enters (+1) or leaves (−1) another subpath.
    struct Event {
        var t: Double
        var step: Int32
        var point: SIMD2<Int32>
    }

    /// Most subpaths `trim` takes (one bit each in `Polygon.near`).
    static let maxPolygons = 64
    /// Largest extent (24.8 units) of the subpaths' common box for which the `Double` side
    /// tests are exact.
    static let maxExtent: Int32 = 1 << 25

    /// The builder's vertex buffer, during `trim`.
    private var vertices = UnsafePointer<SIMD2<Int32>>(bitPattern: 8)!
    private var polygons: UnsafeMutablePointer<Polygon>
    private var polygonCapacity = 16
    /// Per side: (A, B, C, 0), inside where A·x + B·y + C > 0 (x and y relative to `origin`).
    private var lines: UnsafeMutablePointer<SIMD4<Double>>
    private var lineCapacity = 64
    private var lineCount = 0
    private var origin = SIMD2<Int32>(0, 0)
    private var events: UnsafeMutablePointer<Event>
    private var eventCapacity = 32
    /// The pieces that replace the edges the last `trim` emptied.
    private(set) var output: UnsafeMutablePointer<SIMD4<Int32>>
    private var outputCapacity = 256
    private(set) var outputCount = 0

    init() {
        polygons = .allocate(capacity: polygonCapacity)
        lines = .allocate(capacity: lineCapacity)
        events = .allocate(capacity: eventCapacity)
        output = .allocate(capacity: outputCapacity)
    }

    deinit {
        polygons.deallocate(); lines.deallocate(); events.deallocate(); output.deallocate()
    }

    /// Trims the solid subpaths among `shapes` (convex, all with the same nonzero orientation;
    /// their vertices in `vertices`) against each other: an edge with a piece inside another
    /// subpath is emptied in `edges` and its pieces go to `output`; the rest (and the zero-area
    /// subpaths' edges) stay as they are. The edges must be the unclipped build of closed
    /// polylines (`UnclippedEdgeBuilder`). Declines, with nothing done, more than `maxPolygons`
    /// subpaths or an extent of `maxExtent` or more.
    func trim(edges: UnsafeMutablePointer<SIMD4<Int32>>, shapes: UnsafePointer<SubpathShape>, shapeCount: Int,
              vertices: UnsafePointer<SIMD2<Int32>>, evenOdd: Bool) -> Outcome {
        outputCount = 0
        var np = 0
        var lo = SIMD2<Int32>(Int32.max, Int32.max), hi = SIMD2<Int32>(Int32.min, Int32.min)
        for s in 0..<shapeCount where shapes[s].orientation != 0 {
            let sh = shapes[s]
            if np == ConvexOverlapTrimmer.maxPolygons { return .declined }
            if np == polygonCapacity { growPolygons() }
            polygons[np] = Polygon(start: Int(sh.firstVertex), count: Int(sh.vertexCount), box: sh.box,
                                   orientation: Int64(sh.orientation), shape: s)
            lo = pointwiseMin(lo, sh.box.lowHalf); hi = pointwiseMax(hi, sh.box.highHalf)
            np &+= 1
        }
        // Which boxes meet (closed: a side along another's may count as inside); any overlap
        // of the open boxes means there is something to trim.
        var overlapping = false
        var lineNeed = 0
        for i in 0..<np {
            let p = polygons[i].box
            for j in (i &+ 1)..<Swift.max(i &+ 1, np) {
                let q = polygons[j].box
                guard p.x <= q.z && q.x <= p.z && p.y <= q.w && q.y <= p.w else { continue }
                if p.x < q.z && q.x < p.z && p.y < q.w && q.y < p.w { overlapping = true }
                polygons[i].near |= 1 << UInt64(j); polygons[j].near |= 1 << UInt64(i)
                polygons[i].nearBox = ConvexOverlapTrimmer.union(polygons[i].nearBox, q)
                polygons[j].nearBox = ConvexOverlapTrimmer.union(polygons[j].nearBox, p)
            }
            if polygons[i].near != 0 { lineNeed &+= polygons[i].count }
        }
        if !overlapping { return .disjoint }
        guard hi.x &- lo.x < ConvexOverlapTrimmer.maxExtent, hi.y &- lo.y < ConvexOverlapTrimmer.maxExtent
        else { return .declined }
        self.vertices = vertices
        origin = lo
        lineCount = 0
        if lineNeed > lineCapacity {
            lines.deallocate()
            lineCapacity = Swift.max(lineNeed, 2 * lineCapacity)
            lines = .allocate(capacity: lineCapacity)
        }
        if 2 * np > eventCapacity {
            events.deallocate()
            eventCapacity = 2 * np
            events = .allocate(capacity: eventCapacity)
        }
        for i in 0..<np where polygons[i].near != 0 {
            let sh = shapes[polygons[i].shape]
            let nb = polygons[i].nearBox
            let below = SIMD4(nb.x, nb.y, nb.x, nb.y), above = SIMD4(nb.z, nb.w, nb.z, nb.w)
            for k in Int(sh.start)..<Int(sh.end) {
                let e = edges[k]
                // Edges clear of every near box (both ends left of it, or right, above, below)
                // pass as built.
                let clear = ConvexOverlapTrimmer.bothEnds(e .< below) | ConvexOverlapTrimmer.bothEnds(e .> above)
                if clear != 0 { continue }
                if trimEdge(e.lowHalf, e.highHalf, polygon: i, evenOdd: evenOdd) { edges[k] = .zero }
            }
        }
        return .trimmed
    }

    /// Nonzero when lanes 0 and 2 (x of both ends) or 1 and 3 (y) of `m` are all set.
    @inline(__always) private static func bothEnds(_ m: SIMDMask<SIMD4<Int32>>) -> Int32 {
        let v = unsafeBitCast(m, to: SIMD4<Int32>.self)
        let both = v & SIMD4(v.z, v.w, v.x, v.y)
        return both.x | both.y
    }

    @inline(__always) private static func union(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Int32> {
        SIMD4(lowHalf: pointwiseMin(a.lowHalf, b.lowHalf), highHalf: pointwiseMax(a.highHalf, b.highHalf))
    }

    /// Writes polygon k's sides as lines A·x + B·y + C, positive inside, at the end of `lines`.
    @inline(never) private func loadLines(_ k: Int) {
        let pk = polygons[k]
        let v = vertices + pk.start
        let o = Double(pk.orientation)
        polygons[k].firstLine = lineCount
        let out = lines + lineCount
        let n = pk.count
        lineCount &+= n
        let org = SIMD2<Double>(Double(origin.x), Double(origin.y))
        @inline(__always) func point(_ m: Int) -> SIMD2<Double> { SIMD2(Double(v[m].x), Double(v[m].y)) - org }
        // cross(d, p − p0) = dx·(y − y0) − dy·(x − x0) = −dy·x + dx·y + (dy·x0 − dx·y0), times
        // the orientation (±1: exact).
        @inline(__always) func line(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>) -> SIMD4<Double> {
            let d = (p1 - p0) * o
            return SIMD4(-d.y, d.x, d.y * p0.x - d.x * p0.y, 0)
        }
        let first = point(0)
        var p0 = first
        for m in 0..<(n &- 1) {
            let p1 = point(m &+ 1)
            out[m] = line(p0, p1)
            p0 = p1
        }
        out[n &- 1] = line(p0, first)
    }

    /// cross(b1 − b0, p − b0): positive on one side of the line through b0, b1, zero on it.
    @inline(__always) private static func side(_ b0: SIMD2<Int32>, _ b1: SIMD2<Int32>, _ p: SIMD2<Int32>) -> Int64 {
        let dx = Int64(b1.x &- b0.x), dy = Int64(b1.y &- b0.y)
        return dx &* Int64(p.y &- b0.y) &- dy &* Int64(p.x &- b0.x)
    }

    /// Where edge a0→a1 crosses the line of b0→b1 (the caller knows it does), computed the same
    /// way whichever of the two asks: `aFirst` says whether a comes first in the fixed order.
    @inline(__always) private static func crossing(_ a0: SIMD2<Int32>, _ a1: SIMD2<Int32>, _ b0: SIMD2<Int32>,
                                                   _ b1: SIMD2<Int32>, aFirst: Bool) -> SIMD2<Int32> {
        let (p0, p1, q0, q1) = aFirst ? (a0, a1, b0, b1) : (b0, b1, a0, a1)
        let s0 = side(q0, q1, p0), s1 = side(q0, q1, p1)
        if s0 == 0 { return p0 }
        if s1 == 0 { return p1 }
        let r0 = side(p0, p1, q0), r1 = side(p0, p1, q1)
        if r0 == 0 { return q0 }
        if r1 == 0 { return q1 }
        let t = Double(s0) / (Double(s0) - Double(s1))
        return SIMD2(CoverageAccumulator.roundToInt32(Double(p0.x) + Double(p1.x &- p0.x) * t),
                     CoverageAccumulator.roundToInt32(Double(p0.y) + Double(p1.y &- p0.y) * t))
    }

    /// The open interval of t ∈ (0, 1) where a0 + t·(a1 − a0) lies inside polygon j, and the
    /// sides it enters and leaves by (−1: it starts or ends inside); nil when empty.
    /// `ownIndex` is the edge's polygon, for sides it runs along (see the type's comment).
    @inline(__always)
    private func insideInterval(_ a0: SIMD2<Int32>, _ a1: SIMD2<Int32>, polygon j: Int, ownIndex i: Int)
        -> (tIn: Double, inSide: Int, tOut: Double, outSide: Int)? {
        if polygons[j].firstLine < 0 { loadLines(j) }
        let pj = polygons[j]
        let r0 = a0 &- origin, r1 = a1 &- origin
        let x0 = Double(r0.x), y0 = Double(r0.y), x1 = Double(r1.x), y1 = Double(r1.y)
        let l = lines + pj.firstLine
        // Outside the last separating side: outside the polygon (the result the loop below
        // would reach, whatever the order of the sides).
        let q0 = l[pj.lastSeparator]
        let c0 = q0.x * x0 + q0.y * y0 + q0.z, c1 = q0.x * x1 + q0.y * y1 + q0.z
        if c0 <= 0 && c1 <= 0 && (c0 != 0 || c1 != 0) { return nil }
        var tIn = 0.0, tOut = 1.0
        var inSide = -1, outSide = -1
        for m in 0..<pj.count {
            let q = l[m]
            let s0 = q.x * x0 + q.y * y0 + q.z, s1 = q.x * x1 + q.y * y1 + q.z
            if s0 > 0 {
                if s1 > 0 { continue }
                let t = s0 / (s0 - s1)
                if t < tOut { tOut = t; outSide = m }
            } else if s1 > 0 {
                let t = s0 / (s0 - s1)
                if t > tIn { tIn = t; inSide = m }
            } else {
                if s0 == 0 && s1 == 0 { return scalarInsideInterval(a0, a1, polygon: j, ownIndex: i) }
                polygons[j].lastSeparator = m
                return nil
            }
        }
        return tIn < tOut ? (tIn, inSide, tOut, outSide) : nil
    }

    /// `insideInterval` side by side in exact integers, for an edge running along a side of
    /// polygon j: that side is no constraint when both run the same way and j is listed first
    /// (coincident outlines count once); otherwise the edge is not inside.
    private func scalarInsideInterval(_ a0: SIMD2<Int32>, _ a1: SIMD2<Int32>, polygon j: Int, ownIndex i: Int)
        -> (tIn: Double, inSide: Int, tOut: Double, outSide: Int)? {
        let pj = polygons[j]
        let v = vertices + pj.start
        var tIn = 0.0, tOut = 1.0
        var inSide = -1, outSide = -1
        for m in 0..<pj.count {
            let b0 = v[m], b1 = v[m + 1 < pj.count ? m + 1 : 0]
            let s0 = pj.orientation &* ConvexOverlapTrimmer.side(b0, b1, a0)
            let s1 = pj.orientation &* ConvexOverlapTrimmer.side(b0, b1, a1)
            if s0 > 0 && s1 > 0 { continue }
            if s0 == 0 && s1 == 0 {
                let same = Int64(b1.x &- b0.x) &* Int64(a1.x &- a0.x) &+ Int64(b1.y &- b0.y) &* Int64(a1.y &- a0.y) > 0
                if same && j < i { continue }
                return nil
            }
            if s0 <= 0 && s1 <= 0 { return nil }
            let t = Double(s0) / (Double(s0) - Double(s1))
            if s0 <= 0 {
                if t > tIn { tIn = t; inSide = m }
            } else if t < tOut {
                tOut = t; outSide = m
            }
        }
        return tIn < tOut ? (tIn, inSide, tOut, outSide) : nil
    }

    /// Emits the pieces of edge a0→a1 of polygon i with their multiplicities; false (nothing
    /// emitted) when no other subpath has any of it inside, so the edge stays as it is.
    private func trimEdge(_ a0: SIMD2<Int32>, _ a1: SIMD2<Int32>, polygon i: Int, evenOdd: Bool) -> Bool {
        let loX = Swift.min(a0.x, a1.x), hiX = Swift.max(a0.x, a1.x)
        let loY = Swift.min(a0.y, a1.y), hiY = Swift.max(a0.y, a1.y)
        var ne = 0
        var near = polygons[i].near
        while near != 0 {
            let j = near.trailingZeroBitCount
            near &= near &- 1
            let pj = polygons[j]
            // Inside (or along a side, which may count as inside) needs the closed boxes to meet.
            if hiX < pj.box.x || loX > pj.box.z || hiY < pj.box.y || loY > pj.box.w { continue }
            guard let r = insideInterval(a0, a1, polygon: j, ownIndex: i) else { continue }
            let v = vertices + pj.start
            let first = i < j
            var pIn = a0, pOut = a1
            if r.inSide >= 0 {
                pIn = ConvexOverlapTrimmer.crossing(a0, a1, v[r.inSide], v[r.inSide + 1 < pj.count ? r.inSide + 1 : 0],
                                                    aFirst: first)
            }
            if r.outSide >= 0 {
                pOut = ConvexOverlapTrimmer.crossing(a0, a1, v[r.outSide], v[r.outSide + 1 < pj.count ? r.outSide + 1 : 0],
                                                     aFirst: first)
            }
            events[ne] = Event(t: r.tIn, step: 1, point: pIn)
            events[ne + 1] = Event(t: r.tOut, step: -1, point: pOut)
            ne &+= 2
        }
        if ne == 0 { return false }
        if ne == 2 {
            // Inside one other subpath (the common case): out, in, out.
            let pIn = events[0].point, pOut = events[1].point
            emitPiece(a0, pIn, depth: 0, evenOdd: evenOdd)
            emitPiece(pIn, pOut, depth: 1, evenOdd: evenOdd)
            emitPiece(pOut, a1, depth: 0, evenOdd: evenOdd)
            return true
        }
        // Insertion sort by t (a handful of events).
        for k in 1..<ne {
            let e = events[k]
            var m = k
            while m > 0 && events[m - 1].t > e.t { events[m] = events[m - 1]; m &-= 1 }
            events[m] = e
        }
        var depth: Int32 = 0
        var from = a0
        for k in 0..<ne {
            let e = events[k]
            emitPiece(from, e.point, depth: depth, evenOdd: evenOdd)
            depth &+= e.step
            from = e.point
        }
        emitPiece(from, a1, depth: depth, evenOdd: evenOdd)
        return true
    }

    /// Appends a piece lying inside `depth` other subpaths with its multiplicity (none,
    /// forwards or reversed).
    @inline(__always) private func emitPiece(_ p: SIMD2<Int32>, _ q: SIMD2<Int32>, depth: Int32, evenOdd: Bool) {
        if p.y == q.y { return }
        if depth == 0 {
            append(SIMD4(lowHalf: p, highHalf: q))
        } else if evenOdd {
            append(depth & 1 == 0 ? SIMD4(lowHalf: p, highHalf: q) : SIMD4(lowHalf: q, highHalf: p))
        }
    }

    @inline(__always) private func append(_ e: SIMD4<Int32>) {
        if outputCount == outputCapacity { growOutput() }
        output[outputCount] = e
        outputCount &+= 1
    }

    @inline(never) private func growOutput() {
        let grown = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: 2 * outputCapacity)
        grown.moveInitialize(from: output, count: outputCount)
        output.deallocate()
        output = grown; outputCapacity *= 2
    }

    @inline(never) private func growPolygons() {
        let grown = UnsafeMutablePointer<Polygon>.allocate(capacity: 2 * polygonCapacity)
        grown.moveInitialize(from: polygons, count: polygonCapacity)
        polygons.deallocate()
        polygons = grown; polygonCapacity *= 2
    }
}
