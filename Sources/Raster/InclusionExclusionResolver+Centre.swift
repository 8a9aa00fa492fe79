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

    /// Under nonzero, finds which pairs of polygons whose boxes overlap have interiors that meet
    /// (exactly: the `near` bits of the others are cleared), and resolves the groups they make
    /// (polygons joined through such pairs) that are stars — polygons (centres: a seat's rod)
    /// each overlapping others (leaves: its back and squab) that overlap no other polygon —
    /// when each leaf cuts into its centre along a single side: each centre's edges are
    /// rewritten in place (the rest in `output`) as the outline of its part outside its
    /// leaves, and the leaves' edges stay. Fewer edges than adding the intersections' outlines,
    /// and the same exactness: within the centre's box a polygon whose outline meets it along
    /// one side is that side's half-plane (`clip`'s rule), so the centre less it is the centre
    /// clipped by the side reversed, whose new vertices are crossing points rounded as the
    /// intersections' are. Returns the polygons of the other groups (one bit each: a polygon
    /// that would be a centre and a leaf, a leaf of two centres, two sides cutting,
    /// containment), whose edges are unchanged, for the pairs.
    ///
    /// A group's outcome depends on its own polygons and their order only: every pair is found
    /// apart or meeting exactly, whichever test shows it, and roles are given by meeting pairs.
    func subtractFromCentres(edges: UnsafeMutablePointer<SIMD4<Int32>>, shapes: UnsafePointer<SubpathShape>,
                             count np: Int) -> UInt64 {
        // Each pair of polygons whose boxes meet is apart or a centre and its leaf. Only the
        // roles, cut sides and `near` bits are written here.
        var centres: UInt64 = 0, leaves: UInt64 = 0, failed: UInt64 = 0
        for i in 0..<np {
            var near = polygons[i].near & ~((2 << UInt64(i)) &- 1)
            while near != 0 {
                let j = near.trailingZeroBitCount
                near &= near &- 1
                // Most often one's cut side has the other on its outer side (a seat's back and
                // squab face each other across the rod).
                if separatedByCutSide(of: i, from: j) || separatedByCutSide(of: j, from: i) {
                    setApart(i, j)
                    continue
                }
                var (centre, leaf) = (i, j)
                var cut = cuttingSide(of: j, subject: i)
                if case .several = cut { (centre, leaf) = (j, i); cut = cuttingSide(of: i, subject: j) }
                if case .several = cut, sideSeparates(i, from: j) || sideSeparates(j, from: i) { cut = .apart }
                let c = UInt64(1) << UInt64(centre), l = UInt64(1) << UInt64(leaf)
                switch cut {
                case .apart: setApart(i, j)
                case .inside, .several: failed |= c | l
                case .one(let e):
                    if (leaves | centres) & l != 0 || leaves & c != 0 { failed |= c | l; continue }
                    centres |= c; leaves |= l
                    polygons[leaf].cutSide = e
                    polygons[centre].leaves |= l
                }
            }
        }
        var byPairs: UInt64 = 0
        while failed & ~byPairs != 0 { byPairs |= groupOf((failed & ~byPairs).trailingZeroBitCount) }
        var rest = centres & ~byPairs
        while rest != 0 {
            let c = rest.trailingZeroBitCount
            rest &= rest &- 1
            subtractLeaves(polygons[c].leaves, fromCentre: c, edges: edges, shapes: shapes)
        }
        return byPairs
    }

    @inline(__always) private func setApart(_ i: Int, _ j: Int) {
        polygons[i].near &= ~(1 << UInt64(j)); polygons[j].near &= ~(1 << UInt64(i))
    }

    /// Rewrites centre c's edges as the outline of its part on the outer side of each leaf's
    /// cut side (in place while they fit, the rest in `output`, emptied where it is shorter).
    private func subtractLeaves(_ leaves: UInt64, fromCentre c: Int, edges: UnsafeMutablePointer<SIMD4<Int32>>,
                                shapes: UnsafePointer<SubpathShape>) {
        let centre = polygons[c]
        var src = UnsafePointer(vertices + centre.start)
        var n = centre.count
        var dst = clipA
        var rest = leaves
        while rest != 0 && n > 0 {
            let k = rest.trailingZeroBitCount
            rest &= rest &- 1
            let pk = polygons[k], e = pk.cutSide
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
    }

    /// True when polygon i (a leaf) cuts its centre along a side that has polygon j on its
    /// outer side (or on its line): the convex polygons' insides are then apart.
    private func separatedByCutSide(of i: Int, from j: Int) -> Bool {
        let pi = polygons[i]
        let e = pi.cutSide
        guard e >= 0 else { return false }
        let v = vertices + pi.start
        let line = SideLine(from: v[e == 0 ? pi.count &- 1 : e &- 1], to: v[e], orientation: orientation)
        let pj = polygons[j]
        return line.range(of: vertices + pj.start, count: pj.count).most <= 0
    }

    /// Which sides of polygon k cut the convex polygon `subject`.
    private func cuttingSide(of k: Int, subject s: Int) -> SideCut {
        let ps = polygons[s]
        let subject = UnsafePointer(vertices + ps.start), n = ps.count, box = ps.box
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
            let (least1, most1) = line.range(of: subject, count: n)
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
