import Geometry

/// The optimistic `EdgeBuilder`: every segment is pushed as is, with no clip tests, while the
/// vertices' bounds are tracked. When they lie inside the clip box afterwards (`isInside`),
/// the edges equal `EdgeBuilder`'s for the same input (it takes the same push for segments
/// inside the box); otherwise the caller discards them (they may be garbage: the fixed-point
/// rounding is only valid for small coordinates) and builds again with `EdgeBuilder`.
struct UnclippedEdgeBuilder: PolylineSink {
    /// Bounds of the vertices in pixels; `probe` sums them so that NaN (which the comparisons
    /// skip) or ∞ makes it non-finite.
    var loX = Double.infinity, loY = Double.infinity, hiX = -Double.infinity, hiY = -Double.infinity
    var probe = 0.0
    var edges: UnsafeMutablePointer<SIMD4<Int32>>
    var count = 0
    var capacity: Int
    /// The subpath's start and the last vertex in 24.8 fixed point (each vertex is rounded
    /// once, not once per segment end).
    var startX: Int32 = 0, startY: Int32 = 0, lastX: Int32 = 0, lastY: Int32 = 0
    var open = false
    /// One record per subpath (see `SubpathShape`).
    var shapes: UnsafeMutablePointer<SubpathShape>
    var shapeCount = 0
    var shapeCapacity: Int
    var turns = ConvexityProbe<Int64>()
    var shapeStart: Int32 = 0

    init(storage: UnsafeMutablePointer<SIMD4<Int32>>, capacity: Int,
         shapes: UnsafeMutablePointer<SubpathShape>, shapeCapacity: Int) {
        edges = storage; self.capacity = capacity
        self.shapes = shapes; self.shapeCapacity = shapeCapacity
    }

    @inline(__always) mutating func include(_ p: Point) {
        loX = p.x < loX ? p.x : loX; hiX = p.x > hiX ? p.x : hiX
        loY = p.y < loY ? p.y : loY; hiY = p.y > hiY ? p.y : hiY
        probe += p.x + p.y
    }

    /// True when every vertex lies in the box (false for NaN or ∞ anywhere, and for no vertex).
    func isInside(left: Double, top: Double, right: Double, bottom: Double) -> Bool {
        probe.isFinite && loX <= hiX && loX >= left && hiX <= right && loY >= top && hiY <= bottom
    }

    @inline(__always) mutating func moveTo(_ p: Point) {
        closeCurrent()
        include(p)
        startX = EdgeBuilder.fixed(p.x); startY = EdgeBuilder.fixed(p.y)
        lastX = startX; lastY = startY; open = true
        turns.reset()
        shapeStart = Int32(truncatingIfNeeded: count)
    }

    @inline(__always) mutating func lineTo(_ p: Point) {
        include(p)
        let x = EdgeBuilder.fixed(p.x), y = EdgeBuilder.fixed(p.y)
        turns.add(Int64(x &- lastX), Int64(y &- lastY))
        push(lastX, lastY, x, y)
        lastX = x; lastY = y
    }

    @inline(__always) mutating func endPolyline(closed: Bool) { closeCurrent() }

    /// Closes with the segment back to the start (`EdgeBuilder` compares the unrounded points;
    /// when only they differ, its closing edge rounds to zero height and is dropped too).
    @inline(__always) mutating func closeCurrent() {
        guard open else { return }
        push(lastX, lastY, startX, startY)
        turns.add(Int64(startX &- lastX), Int64(startY &- lastY))
        let (convex, orientation) = turns.finish()
        if shapeCount == shapeCapacity { growShapes() }
        shapes[shapeCount] = SubpathShape(start: shapeStart, end: Int32(truncatingIfNeeded: count), convex: convex,
                                          orientation: orientation)
        shapeCount &+= 1
        open = false
    }

    @inline(never) mutating func growShapes() {
        let newCapacity = Swift.max(16, shapeCapacity * 2)
        let n = UnsafeMutablePointer<SubpathShape>.allocate(capacity: newCapacity)
        n.moveInitialize(from: shapes, count: shapeCount)
        shapes.deallocate()
        shapes = n; shapeCapacity = newCapacity
    }

    @inline(__always) mutating func push(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
        if y0 == y1 { return }
        if count == capacity { grow() }
        edges[count] = SIMD4(x0, y0, x1, y1)
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
