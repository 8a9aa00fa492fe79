import Geometry

extension InclusionExclusionResolver {
    /// How the sides of a polygon meet a convex subject (`cuttingSide`).
    enum SideCut {
        /// The subject lies outside one side: no overlap.
        case apart
        /// The subject lies inside the polygon (on its outline at most).
        case inside
        /// Exactly one side cuts the subject, and the subject lies inside all others that meet
        /// its box: the overlap is the subject's part inside that side (its end vertex).
        case one(Int)
        /// More than one side cuts the subject.
        case several
    }

    /// Under nonzero, the overlaps of a star — one polygon (the centre: a seat's rod) overlapping
    /// others that do not overlap one another — when each of them cuts into the centre along a
    /// single side: the centre's edges are rewritten in place (the rest in `output`) as the
    /// outline of its part outside them all, and the others' edges stay. Fewer edges than
    /// adding the intersections' outlines, and the same exactness: within the centre's box a
    /// polygon whose outline meets it along one side is that side's half-plane (`clip`'s
    /// rule), so the centre less it is the centre clipped by the side reversed, whose new
    /// vertices are crossing points rounded as the intersections' are. Returns nil, having
    /// changed nothing, when the overlaps are not such a star.
    func subtractFromCentre(edges: UnsafeMutablePointer<SIMD4<Int32>>, shapes: UnsafePointer<SubpathShape>,
                            count np: Int) -> Outcome? {
        // The centre: the polygon whose box meets the most others'.
        var c = 0, most = -1
        for i in 0..<np {
            let k = polygons[i].near.nonzeroBitCount
            if k > most { most = k; c = i }
        }
        let centre = polygons[c]
        var src = UnsafePointer(vertices + centre.start)
        var n = centre.count
        var dst = clipA
        var near = centre.near
        while near != 0 && n > 0 {
            let k = near.trailingZeroBitCount
            near &= near &- 1
            switch cuttingSide(of: k, subject: src, count: n, box: centre.box) {
            case .apart: continue
            case .several: return nil
            case .inside: n = 0
            case .one(let e):
                polygons[k].cutSide = e
                // The centre's part on the outer side of e.
                let pk = polygons[k]
                let v = vertices + pk.start
                let outer = SideLine(from: v[e == 0 ? pk.count &- 1 : e &- 1], to: v[e], orientation: 0 &- orientation)
                if 2 &* n > clipCapacity { growClipBuffers(keeping: &src, count: n, other: &dst) }
                _ = outer.values(of: src, count: n, into: sides)
                let out = InclusionExclusionResolver.keepNonNegative(src, sides, count: n, into: dst)
                if out < 3 { n = 0; break }
                src = UnsafePointer(dst)
                dst = dst == clipA ? clipB : clipA
                n = out
            }
        }
        // Every other pair of boxes holds polygons apart: most often one's side that cuts the
        // centre has the other on its outer side (a seat's back and squab face each other
        // across the rod), else their intersection is empty. (Only the clip buffers and the
        // cut sides are written so far.)
        for i in 0..<np where i != c {
            var others = polygons[i].near & ~((2 << UInt64(i)) &- 1) & ~(1 << UInt64(c))
            while others != 0 {
                let j = others.trailingZeroBitCount
                others &= others &- 1
                if separatedByCutSide(of: i, from: j) || separatedByCutSide(of: j, from: i) { continue }
                let (a, b) = polygons[j].count < polygons[i].count ? (j, i) : (i, j)
                let pa = polygons[a]
                if clip(UnsafePointer(vertices + pa.start), count: pa.count, box: pa.box, by: b) != nil { return nil }
            }
        }
        // The centre's edges become its remaining outline's, in place while they fit (the rest
        // follow in `output`), emptied where it is shorter.
        let sh = shapes[centre.shape]
        var slot = Int(sh.start)
        if n >= 3 {
            var a = src[n &- 1]
            for i in 0..<n {
                let b = src[i]
                if a.y != b.y {
                    if slot < Int(sh.end) { edges[slot] = SIMD4(lowHalf: a, highHalf: b); slot &+= 1 }
                    else { append(SIMD4(lowHalf: a, highHalf: b)) }
                }
                a = b
            }
        }
        while slot < Int(sh.end) { edges[slot] = .zero; slot &+= 1 }
        return .resolved
    }

    /// True when polygon i cuts the centre along a side that has polygon j on its outer side
    /// (or on its line): the convex polygons' insides are then apart.
    private func separatedByCutSide(of i: Int, from j: Int) -> Bool {
        let pi = polygons[i]
        let e = pi.cutSide
        guard e >= 0 else { return false }
        let v = vertices + pi.start
        let line = SideLine(from: v[e == 0 ? pi.count &- 1 : e &- 1], to: v[e], orientation: orientation)
        let pj = polygons[j]
        return line.most(of: vertices + pj.start, count: pj.count) <= 0
    }

    /// Which sides of polygon k cut the convex subject (n vertices, bounded by `box`).
    private func cuttingSide(of k: Int, subject: UnsafePointer<SIMD2<Int32>>, count n: Int, box: SIMD4<Int32>)
        -> SideCut {
        let pk = polygons[k]
        let v = vertices + pk.start
        var found = -1
        var met = false
        let m = pk.count, bounds = Bounds(box)
        var meeting = SidesMeetingBox(box, polygon: v, count: m)
        while let e = meeting.next() {
            let line = SideLine(from: v[e == 0 ? m &- 1 : e &- 1], to: v[e], orientation: orientation)
            let (least, most) = line.range(over: bounds)
            if least > 0 { continue }
            if most <= 0 { return .apart }
            met = true
            if n > clipCapacity { return .several }   // (a subject larger than the buffers: not a seat)
            let (least1, most1) = line.values(of: subject, count: n, into: sides)
            if least1 >= 0 { continue }
            if most1 <= 0 { return .apart }
            if found >= 0 { return .several }
            found = e
        }
        if found >= 0 { return .one(found) }
        // Inside every side that meets the box, or (none meets it) wholly inside or outside.
        return met || isInside(subject[0], polygon: k) ? .inside : .apart
    }
}
