import Geometry

extension UnclippedEdgeBuilder {
    /// A run of lines (a polygon's sides) in one loop with its state in registers: the same
    /// vertices, edges, bounds and turns as `lineTo` for each point in turn.
    ///
    /// Each point's work is branch-free but for repeated vertices: an edge is stored for every
    /// side and counted only when it is not horizontal, a turn's sign is gathered in the sign
    /// bits of two words, and a reversal of the y direction is a change of sign between the
    /// last two non-zero steps in y. `ConvexityProbe`'s special cases (a subpath's first step
    /// and first step in y) are mended after the loop, or taken point by point through
    /// `lineTo` when earlier steps were all horizontal.
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
        var low = subpathLow, high = subpathHigh, sum = SIMD2<Double>(0, 0)
        // The last vertex as one word, x in the low half (a vertex's bytes in the buffers).
        var last = UInt64(UInt32(bitPattern: lastX)) | UInt64(UInt32(bitPattern: lastY)) << 32
        var pdx = fresh ? 0 : turns.prevDx, pdy = fresh ? 0 : turns.prevDy
        // Sign bits: some turn was negative (`negative`), some was positive (`positive`).
        var negative: Int64 = 0, positive: Int64 = 0
        var lastDy = Int32(turns.lastDown), flips = turns.flips
        var edge = edges + count, vertex = UnsafeMutableRawPointer(vertices + vertexCount)
        let bias = SIMD2<Double>(repeating: FastRounding.doubleBias)
        for p in UnsafeBufferPointer(rebasing: points[k...]) {
            let v = SIMD2(p.applying(t).x, p.applying(t).y)
            // (NaN lanes keep the old bounds; `sum` turns NaN or ∞ into a non-finite probe.)
            low.replace(with: v, where: v .< low)
            high.replace(with: v, where: v .> high)
            sum += v
            let q = unsafeBitCast(v * 256 + bias, to: SIMD4<Int32>.self)
            let next = unsafeBitCast(SIMD2(q[0], q[2]), to: UInt64.self)
            if next == last { continue }
            let sx = Int32(truncatingIfNeeded: next) &- Int32(truncatingIfNeeded: last)
            let sy = Int32(truncatingIfNeeded: next >> 32) &- Int32(truncatingIfNeeded: last >> 32)
            let dx = Int64(sx), dy = Int64(sy)
            let c = pdx &* dy &- pdy &* dx
            negative |= c; positive |= 0 &- c
            let nextDy = sy == 0 ? lastDy : sy
            flips &+= Int32(bitPattern: UInt32(bitPattern: nextDy ^ lastDy) >> 31)
            lastDy = nextDy
            edge.pointee = unsafeBitCast(SIMD2(last, next), to: SIMD4<Int32>.self)
            edge += sy == 0 ? 0 : 1
            vertex.storeBytes(of: next, as: UInt64.self)
            vertex += 8
            last = next; pdx = dx; pdy = dy
        }
        count = edge - edges; vertexCount = vertex.assumingMemoryBound(to: SIMD2<Int32>.self) - vertices
        subpathLow = low; subpathHigh = high
        probe += sum.x + sum.y
        lastX = Int32(truncatingIfNeeded: last); lastY = Int32(truncatingIfNeeded: last >> 32)
        turns.prevDx = pdx; turns.prevDy = pdy
        turns.turns |= (positive < 0 ? 1 : 0) | (negative < 0 ? 2 : 0)
        if fresh && vertexCount &- Int(shapeFirstVertex) > 1 {
            let first = vertices[Int(shapeFirstVertex) &+ 1] &- vertices[Int(shapeFirstVertex)]
            turns.firstDx = Int64(first.x); turns.firstDy = Int64(first.y); turns.started = true
            if lastDy != 0 {
                // The first step in y is the subpath's first edge; the loop counted the change
                // from no direction to a downward (negative) one as a reversal.
                let e = edges[Int(shapeStart)]
                turns.firstDown = e.w > e.y ? 1 : -1
                if e.w < e.y { flips &-= 1 }
            }
        }
        turns.flips = flips
        turns.lastDown = lastDy > 0 ? 1 : (lastDy < 0 ? -1 : 0)
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
