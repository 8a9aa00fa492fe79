extension InclusionExclusionResolver {
    /// When the `np` polygons just listed (their `near` bits set) hold more than one group of
    /// overlapping boxes (joined through overlaps), resolves each group by a call of its own,
    /// its members in the order listed, and returns the outcome of all (declined if one
    /// declines, resolved if one resolves); nil, having done nothing, when they hold one.
    ///
    /// One call over two groups may differ from a call each: the star test
    /// (`subtractFromCentres`) takes all pairs or none, and the clips count against `maxClips`
    /// together. `Rasterizer.resolveClusteredOverlaps` resolves a path group by group, so a
    /// batch drawn in parts that hold several groups resolves them so too, for the same bytes.
    /// Polygons overlapping none are in no group.
    func resolvingGroupsApart(edges: UnsafeMutablePointer<SIMD4<Int32>>, shapes: UnsafePointer<SubpathShape>,
                              count np: Int, vertices: UnsafePointer<SIMD2<Int32>>, evenOdd: Bool) -> Outcome? {
        var rest: UInt64 = 0
        for i in 0..<np where polygons[i].near != 0 { rest |= 1 &<< UInt64(i) }
        var groups = 0, listed = 0
        while rest != 0 {
            let group = groupOf(rest.trailingZeroBitCount)
            if groups == 0 && rest & ~group == 0 { return nil }
            rest &= ~group
            var bits = group
            while bits != 0 {
                groupMembers[listed] = Int32(truncatingIfNeeded: polygons[bits.trailingZeroBitCount].shape)
                listed &+= 1
                bits &= bits &- 1
            }
            groupEnds[groups] = listed
            groups &+= 1
        }
        var outcome = Outcome.disjoint
        var start = 0
        for g in 0..<groups {
            // (Every group is listed before the first call, which reuses `polygons`.)
            switch resolve(edges: edges, shapes: shapes, shapeCount: groupEnds[g] &- start, members: groupMembers + start,
                           vertices: vertices, evenOdd: evenOdd, keepingOutput: true) {
            case .declined: return .declined
            case .resolved: outcome = .resolved
            case .disjoint: break
            }
            start = groupEnds[g]
        }
        return outcome
    }

    /// Polygon i and those its box overlaps, directly or through others (one bit a polygon).
    private func groupOf(_ i: Int) -> UInt64 {
        var group: UInt64 = 0, grown = polygons[i].near | 1 &<< UInt64(i)
        while grown != group {
            group = grown
            var bits = group
            while bits != 0 { grown |= polygons[bits.trailingZeroBitCount].near; bits &= bits &- 1 }
        }
        return group
    }
}
