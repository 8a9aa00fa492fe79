import Geometry

/// Exact coverage for a few overlapping convex subpaths wound the same way (a seat's back,
/// squab and rod; circles drawn as separate subpaths) by inclusion–exclusion: the subpaths'
/// edges stay as built, and the outlines of their intersections are added with the weights
/// that make the accumulated winding the covered area. Much cheaper than sweeping them
/// (`WindingResolver`): only the small intersection polygons are computed.
///
/// Accumulation sums winding numbers, so where convex subpaths overlap it counts the overlap
/// once per subpath. The union (nonzero) is Σ[Cᵢ] − Σ[Cᵢ∩Cⱼ] + Σ[Cᵢ∩Cⱼ∩Cₖ] − …: the outline
/// of each intersection of two subpaths is added reversed, of three forwards. Intersections of
/// convex polygons are convex, so each is one clip (Sutherland–Hodgman) of a polygon by
/// another's sides, and a term of three clips a term of two further; a clip that comes out
/// empty ends its branch. A subpath lying wholly inside another adds nothing to the union: its
/// edges are emptied and it takes part in no term. Each term's crossing points are rounded
/// (below), so terms of four or more subpaths — where a pixel would sum the roundings of many
/// terms — are left to the sweep.
///
/// Under even-odd only nesting is resolved here: a subpath inside an odd number of others is a
/// hole, so its edges are reversed in place (exactly: no point is computed). Subpaths that
/// overlap without one containing the other are left to the sweep (their weights would be
/// 2, 4, …, multiplying the roundings).
///
/// Under nonzero stars of overlaps — subpaths (centres: seats' rods) each overlapping others
/// (leaves) that overlap nothing else, each along a single side within the centre's box — are
/// resolved the other way round: each centre is cut down to its part outside its leaves, so
/// the edges get fewer instead of more (`subtractFromCentres`). This is decided group by group
/// (subpaths whose interiors meet, directly or through others): a group that is no star is
/// resolved by pairs, and leaves the others stars.
///
/// Side tests are exact (`Int64` cross products of the 24.8 vertices). The only rounding is
/// the crossing points' (to 1/256 px), so an intersection polygon can miss its members' sides
/// by half a unit: slivers of at most ~1/512 px width, below one coverage step.
final class InclusionExclusionResolver {
    /// One subpath as a closed polygon: its vertices in the builder's vertex buffer
    /// (`vertices[start ..< start + count]`, 24.8 fixed point), its bounds, and the other
    /// polygons whose interiors may meet its own (bit j; cleared once their intersection is
    /// found empty).
    struct Polygon {
        var start: Int, count: Int
        var box: SIMD4<Int32>
        var shape: Int
        var near: UInt64 = 0
        /// Inside another polygon (nonzero): its edges emptied, in no term.
        var removed = false
        /// How many others contain it (even-odd).
        var depth = 0
        /// As a leaf of a star (`subtractFromCentres`): the side along which it cuts its
        /// centre, −1 for none.
        var cutSide = -1
        /// As a centre of a star: its leaves, one bit a polygon.
        var leaves: UInt64 = 0
    }

    /// An intersection of two polygons kept for the terms of three or more: its vertices in
    /// `pool[start ..< start + count]`.
    struct PairTerm {
        var start: Int, count: Int
        var first: Int, second: Int
    }

    /// What `resolve` did.
    enum Outcome {
        /// No two solid subpaths have overlapping boxes: nothing to add, edges untouched.
        case disjoint
        /// Nonzero: the edges of subpaths inside others are emptied in place (made zero: no
        /// height, no coverage) and `output` holds the intersection outlines to add — or, for
        /// a star, the centre's edges are rewritten in place and `output` holds any that did
        /// not fit. Even-odd: the edges of the holes are reversed in place; `output` is empty.
        case resolved
        /// Too many subpaths or terms, or (even-odd) a partial overlap: nothing done.
        case declined
    }

    /// Most subpaths `resolve` takes (one bit each in `Polygon.near`).
    static let maxPolygons = 64
    /// Most clips one `resolve` makes before it declines (many mutually overlapping subpaths
    /// have exponentially many terms; the sweep takes those).
    static let maxClips = 512
    /// Most subpaths in an intersection term.
    static let maxMembers = 3

    // (Not private where the clipping and the centre's cut use them, in their own files.)
    var polygons: UnsafeMutablePointer<Polygon>
    private var polygonCapacity = 16
    private var pairs: UnsafeMutablePointer<PairTerm>
    private var pairCapacity = 16
    private var pairCount = 0
    /// Vertices of the kept intersections (pair terms, then the deeper terms as a stack).
    private var pool: UnsafeMutablePointer<SIMD2<Int32>>
    private var poolCapacity = 256
    private var poolCount = 0
    /// The two buffers a clip alternates between, and the side values of the current polygon.
    var clipA: UnsafeMutablePointer<SIMD2<Int32>>
    var clipB: UnsafeMutablePointer<SIMD2<Int32>>
    var sides: UnsafeMutablePointer<Int64>
    var clipCapacity = 64
    var clips = 0
    /// The builder's vertex buffer, during `resolve`.
    var vertices = UnsafePointer<SIMD2<Int32>>(bitPattern: 8)!
    var orientation: Int64 = 1
    /// The intersection outlines the last `resolve` added (with `keepingOutput`, after those of
    /// the calls before it).
    private(set) var output: UnsafeMutablePointer<SIMD4<Int32>>
    private var outputCapacity = 256
    private(set) var outputCount = 0

    init() {
        polygons = .allocate(capacity: polygonCapacity)
        pairs = .allocate(capacity: pairCapacity)
        pool = .allocate(capacity: poolCapacity)
        clipA = .allocate(capacity: clipCapacity)
        clipB = .allocate(capacity: clipCapacity)
        sides = .allocate(capacity: clipCapacity)
        output = .allocate(capacity: outputCapacity)
    }

    deinit {
        polygons.deallocate(); pairs.deallocate(); pool.deallocate()
        clipA.deallocate(); clipB.deallocate(); sides.deallocate(); output.deallocate()
    }

    /// Resolves the overlaps of the solid subpaths among `shapes[0 ..< shapeCount]` — or among
    /// `shapes[members[0 ..< shapeCount]]`, a group of them (`SubpathClusters`) — (convex, all
    /// with the same nonzero orientation; their vertices in `vertices`) as the type's comment
    /// says; all other edges stay as they are. The edges must be the unclipped build of closed
    /// polylines (`UnclippedEdgeBuilder`). Declines more than `maxPolygons` subpaths, more than
    /// `maxClips` clips, a non-empty intersection of more than `maxMembers` subpaths, or
    /// (even-odd) two subpaths overlapping without one containing the other; subpaths it found
    /// inside others by then stay emptied (nonzero: the union is the same without them), and
    /// nothing else is changed. `keepingOutput`: `output` keeps what earlier calls added (one
    /// call per group) and this call's outlines follow.
    ///
    /// Nonzero: each group of subpaths whose interiors meet (directly or through others) is
    /// resolved as a star or by pairs on its own, so a group's edges do not depend on what
    /// else a call holds (only the clips are counted over the call, against `maxClips`).
    func resolve(edges: UnsafeMutablePointer<SIMD4<Int32>>, shapes: UnsafePointer<SubpathShape>, shapeCount: Int,
                 members: UnsafePointer<Int32>? = nil, vertices: UnsafePointer<SIMD2<Int32>>,
                 evenOdd: Bool, keepingOutput: Bool = false) -> Outcome {
        if !keepingOutput { outputCount = 0 }
        pairCount = 0
        poolCount = 0
        clips = 0
        var np = 0
        for m in 0..<shapeCount {
            let s = members == nil ? m : Int(members.unsafelyUnwrapped[m])
            let sh = shapes[s]
            if sh.orientation == 0 { continue }
            if np == InclusionExclusionResolver.maxPolygons { return .declined }
            if np == polygonCapacity { growPolygons() }
            polygons[np] = Polygon(start: Int(sh.firstVertex), count: Int(sh.vertexCount), box: sh.box, shape: s)
            orientation = Int64(sh.orientation)
            np &+= 1
        }
        // Interiors can meet only where the open boxes overlap.
        var overlapping = false
        for i in 0..<np {
            let p = polygons[i].box
            for j in (i &+ 1)..<Swift.max(i &+ 1, np) {
                let q = polygons[j].box
                guard p.openBoxOverlaps(q) else { continue }
                polygons[i].near |= 1 << UInt64(j); polygons[j].near |= 1 << UInt64(i)
                overlapping = true
            }
        }
        if !overlapping { return .disjoint }
        self.vertices = vertices
        // The polygons resolved by pairs: all (even-odd), or the groups that are not stars.
        var byPairs = UInt64.max
        if !evenOdd {
            byPairs = subtractFromCentres(edges: edges, shapes: shapes, count: np)
            if byPairs == 0 { return .resolved }
        }

        // Pairs: each intersection once, containment found on the way.
        for i in 0..<np where byPairs & 1 &<< UInt64(i) != 0 {
            var near = polygons[i].near & ~((2 << UInt64(i)) &- 1)
            while near != 0 {
                let j = near.trailingZeroBitCount
                near &= near &- 1
                if polygons[i].removed || polygons[j].removed { continue }
                // Clip the polygon whose box lies inside the other's (so containment shows as
                // an unchanged subject), else the one with fewer vertices.
                let bi = polygons[i].box, bj = polygons[j].box
                let iInJ = bi.x >= bj.x && bi.y >= bj.y && bi.z <= bj.z && bi.w <= bj.w
                let jInI = bj.x >= bi.x && bj.y >= bi.y && bj.z <= bi.z && bj.w <= bi.w
                let (a, b) = iInJ ? (i, j) : (jInI ? (j, i) : (polygons[j].count < polygons[i].count ? (j, i) : (i, j)))
                let pa = polygons[a]
                guard let (result, n, cut) = clip(UnsafePointer(vertices + pa.start), count: pa.count, box: pa.box, by: b)
                else {
                    if clips > InclusionExclusionResolver.maxClips { return .declined }
                    // Interiors apart: no term, and no deeper term through this pair.
                    polygons[i].near &= ~(1 << UInt64(j)); polygons[j].near &= ~(1 << UInt64(i))
                    continue
                }
                if !cut {
                    // a lies inside b.
                    if evenOdd {
                        polygons[a].depth &+= 1
                    } else {
                        polygons[a].removed = true
                        let sh = shapes[pa.shape]
                        for e in Int(sh.start)..<Int(sh.end) { edges[e] = .zero }
                    }
                    continue
                }
                if evenOdd { return .declined }
                let start = poolCount
                appendToPool(result, count: n)
                appendPair(PairTerm(start: start, count: n, first: i, second: j))
            }
        }
        if evenOdd {
            // Holes (inside an odd number of others) wound the other way.
            for k in 0..<np where polygons[k].depth & 1 == 1 {
                let sh = shapes[polygons[k].shape]
                for e in Int(sh.start)..<Int(sh.end) {
                    let q = edges[e]
                    edges[e] = SIMD4(lowHalf: q.highHalf, highHalf: q.lowHalf)
                }
            }
            return .resolved
        }

        // Weights: −1 for each pair's intersection, +1 for each of three.
        for k in 0..<pairCount {
            let term = pairs[k]
            if polygons[term.first].removed || polygons[term.second].removed { continue }
            emit(UnsafePointer(pool + term.start), count: term.count, members: 2)
            let deeper = polygons[term.first].near & polygons[term.second].near & ~((2 << UInt64(term.second)) &- 1)
            if deeper != 0 && !addTerms(of: term.start, count: term.count,
                                        box: InclusionExclusionResolver.bounds(pool + term.start, count: term.count),
                                        members: 2, candidates: deeper) {
                return .declined
            }
        }
        return .resolved
    }

    /// Adds the terms of the intersection in `pool[start ..< start + count]` (of `members`
    /// polygons) with each candidate polygon, and theirs in turn; false when over `maxClips`.
    private func addTerms(of start: Int, count: Int, box: SIMD4<Int32>, members: Int, candidates: UInt64) -> Bool {
        var rest = candidates
        while rest != 0 {
            let k = rest.trailingZeroBitCount
            rest &= rest &- 1
            if polygons[k].removed { continue }
            let clipped = clip(UnsafePointer(pool + start), count: count, box: box, by: k)
            if clips > InclusionExclusionResolver.maxClips { return false }
            guard let (result, n, _) = clipped else { continue }
            if members &+ 1 > InclusionExclusionResolver.maxMembers { return false }
            emit(result, count: n, members: members &+ 1)
            let deeper = rest & polygons[k].near
            if deeper != 0 {
                let mark = poolCount
                appendToPool(result, count: n)
                let ok = addTerms(of: mark, count: n, box: InclusionExclusionResolver.bounds(result, count: n),
                                  members: members &+ 1, candidates: deeper)
                poolCount = mark
                if !ok { return false }
            }
        }
        return true
    }

    /// Bounds (min x, min y, max x, max y) of `n` ≥ 1 points.
    private static func bounds(_ p: UnsafePointer<SIMD2<Int32>>, count n: Int) -> SIMD4<Int32> {
        var lo = p[0], hi = p[0]
        for i in 1..<Swift.max(1, n) { lo = pointwiseMin(lo, p[i]); hi = pointwiseMax(hi, p[i]) }
        return SIMD4(lowHalf: lo, highHalf: hi)
    }

    /// Appends the outline of an intersection of `members` polygons with its weight: reversed
    /// (−1) for an even count, forwards (+1) for an odd one.
    private func emit(_ p: UnsafePointer<SIMD2<Int32>>, count n: Int, members: Int) {
        let reversed = members & 1 == 0
        var a = p[n &- 1]
        for i in 0..<n {
            let b = p[i]
            if a.y != b.y { append(reversed ? SIMD4(lowHalf: b, highHalf: a) : SIMD4(lowHalf: a, highHalf: b)) }
            a = b
        }
    }

    @inline(__always) func append(_ e: SIMD4<Int32>) {
        if outputCount == outputCapacity {
            output = UnclippedEdgeBuilder.grown(output, count: outputCount, capacity: &outputCapacity, minimum: 256)
        }
        output[outputCount] = e
        outputCount &+= 1
    }

    private func appendToPool(_ p: UnsafePointer<SIMD2<Int32>>, count n: Int) {
        if poolCount &+ n > poolCapacity {
            pool = UnclippedEdgeBuilder.grown(pool, count: poolCount, capacity: &poolCapacity, minimum: poolCount &+ n)
        }
        // (A loop: these are a handful of points, less than a call to memmove costs.)
        for i in 0..<n { pool[poolCount &+ i] = p[i] }
        poolCount &+= n
    }

    private func appendPair(_ t: PairTerm) {
        if pairCount == pairCapacity {
            pairs = UnclippedEdgeBuilder.grown(pairs, count: pairCount, capacity: &pairCapacity, minimum: 16)
        }
        pairs[pairCount] = t
        pairCount &+= 1
    }

    @inline(never) private func growPolygons() {
        let count = polygonCapacity
        polygons = UnclippedEdgeBuilder.grown(polygons, count: count, capacity: &polygonCapacity, minimum: 16)
    }
}
