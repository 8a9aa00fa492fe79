import Geometry

extension Rasterizer {
    /// The largest side of a run's box (24.8: 32 px), so that runs stay as compact as the
    /// shapes they join (a seat) for `SubpathClusters`' grid, and a row of shapes touching
    /// pixels is not one run as long as the row.
    static let maxRunSide: Int32 = 32 << 8

    /// Draws a batch of convex subpaths wound the same way — a block of seats as one path, too
    /// many subpaths for one resolve and too large for one dense band — part by part, each part
    /// resolved on its own and drawn in the dense band of its own box: its cells and its
    /// resolver's outlines stay in cache, and no edge is sorted, carried from band to band or
    /// swept past empty space.
    ///
    /// Parts are the subpaths joined wherever a pixel may take coverage from two of them. Runs
    /// of consecutive subpaths whose pixel boxes (`SubpathShape.pixelBox`) meet (a seat's back,
    /// squab and rod) are joined first, as they come, up to `maxRunSide`; then runs whose boxes
    /// (each its members' pixel bounds) meet, by `SubpathClusters`, unless their subpaths are
    /// more than a pixel apart (`PixelSeparation`: seats in rows turned off the axes have boxes
    /// meeting across the aisles). A part may so hold subpaths that share no pixel, never miss
    /// one that does; so it holds whole groups of subpaths whose interiors meet, which the
    /// resolver takes each on its own (`InclusionExclusionResolver.resolve`; a part of more
    /// than `maxPolygons` solid subpaths split first by `SubpathClusters`), as in the one pass
    /// (`resolveClusteredOverlaps`). Same bytes as one pass over all the edges: a part is
    /// closed convex outlines, so along a row its cells sum to zero past the pixels it meets,
    /// no pixel gets coverage from two parts, and every pixel sums the same cells and is
    /// blended once.
    ///
    /// Each unit is resolved and drawn at once, in listed order (by first subpath), while its
    /// edges, vertices and outlines are in cache. Returns `.declined(unitsDrawn: 0)`, having
    /// drawn nothing, when the path is not such a batch, the boxes are too crowded to group or
    /// the first unit's resolve declines (then `resolveOverlaps` and one pass: what the resolve
    /// left done — contained subpaths emptied, holes reversed — changes neither union nor
    /// parity). When a later unit's resolve declines, the units before it are drawn, and the
    /// caller fills the subpaths of the others (`RasterParts.subpathsDrawn(byUnits:of:)`) as a
    /// path of their own: units share no pixel, so none is drawn twice or missed.
    func fillByParts<S: CoverageSink>(_ e: EdgeSummary, rule: FillRule, clip: PixelRect,
                                      into sink: inout S) -> RasterParts.Outcome {
        let n = e.shapeCount, shapes = shapes
        guard let (solid, orientations) = convexSubpaths(count: n), solid > Rasterizer.maxConvexShapes, orientations != 3
        else { return .declined(unitsDrawn: 0) }
        let scratch = parts
        scratch.ensure(shapes: n)
        let runs = scratch.runs, subpathPixels = scratch.subpathPixels, longestSides = scratch.longestSides
        var runCount = 0
        var lo = SIMD2<Int32>(Int32.max, Int32.max), hi = SIMD2<Int32>(Int32.min, Int32.min)
        for s in 0..<n {
            let pixels = shapes[s].pixelBox
            lo = pointwiseMin(lo, pixels.lowHalf); hi = pointwiseMax(hi, pixels.highHalf)
            subpathPixels[s] = pixels; longestSides[s] = SIMD2()
            if runCount > 0 {
                let r = runs[runCount &- 1].box
                let joined = SIMD4(lowHalf: pointwiseMin(r.lowHalf, pixels.lowHalf), highHalf: pointwiseMax(r.highHalf, pixels.highHalf))
                if r.openBoxOverlaps(pixels)
                    && joined.z &- joined.x <= Rasterizer.maxRunSide && joined.w &- joined.y <= Rasterizer.maxRunSide {
                    runs[runCount &- 1].end &+= 1
                    runs[runCount &- 1].box = joined
                    continue
                }
            }
            // (A run's subpaths are `start ..< end`.)
            runs[runCount] = SubpathShape(start: Int32(truncatingIfNeeded: s), end: Int32(truncatingIfNeeded: s &+ 1),
                                          convex: true, orientation: 1, box: pixels)
            runCount &+= 1
        }
        let separation = PixelSeparation(runs: runs, shapes: shapes, vertices: vertices, pixels: subpathPixels,
                                         longestSides: longestSides)
        guard scratch.parts.find(shapes: runs, count: runCount, bounds: SIMD4(lo.x, lo.y, hi.x, hi.y),
                                 joining: separation)
        else { return .declined(unitsDrawn: 0) }
        scratch.listUnits(runCount: runCount)
        let evenOdd = rule == .evenOdd
        for u in 0..<scratch.unitCount {
            guard let outlines = resolveUnit(u, evenOdd: evenOdd) else { return .declined(unitsDrawn: u) }
            drawUnit(u, outlines: outlines, rule: rule, clip: clip, into: &sink)
        }
        return .drawn
    }

    /// The index of unit u's first edge (its first run's first subpath's).
    @inline(__always)
    private func firstEdge(ofUnit u: Int) -> Int {
        let scratch = parts
        return Int(shapes[Int(scratch.runs[Int(scratch.unitRuns[scratch.runsOf(unit: u).lowerBound])].start)].start)
    }

    /// Resolves unit u's overlaps into the resolver's output, from its start: the outlines'
    /// count, or nil when a resolve declines or a large unit's groups cannot be found.
    private func resolveUnit(_ u: Int, evenOdd: Bool) -> Int? {
        let scratch = parts, shapes = shapes, runs = scratch.runs, solid = scratch.solid
        var m = 0
        for k in scratch.runsOf(unit: u) {
            let run = runs[Int(scratch.unitRuns[k])]
            for s in Int(run.start)..<Int(run.end) where shapes[s].orientation != 0 {
                solid[m] = Int32(truncatingIfNeeded: s); m &+= 1
            }
        }
        guard m >= 2 else { return 0 }
        if m <= InclusionExclusionResolver.maxPolygons {
            return resolve(members: solid, count: m, evenOdd: evenOdd, keepingOutput: false)
                ? convexResolver.outputCount : nil
        }
        var resolved = false
        guard resolveLargeUnit(solidCount: m, evenOdd: evenOdd, keepingOutput: &resolved) else { return nil }
        return resolved ? convexResolver.outputCount : 0
    }

    /// Resolves a unit of `m` solid subpaths (`parts.solid`), more than one resolve takes,
    /// group of overlapping subpaths by group (`SubpathClusters` on their own boxes).
    private func resolveLargeUnit(solidCount m: Int, evenOdd: Bool, keepingOutput resolved: inout Bool) -> Bool {
        let scratch = parts, solid = scratch.solid, local = scratch.solidShapes
        var lo = SIMD2<Int32>(Int32.max, Int32.max), hi = SIMD2<Int32>(Int32.min, Int32.min)
        for i in 0..<m {
            local[i] = shapes[Int(solid[i])]
            lo = pointwiseMin(lo, local[i].box.lowHalf); hi = pointwiseMax(hi, local[i].box.highHalf)
        }
        let groups = scratch.groups
        guard groups.find(shapes: local, count: m, bounds: SIMD4(lo.x, lo.y, hi.x, hi.y)) else { return false }
        let members = scratch.groupMembers
        for g in 0..<groups.groupCount {
            let first = Int(groups.groupStart[g]), size = Int(groups.groupStart[g &+ 1]) &- first
            if size > InclusionExclusionResolver.maxPolygons { return false }
            for k in 0..<size { members[k] = solid[Int(groups.members[first &+ k])] }
            guard resolve(members: members, count: size, evenOdd: evenOdd, keepingOutput: resolved) else { return false }
            resolved = true
        }
        return true
    }

    /// Resolves the subpaths `members[0 ..< count]`; false when the resolver declines.
    @inline(__always)
    private func resolve(members: UnsafePointer<Int32>, count: Int, evenOdd: Bool, keepingOutput: Bool) -> Bool {
        let outcome = convexResolver.resolve(edges: edges, shapes: shapes, shapeCount: count, members: members,
                                             vertices: vertices, evenOdd: evenOdd, keepingOutput: keepingOutput)
        if case .declined = outcome { return false }
        return true
    }

    /// Draws unit u: its subpaths' edges and the first `outlineCount` outlines in the
    /// resolver's output, from where they lie when the subpaths' edges follow each other (a
    /// seat's subpaths, built in order) and, with outlines, the unit is one dense band;
    /// gathered otherwise.
    private func drawUnit<S: CoverageSink>(_ u: Int, outlines outlineCount: Int, rule: FillRule, clip: PixelRect,
                                           into sink: inout S) {
        let scratch = parts, shapes = shapes, runs = scratch.runs
        let unitRuns = scratch.runsOf(unit: u)
        let head = firstEdge(ofUnit: u)
        var next = head, count = 0
        var contiguous = true
        var box = SIMD4<Int32>(Int32.max, Int32.max, Int32.min, Int32.min)
        for k in unitRuns {
            let run = runs[Int(scratch.unitRuns[k])]
            for s in Int(run.start)..<Int(run.end) {
                let sh = shapes[s]
                if Int(sh.start) != next { contiguous = false }
                next = Int(sh.end)
                count &+= Int(sh.end &- sh.start)
                box = SIMD4(lowHalf: pointwiseMin(box.lowHalf, sh.box.lowHalf), highHalf: pointwiseMax(box.highHalf, sh.box.highHalf))
            }
        }
        if count &+ outlineCount == 0 { return }
        let output = UnsafePointer(convexResolver.output)
        var e = EdgeSummary(count: count, minX: box.x, minY: box.y, maxX: box.z, maxY: box.w, droppedRight: false)
        if contiguous && (outlineCount == 0 || e.isDense) {
            rasterize(edges + head, e, rule: rule, clip: clip, into: &sink, tail: output,
                      tailCount: outlineCount)
            return
        }
        scratch.ensure(gathered: count &+ outlineCount)
        let gathered = scratch.gathered
        var at = 0
        for k in unitRuns {
            let run = runs[Int(scratch.unitRuns[k])]
            for s in Int(run.start)..<Int(run.end) {
                let sh = shapes[s]
                let m = Int(sh.end &- sh.start)
                (gathered + at).update(from: edges + Int(sh.start), count: m)
                at &+= m
            }
        }
        (gathered + at).update(from: output, count: outlineCount)
        e.count = at &+ outlineCount
        rasterize(gathered, e, rule: rule, clip: clip, into: &sink)
    }
}
