import Geometry

/// The optimistic `EdgeBuilder`: every segment is pushed as is, with no clip tests, while the
/// vertices' bounds are tracked. When they lie inside the clip box afterwards (`isInside`),
/// the edges equal `EdgeBuilder`'s for the same input (it takes the same push for segments
/// inside the box); otherwise the caller discards them (they may be garbage: the fixed-point
/// rounding is only valid for small coordinates) and builds again with `EdgeBuilder`.
struct UnclippedEdgeBuilder: PolylineSink {
    /// Bounds of the vertices in pixels (merged from each subpath's `subpathLow`/`subpathHigh`
    /// when it closes); `probe` sums the vertices' coordinates, so NaN or ∞ anywhere makes it
    /// non-finite. The bounds hold only while `probe` is finite: a NaN coordinate may leave NaN
    /// in a bound or be passed over by a later vertex, and `isInside` is false either way.
    var loX = Double.infinity, loY = Double.infinity, hiX = -Double.infinity, hiY = -Double.infinity
    var probe = 0.0
    /// The open subpath's bounds in pixels; empty (±∞) between subpaths, which `polygon` and
    /// `lineTo(contentsOf:)` rely on when they start a run's bounds from them.
    var subpathLow = SIMD2<Double>(.infinity, .infinity), subpathHigh = SIMD2<Double>(-.infinity, -.infinity)
    /// Every subpath's distinct vertices in 24.8 fixed point, in order, without the closing
    /// repeat of the first (`SubpathShape.firstVertex`/`vertexCount`): the polygons
    /// `InclusionExclusionResolver` clips against, horizontal sides included.
    var vertices: UnsafeMutablePointer<SIMD2<Int32>>
    var vertexCount = 0
    var vertexCapacity: Int
    var shapeFirstVertex: Int32 = 0
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
         shapes: UnsafeMutablePointer<SubpathShape>, shapeCapacity: Int,
         vertices: UnsafeMutablePointer<SIMD2<Int32>>, vertexCapacity: Int) {
        edges = storage; self.capacity = capacity
        self.shapes = shapes; self.shapeCapacity = shapeCapacity
        self.vertices = vertices; self.vertexCapacity = vertexCapacity
    }

    @inline(__always) mutating func include(_ p: Point) {
        let v = SIMD2(p.x, p.y)
        // (As `SideRun.include`: the bounds are the min's and max's first operand.)
        subpathLow = v.replacing(with: subpathLow, where: subpathLow .< v)
        subpathHigh = v.replacing(with: subpathHigh, where: subpathHigh .> v)
        probe += p.x + p.y
    }

    @inline(__always) mutating func addVertex(_ x: Int32, _ y: Int32) {
        if vertexCount == vertexCapacity { growVertices() }
        vertices[vertexCount] = SIMD2(x, y)
        vertexCount &+= 1
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
        shapeFirstVertex = Int32(truncatingIfNeeded: vertexCount)
        addVertex(startX, startY)
    }

    @inline(__always) mutating func lineTo(_ p: Point) {
        include(p)
        let x = EdgeBuilder.fixed(p.x), y = EdgeBuilder.fixed(p.y)
        if x == lastX && y == lastY { return }   // (adds no edge, no turn, no vertex)
        turns.add(Int64(x &- lastX), Int64(y &- lastY))
        push(lastX, lastY, x, y)
        addVertex(x, y)
        lastX = x; lastY = y
    }

    @inline(__always) mutating func endPolyline(closed: Bool) { closeCurrent() }

    /// `closeCurrent` adds the closing edge (every polyline of a fill is closed).
    static var closesPolylines: Bool { true }

    /// Closes with the segment back to the start (`EdgeBuilder` compares the unrounded points;
    /// when only they differ, its closing edge rounds to zero height and is dropped too).
    @inline(__always) mutating func closeCurrent() {
        guard open else { return }
        push(lastX, lastY, startX, startY)
        turns.add(Int64(startX &- lastX), Int64(startY &- lastY))
        let (convex, orientation) = turns.finish()
        // The last vertex back on the first (an explicitly closed outline) is not repeated.
        if vertexCount &- Int(shapeFirstVertex) > 1 && lastX == startX && lastY == startY { vertexCount &-= 1 }
        appendShape(convex: convex, orientation: orientation)
    }

    /// Records the subpath just closed (its edges from `shapeStart`, its vertices from
    /// `shapeFirstVertex`, its bounds `subpathLow`/`subpathHigh`) and merges its bounds.
    @inline(__always) mutating func appendShape(convex: Bool, orientation: Int8) {
        if shapeCount == shapeCapacity { growShapes() }
        // The fixed-point rounding is monotonic, so the rounded bounds are the bounds of the
        // rounded vertices.
        let box = SIMD4(EdgeBuilder.fixed(subpathLow.x), EdgeBuilder.fixed(subpathLow.y),
                        EdgeBuilder.fixed(subpathHigh.x), EdgeBuilder.fixed(subpathHigh.y))
        shapes[shapeCount] = SubpathShape(start: shapeStart, end: Int32(truncatingIfNeeded: count), convex: convex,
                                          orientation: orientation, firstVertex: shapeFirstVertex,
                                          vertexCount: Int32(truncatingIfNeeded: vertexCount) &- shapeFirstVertex,
                                          box: box)
        shapeCount &+= 1
        loX = Swift.min(loX, subpathLow.x); loY = Swift.min(loY, subpathLow.y)
        // (Not `Swift.max`, whose tie rule is four instructions more than one `maxpd`; they
        // differ only for NaN, which comes with a non-finite probe, and for signed zeros.)
        hiX = hiX > subpathHigh.x ? hiX : subpathHigh.x; hiY = hiY > subpathHigh.y ? hiY : subpathHigh.y
        subpathLow = SIMD2(.infinity, .infinity); subpathHigh = SIMD2(-.infinity, -.infinity)
        open = false
    }

    @inline(never) mutating func growShapes() {
        shapes = Self.grown(shapes, count: shapeCount, capacity: &shapeCapacity, minimum: 16)
    }

    @inline(never) mutating func growVertices() {
        vertices = Self.grown(vertices, count: vertexCount, capacity: &vertexCapacity, minimum: 64)
    }

    /// `buffer`'s first `count` elements moved to a new buffer of twice `capacity` (at least
    /// `minimum`), which `capacity` becomes; the old buffer is freed.
    static func grown<Element>(_ buffer: UnsafeMutablePointer<Element>, count: Int, capacity: inout Int,
                               minimum: Int) -> UnsafeMutablePointer<Element> {
        capacity = Swift.max(minimum, capacity * 2)
        let n = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        n.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        return n
    }

    @inline(__always) mutating func push(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
        if y0 == y1 { return }
        if count == capacity { grow() }
        edges[count] = SIMD4(x0, y0, x1, y1)
        count &+= 1
    }

    @inline(never) mutating func grow() {
        edges = Self.grown(edges, count: count, capacity: &capacity, minimum: 64)
    }
}
