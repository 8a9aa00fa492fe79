import Geometry

/// The `EdgeBuilder` for a path known to lie inside the clip box (its transformed control
/// points do, and a flattened curve stays in its control points' hull): every segment is
/// pushed as is, with no clip tests and no bounds tracking (the caller has the bounds). The
/// edges equal `EdgeBuilder`'s for the same input, which takes the same push for segments
/// inside the box.
struct UnclippedEdgeBuilder: PolylineSink {
    var edges: UnsafeMutablePointer<SIMD4<Int32>>
    var count = 0
    var capacity: Int
    var start = Point.zero, last = Point.zero
    var open = false

    init(storage: UnsafeMutablePointer<SIMD4<Int32>>, capacity: Int) {
        edges = storage; self.capacity = capacity
    }

    @inline(__always) mutating func moveTo(_ p: Point) {
        closeCurrent()
        start = p; last = p; open = true
    }

    @inline(__always) mutating func lineTo(_ p: Point) {
        push(last.x, last.y, p.x, p.y)
        last = p
    }

    @inline(__always) mutating func endPolyline(closed: Bool) { closeCurrent() }

    @inline(__always) mutating func closeCurrent() {
        if open && last != start { push(last.x, last.y, start.x, start.y) }
        open = false
    }

    @inline(__always) mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let qy0 = EdgeBuilder.fixed(y0), qy1 = EdgeBuilder.fixed(y1)
        if qy0 == qy1 { return }
        if count == capacity { grow() }
        edges[count] = SIMD4(EdgeBuilder.fixed(x0), qy0, EdgeBuilder.fixed(x1), qy1)
        count &+= 1
    }

    @inline(never) mutating func grow() {
        let newCapacity = Swift.max(64, capacity * 2)
        let n = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: newCapacity)
        n.moveInitialize(from: edges, count: count)
        edges.deallocate()
        edges = n; capacity = newCapacity
    }
}
