import Geometry

extension UnclippedEdgeBuilder {
    /// A run of lines (a polygon's sides) in one loop with its state in registers (`SideRun`):
    /// the same vertices, edges, bounds and turns as `lineTo` for each point in turn.
    /// `ConvexityProbe`'s special cases (a subpath's first step and first step in y) are mended
    /// after the loop, or taken point by point through `lineTo` when earlier steps were all
    /// horizontal.
    mutating func lineTo(contentsOf points: UnsafeBufferPointer<Point>, transform t: AffineTransform) {
        let n = points.count
        // A fresh subpath starts from a zero step (its first turn is then zero) and from no
        // direction in y; both are mended after the loop. Only a run after horizontal steps
        // alone goes point by point until its first step in y.
        let fresh = !turns.started
        var k = 0
        while !fresh && k < n && turns.lastDown == 0 {
            lineTo(points[k].applying(t)); k &+= 1
        }
        guard k < n else { return }
        reserve(edges: n &- k, vertices: n &- k)
        var run = SideRun(low: subpathLow, high: subpathHigh,
                          last: UInt64(UInt32(bitPattern: lastX)) | UInt64(UInt32(bitPattern: lastY)) << 32,
                          pdx: fresh ? 0 : turns.prevDx, pdy: fresh ? 0 : turns.prevDy,
                          lastDy: Int32(turns.lastDown), flips: turns.flips,
                          edge: edges + count, vertex: UnsafeMutableRawPointer(vertices + vertexCount))
        for p in UnsafeBufferPointer(rebasing: points[k...]) {
            let next = run.include(p.applying(t))
            if next != run.last { run.side(to: next, keepVertex: 1) }
        }
        finishRun(run)
        lastX = Int32(truncatingIfNeeded: run.last); lastY = Int32(truncatingIfNeeded: run.last >> 32)
        turns.prevDx = run.pdx; turns.prevDy = run.pdy
        turns.turns |= run.turnBits
        if fresh && vertexCount &- Int(shapeFirstVertex) > 1 {
            let first = vertices[Int(shapeFirstVertex) &+ 1] &- vertices[Int(shapeFirstVertex)]
            turns.firstDx = Int64(first.x); turns.firstDy = Int64(first.y); turns.started = true
            if run.lastDy != 0 {
                // The first step in y is the subpath's first edge.
                let e = edges[Int(shapeStart)]
                turns.firstDown = e.w > e.y ? 1 : -1
                run.uncountStartReversal(firstDy: e.w &- e.y)
            }
        }
        turns.flips = run.flips
        turns.lastDown = run.lastDy > 0 ? 1 : (run.lastDy < 0 ? -1 : 0)
    }

    /// A closed polygon: the same edges, vertices, subpath record and bounds as `moveTo` of the
    /// first point, `lineTo` of each other, and `closeCurrent`.
    ///
    /// Two loops, each with few enough values to stay in registers: the first rounds the points
    /// to vertices (a repeat of the vertex before it is overwritten by the next), the second
    /// takes the sides between them, the closing side included, and their turns. The turn back
    /// to the first side and the reversal between the last and the first step in y close the
    /// convexity test.
    mutating func polygon(_ points: UnsafeBufferPointer<Point>, transform t: AffineTransform) {
        closeCurrent()
        let n = points.count
        guard n > 0 else { return }
        // (Room for the closing side's end past the kept vertices.)
        reserve(edges: n, vertices: n &+ 1)
        shapeStart = Int32(truncatingIfNeeded: count)
        shapeFirstVertex = Int32(truncatingIfNeeded: vertexCount)
        // Vertices as words (x in the low half), at byte offsets from `w`.
        let w = UnsafeMutableRawPointer(vertices + vertexCount)
        // (The bounds start from the builder's, which are empty (±∞) between subpaths: as
        // values loaded, not constants, the first point's include is one min and one max, where
        // against constant ∞ the compiler tests each lane for ∞ and NaN.)
        var run = SideRun(low: subpathLow, high: subpathHigh, last: 0,
                          pdx: 0, pdy: 0, lastDy: 0, flips: 0, edge: edges + count, vertex: w)
        let start = run.include(points[0].applying(t))
        w.storeBytes(of: start, as: UInt64.self)
        var end = 8, last = start
        for p in UnsafeBufferPointer(rebasing: points[1...]) {
            let next = run.include(p.applying(t))
            w.storeBytes(of: next, toByteOffset: end, as: UInt64.self)
            end &+= next != last ? 8 : 0
            last = next
        }
        // The first step (zero when all vertices round to one: no side, no turn then). The last
        // vertex back on the first (an explicitly closed outline) is not repeated.
        var firstStep = SIMD2<Int32>(0, 0)
        if end > 8 {
            firstStep = w.load(fromByteOffset: 8, as: SIMD2<Int32>.self) &- w.load(as: SIMD2<Int32>.self)
            if last == start { end &-= 8 }
        }
        // The closing side's end: the first vertex once more, stored but not kept. (Storing it
        // inside the test above, with the sides' loop, costs 18 instructions a subpath more.)
        w.storeBytes(of: start, toByteOffset: end, as: UInt64.self)
        if end > 8 {
            // (A side's edge is its two vertices' bytes as they lie.)
            var at = 0
            while at < end {
                run.side(UnsafeRawPointer(w + at).loadUnaligned(as: SIMD4<Int32>.self))
                at &+= 8
            }
        }
        // Its first step in y (0 when there is none), from the first kept edge: never the
        // closing side's, since the steps in y sum to zero and a kept edge has one.
        let firstEdge = edges + Int(shapeStart)
        let firstDy = run.edge > firstEdge ? firstEdge.pointee.w &- firstEdge.pointee.y : 0
        // The change from the last step in y back to the first is a reversal when their signs
        // differ.
        run.uncountStartReversal(firstDy: firstDy)
        run.flips &+= Int32(bitPattern: UInt32(bitPattern: firstDy ^ run.lastDy) >> 31)
        let c = run.pdx &* Int64(firstStep.y) &- run.pdy &* Int64(firstStep.x)
        run.negative |= c; run.positive |= 0 &- c
        run.vertex = w + end
        finishRun(run)
        lastX = Int32(truncatingIfNeeded: start); lastY = Int32(truncatingIfNeeded: start >> 32)
        startX = lastX; startY = lastY
        let (convex, orientation) = ConvexityProbe<Int64>.classify(turns: run.turnBits, flips: run.flips)
        appendShape(convex: convex, orientation: orientation)
    }

    /// Writes back what every run leaves in the builder: the buffers' counts, the subpath's
    /// bounds and the probe.
    @inline(__always) mutating func finishRun(_ run: SideRun) {
        // (Byte distances shifted: a pointer difference divides with a rounding fix-up.)
        count = (UnsafeRawPointer(run.edge) - UnsafeRawPointer(edges)) &>> 4
        vertexCount = (UnsafeRawPointer(run.vertex) - UnsafeRawPointer(vertices)) &>> 3
        subpathLow = run.low; subpathHigh = run.high
        probe += run.sum.x + run.sum.y
    }

    /// Room for `edges` more edges and `vertices` more vertices.
    @inline(__always) mutating func reserve(edges n: Int, vertices m: Int) {
        if count &+ n > capacity {
            edges = Self.grown(edges, count: count, capacity: &capacity, minimum: count &+ n)
        }
        if vertexCount &+ m > vertexCapacity {
            vertices = Self.grown(vertices, count: vertexCount, capacity: &vertexCapacity, minimum: vertexCount &+ m)
        }
    }
}
