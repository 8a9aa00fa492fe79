extension Rasterizer {
    /// Draws a batch of shapes resolved by groups (`resolveClusteredOverlaps`: a block of
    /// seats as one path) part by part, each in the dense band of its own box, rather than
    /// the whole path in bands as wide as the batch: a part's cells stay in cache, and no edge
    /// is sorted, carried from band to band or swept past empty space.
    ///
    /// Same bytes: a unit — a resolver group's subpaths with their intersection outlines, or a
    /// subpath in no group — is closed outlines, so along a row its cells sum to zero past its
    /// box, and it reaches only the pixels of its box (columns ⌊min x⌋ … ⌊max x⌋, rows
    /// ⌊min y⌋ … ⌊max y − 1⌋). Parts are the units joined wherever those pixel boxes meet
    /// (`SubpathClusters` on boxes widened to them), so no pixel gets coverage from two parts:
    /// every pixel sums the same cells and is blended once, as in one pass over all the edges.
    /// Returns false, having drawn nothing, when the boxes are too crowded to group.
    func rasterizeUnits<S: CoverageSink>(_ e: EdgeSummary, rule: FillRule, clip: PixelRect, into sink: inout S) -> Bool {
        let u = units
        let n = u.shapeCount
        guard n > 0 else { return false }
        u.ensure(shapes: n, edges: e.count)
        let shapes = shapes, edges = edges
        // Units: resolver group g is unit g, the subpaths in no group follow.
        let groups = clusters.groupCount
        let unitOf = u.unitOf, lone = u.lone, boxes = u.boxes
        for s in 0..<n { unitOf[s] = -1 }
        for g in 0..<groups {
            for k in Int(clusters.groupStart[g])..<Int(clusters.groupStart[g &+ 1]) {
                unitOf[Int(clusters.members[k])] = Int32(truncatingIfNeeded: g)
            }
        }
        let empty = SIMD4<Int32>(Int32.max, Int32.max, Int32.min, Int32.min)
        for g in 0..<groups { boxes[g] = SubpathShape(start: 0, end: 0, convex: true, orientation: 1, box: empty) }
        var unitCount = groups
        var lo = SIMD2<Int32>(Int32.max, Int32.max), hi = SIMD2<Int32>(Int32.min, Int32.min)
        for s in 0..<n {
            let b = shapes[s].box
            // Open in 24.8 pixel units, so two overlap exactly when they share a pixel.
            let y0 = b.y >> 8
            let pixels = SIMD4<Int32>(b.x >> 8, y0, (b.z >> 8) &+ 1, Swift.max(((b.w &- 1) >> 8) &+ 1, y0 &+ 1)) &<< 8
            lo = pointwiseMin(lo, pixels.lowHalf); hi = pointwiseMax(hi, pixels.highHalf)
            let g = Int(unitOf[s])
            if g >= 0 {
                let o = boxes[g].box
                boxes[g].box = SIMD4(lowHalf: pointwiseMin(o.lowHalf, pixels.lowHalf),
                                     highHalf: pointwiseMax(o.highHalf, pixels.highHalf))
            } else {
                boxes[unitCount] = SubpathShape(start: 0, end: 0, convex: true, orientation: 1, box: pixels)
                lone[unitCount &- groups] = Int32(truncatingIfNeeded: s)
                unitCount &+= 1
            }
        }
        let parts = u.parts
        guard parts.find(shapes: boxes, count: unitCount, bounds: SIMD4(lo.x, lo.y, hi.x, hi.y)) else { return false }
        // Units in no part: parts of their own.
        let inPart = u.inPart
        for k in 0..<unitCount { inPart[k] = 0 }
        for k in 0..<Int(parts.groupStart[parts.groupCount]) { inPart[Int(parts.members[k])] = 1 }
        let gathered = u.gathered
        for k in 0..<unitCount where inPart[k] == 0 {
            if k >= groups {
                // A lone subpath: its edges where they are.
                let sh = shapes[Int(lone[k &- groups])]
                let count = Int(sh.end &- sh.start)
                if count == 0 { continue }
                let b = sh.box
                rasterize(edges + Int(sh.start), EdgeSummary(count: count, minX: b.x, minY: b.y, maxX: b.z, maxY: b.w,
                                                              droppedRight: false),
                          rule: rule, clip: clip, into: &sink)
                continue
            }
            if drawInPlace(group: k, rule: rule, clip: clip, into: &sink) { continue }
            var box = empty
            let count = gather(unit: k, groups: groups, into: gathered, at: 0, box: &box)
            if count == 0 { continue }
            rasterize(gathered, EdgeSummary(count: count, minX: box.x, minY: box.y, maxX: box.z, maxY: box.w,
                                            droppedRight: false),
                      rule: rule, clip: clip, into: &sink)
        }
        for p in 0..<parts.groupCount {
            var count = 0
            var box = empty
            for k in Int(parts.groupStart[p])..<Int(parts.groupStart[p &+ 1]) {
                count = gather(unit: Int(parts.members[k]), groups: groups, into: gathered, at: count, box: &box)
            }
            if count == 0 { continue }
            rasterize(gathered, EdgeSummary(count: count, minX: box.x, minY: box.y, maxX: box.z, maxY: box.w,
                                            droppedRight: false),
                      rule: rule, clip: clip, into: &sink)
        }
        return true
    }

    /// Draws resolver group `g` from where its edges lie — its subpaths' edges, when they
    /// follow each other (a seat's parts, built in order), then its outlines — when that is one
    /// dense band; false, having drawn nothing, otherwise (the caller gathers them). Same
    /// edges in the same order as `gather`'s, so the same bytes.
    @inline(__always)
    private func drawInPlace<S: CoverageSink>(group g: Int, rule: FillRule, clip: PixelRect, into sink: inout S) -> Bool {
        let first = Int(clusters.groupStart[g]), last = Int(clusters.groupStart[g &+ 1]) &- 1
        let head = Int(shapes[Int(clusters.members[first])].start)
        var end = head
        var box = SIMD4<Int32>(Int32.max, Int32.max, Int32.min, Int32.min)
        for j in first...last {
            let sh = shapes[Int(clusters.members[j])]
            guard Int(sh.start) == end else { return false }
            end = Int(sh.end)
            box = SIMD4(lowHalf: pointwiseMin(box.lowHalf, sh.box.lowHalf), highHalf: pointwiseMax(box.highHalf, sh.box.highHalf))
        }
        let outlines = units.outlines(ofGroup: g)
        let e = EdgeSummary(count: end &- head, minX: box.x, minY: box.y, maxX: box.z, maxY: box.w, droppedRight: false)
        guard e.isDense else { return false }
        if e.count &+ outlines.count == 0 { return true }
        rasterize(edges + head, e, rule: rule, clip: clip, into: &sink, tail: edges + outlines.lowerBound,
                  tailCount: outlines.count)
        return true
    }

    /// Copies unit `k`'s edges (a resolver group's subpaths and outlines, or a lone subpath)
    /// to `gathered + count`, widens `box` (24.8: min x, min y, max x, max y) by its
    /// subpaths', and returns the new count.
    @inline(__always)
    private func gather(unit k: Int, groups: Int, into gathered: UnsafeMutablePointer<SIMD4<Int32>>, at count: Int,
                        box: inout SIMD4<Int32>) -> Int {
        var count = count
        @inline(__always) func add(_ s: Int) {
            let sh = shapes[s]
            let m = Int(sh.end &- sh.start)
            (gathered + count).update(from: edges + Int(sh.start), count: m)
            count &+= m
            box = SIMD4(lowHalf: pointwiseMin(box.lowHalf, sh.box.lowHalf), highHalf: pointwiseMax(box.highHalf, sh.box.highHalf))
        }
        if k >= groups { add(Int(units.lone[k &- groups])); return count }
        for j in Int(clusters.groupStart[k])..<Int(clusters.groupStart[k &+ 1]) { add(Int(clusters.members[j])) }
        let outlines = units.outlines(ofGroup: k)
        (gathered + count).update(from: edges + outlines.lowerBound, count: outlines.count)
        return count &+ outlines.count
    }
}
