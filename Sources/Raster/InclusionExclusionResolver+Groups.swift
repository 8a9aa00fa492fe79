extension InclusionExclusionResolver {
    /// Whether a side of polygon i has polygon j wholly on its outer side or its line: with
    /// `sideSeparates(j, from: i)`, whether their interiors are apart (convex polygons whose
    /// interiors do not meet have such a side). Exact; for the pairs the star test's quicker
    /// tests leave undecided.
    func sideSeparates(_ i: Int, from j: Int) -> Bool {
        let pi = polygons[i], pj = polygons[j]
        let v = vertices + pi.start, w = UnsafePointer(vertices + pj.start)
        let bounds = Bounds(pj.box)
        var previous = v[pi.count &- 1]
        for e in 0..<pi.count {
            let line = SideLine(from: previous, to: v[e], orientation: orientation)
            previous = v[e]
            let (least, most) = line.range(over: bounds)
            // (A side with j's box inside its half-plane cannot separate; nor can one of no length.)
            if least > 0 || (line.nx == 0 && line.ny == 0) { continue }
            if most <= 0 || line.range(of: w, count: pj.count).most <= 0 { return true }
        }
        return false
    }

    /// Polygon i and those it is near, directly or through others (one bit a polygon).
    func groupOf(_ i: Int) -> UInt64 {
        var group: UInt64 = 0, grown = polygons[i].near | 1 &<< UInt64(i)
        while grown != group {
            group = grown
            var bits = group
            while bits != 0 { grown |= polygons[bits.trailingZeroBitCount].near; bits &= bits &- 1 }
        }
        return group
    }
}
