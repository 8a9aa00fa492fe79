import Geometry

extension Rasterizer {
    /// Resolves the overlaps of solid convex subpaths (all wound the same way) whose boxes
    /// overlap by inclusion–exclusion (`InclusionExclusionResolver`), so the accumulation is
    /// exact: subpaths inside another are left empty (zero height) and the intersection
    /// outlines follow the edges. Returns `e` unchanged when no two boxes overlap, nil when the
    /// resolver declines (then sweep).
    func resolveConvexOverlaps(_ e: EdgeSummary, evenOdd: Bool) -> EdgeSummary? {
        switch convexResolver.resolve(edges: edges, shapes: shapes, shapeCount: e.shapeCount, vertices: vertices,
                                      evenOdd: evenOdd) {
        case .disjoint: return e
        case .declined: return nil
        case .resolved: return appendingResolverOutput(to: e)
        }
    }

    /// Resolves each group of overlapping subpaths (`SubpathClusters`, by boxes; the resolver
    /// then takes each group of subpaths whose interiors meet on its own) by inclusion–
    /// exclusion, for paths of more than `maxConvexShapes` convex subpaths wound the same way;
    /// subpaths in no group stay as they are. Nil when the boxes are too crowded for the
    /// grouping or a group for the resolver (then sweep: what a group left done — contained
    /// subpaths emptied, holes reversed — changes neither union nor parity, and its outlines
    /// are dropped).
    func resolveClusteredOverlaps(_ e: EdgeSummary, evenOdd: Bool) -> EdgeSummary? {
        guard clusters.find(shapes: shapes, count: e.shapeCount, bounds: SIMD4(e.minX, e.minY, e.maxX, e.maxY))
        else { return nil }
        for g in 0..<clusters.groupCount {
            let first = Int(clusters.groupStart[g]), size = Int(clusters.groupStart[g + 1]) - first
            // (Neighbours' boxes chain subpaths into groups larger than one shape's subpaths;
            // the resolver's work grows with the overlapping pairs, not the group.)
            if size > InclusionExclusionResolver.maxPolygons { return nil }
            // Each group's outlines follow the earlier groups' in the resolver's output.
            let outcome = convexResolver.resolve(edges: edges, shapes: shapes, shapeCount: size,
                                                 members: clusters.members + first, vertices: vertices,
                                                 evenOdd: evenOdd, keepingOutput: g > 0)
            if case .declined = outcome { return nil }
        }
        return appendingResolverOutput(to: e)
    }

    /// `e` with the resolver's output appended to its edges (no subpath records any more).
    func appendingResolverOutput(to e: EdgeSummary) -> EdgeSummary {
        let n = convexResolver.outputCount
        if e.count + n > edgeCapacity {
            edges = UnclippedEdgeBuilder.grown(edges, count: e.count, capacity: &edgeCapacity, minimum: e.count + n)
        }
        (edges + e.count).update(from: convexResolver.output, count: n)
        var r = e
        r.count = e.count + n
        r.shapeCount = 0; r.resolveAll = false
        return r
    }

    /// `e` with its edges replaced by `count` resolved ones (no subpath records any more).
    func replacingEdges(_ e: EdgeSummary, with resolved: UnsafePointer<SIMD4<Int32>>, count n: Int) -> EdgeSummary {
        if n > edgeCapacity {
            edges.deallocate()
            edgeCapacity = Swift.max(n, edgeCapacity * 2)
            edges = .allocate(capacity: edgeCapacity)
        }
        edges.update(from: resolved, count: n)
        var r = e
        r.count = n
        r.shapeCount = 0; r.resolveAll = false
        return r
    }

    /// How many of the first `n` subpath records are solid (nonzero orientation), and their
    /// orientations (bit 0: some wound positively, bit 1: some negatively); nil when one of
    /// them is not convex.
    func convexSubpaths(count n: Int) -> (solid: Int, orientations: UInt8)? {
        var solid = 0
        var orientations: UInt8 = 0
        for s in 0..<n {
            let sh = shapes[s]
            if !sh.convex { return nil }
            if sh.orientation != 0 { solid &+= 1; orientations |= sh.orientation > 0 ? 1 : 2 }
        }
        return (solid, orientations)
    }

    /// Rewrites the edges where windings overlap or cross inside a pixel, so the accumulation
    /// is exact there too. Paths made of convex subpaths whose boxes are disjoint (most shapes)
    /// pass untouched at the cost of the classification; convex subpaths wound the same way
    /// get their intersections' outlines added (`InclusionExclusionResolver`, by groups for
    /// many); otherwise, or where that declines, the sweep (`WindingResolver`) rewrites the
    /// subpaths whose pixel boxes meet, in the pixel rows they share — or everything, for a
    /// non-convex subpath, many subpaths or a clipped build.
    func resolveOverlaps(_ e: EdgeSummary, rule: FillRule) -> EdgeSummary {
        guard e.count > 0, e.resolveAll || e.shapeCount > 1 || (e.shapeCount == 1 && !shapes[0].convex) else { return e }
        var resolveAll = e.resolveAll
        var bandTop = Int32.min, bandBottom = Int32.max
        var selected: UnsafeMutablePointer<UInt8>? = nil
        if !resolveAll {
            if let (solid, orientations) = convexSubpaths(count: e.shapeCount) {
                if solid <= 1 { return e }
                if orientations != 3 {
                    // Convex subpaths wound the same way: inclusion–exclusion
                    // (`InclusionExclusionResolver`), all at once for a few, else each group of
                    // overlapping ones on its own (a block of seats as one path).
                    let r = solid <= Rasterizer.maxConvexShapes ? resolveConvexOverlaps(e, evenOdd: rule == .evenOdd)
                        : resolveClusteredOverlaps(e, evenOdd: rule == .evenOdd)
                    if let r { return r }
                }
                if solid > Rasterizer.maxPairwiseShapes { resolveAll = true }
            } else {
                resolveAll = true
            }
        }
        if !resolveAll {
            // Pixel boxes (first and last column and row touched) of the solid subpaths.
            let boxes = shapeBoxes
            var nb = 0
            for s in 0..<e.shapeCount where shapes[s].orientation != 0 {
                var lo = SIMD2<Int32>(Int32.max, Int32.max), hi = SIMD2<Int32>(Int32.min, Int32.min)
                for i in Int(shapes[s].start)..<Int(shapes[s].end) {
                    let q = edges[i]
                    lo = pointwiseMin(lo, pointwiseMin(q.lowHalf, q.highHalf))
                    hi = pointwiseMax(hi, pointwiseMax(q.lowHalf, q.highHalf))
                }
                if lo.x > hi.x { continue }
                boxes[nb] = SIMD4(lo.x >> 8, lo.y >> 8, Swift.max(lo.x, hi.x &- 1) >> 8, Swift.max(lo.y, hi.y &- 1) >> 8)
                shapeOfBox[nb] = Int32(s)
                hitBox[nb] = 0
                nb &+= 1
            }
            var top = Int32.max, bottom = Int32.min
            var a = 0
            while a < nb {
                var b = a &+ 1
                while b < nb {
                    let p = boxes[a], q = boxes[b]
                    if p.x <= q.z && q.x <= p.z && p.y <= q.w && q.y <= p.w {
                        hitBox[a] = 1; hitBox[b] = 1
                        top = Swift.min(top, Swift.max(p.y, q.y))
                        bottom = Swift.max(bottom, Swift.min(p.w, q.w))
                    }
                    b &+= 1
                }
                a &+= 1
            }
            if top > bottom { return e }
            bandTop = top << 8; bandBottom = (bottom &+ 1) << 8
            if e.count > selectionCapacity {
                selection.deallocate()
                selectionCapacity = Swift.max(e.count, 256)
                selection = .allocate(capacity: selectionCapacity)
            }
            selection.update(repeating: 0, count: e.count)
            for a in 0..<nb where hitBox[a] != 0 {
                let sh = shapes[Int(shapeOfBox[a])]
                for i in Int(sh.start)..<Int(sh.end) { selection[i] = 1 }
            }
            selected = selection
        }
        guard resolver.resolve(edges: edges, count: e.count, selected: selected, bandTop: bandTop,
                               bandBottom: bandBottom, evenOdd: rule == .evenOdd) else { return e }
        return replacingEdges(e, with: resolver.output, count: resolver.outputCount)
    }
}
