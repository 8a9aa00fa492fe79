extension Rasterizer {
    /// Draws a batch of shapes resolved by groups (`resolveClusteredOverlaps`: a block of
    /// seats as one path) part by part, each in the dense band of its own box, rather than
    /// the whole path in bands as wide as the batch: a part's cells stay in cache, and no edge
    /// is sorted, carried from band to band or swept past empty space.
    ///
    /// Same bytes: a part is a set of whole subpaths, with the intersection outlines of the
    /// groups among them — closed outlines, so along a row its cells sum to zero past its
    /// box, and it reaches only the pixels of its box (columns ⌊min x⌋ … ⌊max x⌋, rows
    /// ⌊min y⌋ … ⌊max y − 1⌋). Parts are the subpaths joined wherever those pixel boxes meet
    /// (`SubpathClusters` on boxes widened to them), so no pixel gets coverage from two parts:
    /// every pixel sums the same cells and is blended once, as in one pass over all the edges.
    /// Returns false, having drawn nothing, when the boxes are too crowded to group.
    func rasterizeUnits<S: CoverageSink>(_ e: EdgeSummary, rule: FillRule, clip: PixelRect, into sink: inout S) -> Bool {
        let u = units
        let n = u.shapeCount
        u.ensure(shapes: n, edges: e.count)
        let boxes = u.boxes, shapes = shapes, edges = edges
        var lo = SIMD2<Int32>(Int32.max, Int32.max), hi = SIMD2<Int32>(Int32.min, Int32.min)
        for s in 0..<n {
            let b = shapes[s].box
            // Open in 24.8 pixel units, so two overlap exactly when they share a pixel.
            let y0 = b.y >> 8
            let pixels = SIMD4<Int32>(b.x >> 8, y0, (b.z >> 8) &+ 1, Swift.max(((b.w &- 1) >> 8) &+ 1, y0 &+ 1)) &<< 8
            boxes[s] = SubpathShape(start: 0, end: 0, convex: true, orientation: 1, box: pixels)
            lo = pointwiseMin(lo, pixels.lowHalf); hi = pointwiseMax(hi, pixels.highHalf)
        }
        let parts = u.parts
        guard n > 0, parts.find(shapes: boxes, count: n, bounds: SIMD4(lo.x, lo.y, hi.x, hi.y)) else { return false }
        let partCount = parts.groupCount
        u.ensure(parts: partCount)
        let partOf = u.partOf
        for s in 0..<n { partOf[s] = -1 }
        for p in 0..<partCount {
            for k in Int(parts.groupStart[p])..<Int(parts.groupStart[p &+ 1]) { partOf[Int(parts.members[k])] = Int32(p) }
        }
        // Each resolver group's part (its members share pixels), listed by part.
        let groups = clusters.groupCount
        let first = u.groupFirst, list = u.groupList
        for p in 0...(partCount &+ 1) { first[p] = 0 }
        for g in 0..<groups {
            let p = partOf[Int(clusters.members[Int(clusters.groupStart[g])])]
            guard p >= 0 else { return false }
            first[Int(p) &+ 2] &+= 1
        }
        // (Offsets shifted by one: placing moves first[p + 1] to part p's end.)
        for p in 0..<partCount { first[p &+ 2] &+= first[p &+ 1] }
        for g in 0..<groups {
            let p = Int(partOf[Int(clusters.members[Int(clusters.groupStart[g])])])
            list[Int(first[p &+ 1])] = Int32(truncatingIfNeeded: g)
            first[p &+ 1] &+= 1
        }
        // Subpaths that are parts of their own: their edges where they are.
        for s in 0..<n where partOf[s] < 0 {
            let sh = shapes[s]
            let count = Int(sh.end &- sh.start)
            if count == 0 { continue }
            let b = sh.box
            rasterize(edges + Int(sh.start), EdgeSummary(count: count, minX: b.x, minY: b.y, maxX: b.z, maxY: b.w,
                                                          droppedRight: false),
                      rule: rule, clip: clip, into: &sink)
        }
        // The others gathered: their subpaths' edges and their groups' outlines.
        let gathered = u.gathered
        for p in 0..<partCount {
            var count = 0
            var bLo = SIMD2<Int32>(Int32.max, Int32.max), bHi = SIMD2<Int32>(Int32.min, Int32.min)
            for k in Int(parts.groupStart[p])..<Int(parts.groupStart[p &+ 1]) {
                let sh = shapes[Int(parts.members[k])]
                let m = Int(sh.end &- sh.start)
                (gathered + count).update(from: edges + Int(sh.start), count: m)
                count &+= m
                bLo = pointwiseMin(bLo, sh.box.lowHalf); bHi = pointwiseMax(bHi, sh.box.highHalf)
            }
            for k in Int(first[p])..<Int(first[p &+ 1]) {
                let g = Int(list[k])
                let start = u.outputStart &+ (g == 0 ? 0 : Int(u.groupOutputEnd[g &- 1]))
                let m = u.outputStart &+ Int(u.groupOutputEnd[g]) &- start
                (gathered + count).update(from: edges + start, count: m)
                count &+= m
            }
            if count == 0 { continue }
            rasterize(gathered, EdgeSummary(count: count, minX: bLo.x, minY: bLo.y, maxX: bHi.x, maxY: bHi.y,
                                            droppedRight: false),
                      rule: rule, clip: clip, into: &sink)
        }
        return true
    }
}
