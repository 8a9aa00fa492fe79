import Geometry

/// A `PolylineSink` that turns flattened device-space polylines into clipped 24.8 fixed-point
/// edges for `CoverageAccumulator`, with no intermediate path.
///
/// Clipping keeps coverage exact inside the clip box: rows are independent, so parts above or
/// below are dropped; parts right of the box only affect pixels further right, so they are
/// dropped; parts left of it cover every visible pixel of their rows, so they become vertical
/// edges on the left border. Segments with a non-finite coordinate are dropped; huge finite
/// ones are clipped without overflow.
/// Every polyline is closed implicitly (fills close open subpaths).
struct EdgeBuilder: PolylineSink {
    var edges: UnsafeMutablePointer<SIMD4<Int32>>
    var count = 0
    var capacity: Int
    let left: Double, top: Double, right: Double, bottom: Double
    /// Bounds of the pushed endpoints in pixels.
    var loX = Double.infinity, loY = Double.infinity, hiX = -Double.infinity, hiY = -Double.infinity
    var start = Point.zero, last = Point.zero
    var open = false
    /// True when some part of a segment right of the clip box was dropped: coverage may then
    /// extend to the clip's right border, beyond `maxX`.
    var droppedRight = false
    /// Subpaths with nonzero area seen so far, and whether all of them were convex (then the
    /// accumulation is exact when there is at most one; see `SubpathShape`).
    var solidSubpaths = 0
    var allConvex = true
    var probe = ConvexityProbe<Double>()

    /// Takes over `storage` (reallocated when it grows); `clip` must lie in 0 ..< 2²¹ px.
    init(storage: UnsafeMutablePointer<SIMD4<Int32>>, capacity: Int, clip: PixelRect) {
        edges = storage; self.capacity = capacity
        left = Double(clip.minX); top = Double(clip.minY)
        right = Double(clip.maxX); bottom = Double(clip.maxY)
    }

    @inline(__always) mutating func moveTo(_ p: Point) {
        closeCurrent()
        start = p; last = p; open = true
        probe.reset()
    }

    @inline(__always) mutating func lineTo(_ p: Point) {
        probe.add(p.x - last.x, p.y - last.y)
        addSegment(last.x, last.y, p.x, p.y)
        last = p
    }

    @inline(__always) mutating func endPolyline(closed: Bool) { closeCurrent() }

    /// `closeCurrent` adds the closing edge (every polyline of a fill is closed).
    static var closesPolylines: Bool { true }

    @inline(__always) mutating func closeCurrent() {
        guard open else { return }
        if last != start { addSegment(last.x, last.y, start.x, start.y) }
        probe.add(start.x - last.x, start.y - last.y)
        let (convex, orientation) = probe.finish()
        if !convex { allConvex = false }
        if orientation != 0 || !convex { solidSubpaths &+= 1 }
        open = false
    }

    @inline(__always) mutating func addSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        // Common case first: both ends inside the clip box (false for NaN).
        if ax >= left && ax <= right && bx >= left && bx <= right && ay >= top && ay <= bottom && by >= top && by <= bottom {
            push(ax, ay, bx, by); return
        }
        guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
        if ay == by { return }
        if ay < by {
            if by <= top || ay >= bottom { return }
        } else {
            if ay <= top || by >= bottom { return }
        }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by
        // Clip in y (rows outside are never rasterized).
        if y0 < top || y0 > bottom || y1 < top || y1 > bottom {
            // Halved differences cannot overflow for finite input (coordinates up to ±1.8e308).
            let dxdy = (x1 * 0.5 - x0 * 0.5) / (y1 * 0.5 - y0 * 0.5)
            // Each crossing is computed from an endpoint inside the row range when there is one,
            // so far-away endpoints do not cancel the precision of nearby crossings.
            if y0 < top || y0 > bottom {
                let yc = y0 < top ? top : bottom
                if y1 >= top && y1 <= bottom { x0 = x1 + (yc - y1) * dxdy } else { x0 += (yc - y0) * dxdy }
                y0 = yc
            }
            if y1 < top || y1 > bottom {
                let yc = y1 < top ? top : bottom
                x1 = x0 + (yc - y0) * dxdy
                y1 = yc
            }
            guard !x0.isNaN, !x1.isNaN else { return }
        }
        // Far outside left or right only the side matters: bound x so later slopes stay finite.
        let far = 1e300
        x0 = x0 < -far ? -far : (x0 > far ? far : x0)
        x1 = x1 < -far ? -far : (x1 > far ? far : x1)
        if x0 >= right && x1 >= right { droppedRight = true; return }
        if x0 <= left && x1 <= left { pushClamped(left, y0, left, y1); return }
        if x0 >= left && x1 >= left && x0 <= right && x1 <= right { pushClamped(x0, y0, x1, y1); return }
        // Split at the borders it crosses, in order along the segment.
        let dydx = (y1 - y0) / (x1 - x0)
        // Crossings from the inside endpoint when there is one (precision, as above).
        let endInside = x1 >= left && x1 <= right
        var px = x0, py = y0
        var tl = 2.0, tr = 2.0
        if (x0 < left) != (x1 < left) { tl = (left - x0) / (x1 - x0) }
        if (x0 > right) != (x1 > right) { tr = (right - x0) / (x1 - x0) }
        let first = Swift.min(tl, tr), second = Swift.max(tl, tr)
        if first <= 1 {
            let cx = first == tl ? left : right
            let cy = endInside ? y1 + (cx - x1) * dydx : y0 + (cx - x0) * dydx
            piece(px, py, cx, cy)
            px = cx; py = cy
        }
        if second <= 1 {
            let cx = second == tl && first != tl ? left : right
            let cy = endInside ? y1 + (cx - x1) * dydx : y0 + (cx - x0) * dydx
            piece(px, py, cx, cy)
            px = cx; py = cy
        }
        piece(px, py, x1, y1)
    }

    /// One piece that lies wholly on one side of each border.
    @inline(__always) mutating func piece(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let mx = (x0 + x1) * 0.5
        if mx >= right { droppedRight = true; return }
        if mx <= left { pushClamped(left, y0, left, y1); return }
        pushClamped(x0, y0, x1, y1)
    }

    /// Slow-path push: intersections computed from extreme slopes may round outside the box
    /// or overflow; clamp into it (NaN is dropped) so cells are never addressed outside.
    @inline(__always) mutating func pushClamped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard !x0.isNaN, !y0.isNaN, !x1.isNaN, !y1.isNaN else { return }
        func cx(_ v: Double) -> Double { v < left ? left : (v > right ? right : v) }
        func cy(_ v: Double) -> Double { v < top ? top : (v > bottom ? bottom : v) }
        push(cx(x0), cy(y0), cx(x1), cy(y1))
    }

    @inline(__always) mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let qy0 = EdgeBuilder.fixed(y0), qy1 = EdgeBuilder.fixed(y1)
        if qy0 == qy1 { return }
        let qx0 = EdgeBuilder.fixed(x0), qx1 = EdgeBuilder.fixed(x1)
        if count == capacity { grow() }
        edges[count] = SIMD4(qx0, qy0, qx1, qy1)
        count &+= 1
        // Bounds in pixels (two-lane min/max); rounding to fixed point is monotonic, so the
        // fixed-point bounds are the rounded pixel bounds.
        // (Ternaries compile to minsd/maxsd; the coordinates are finite here.)
        let ax = x0 < x1 ? x0 : x1, bx = x0 < x1 ? x1 : x0
        let ay = y0 < y1 ? y0 : y1, by = y0 < y1 ? y1 : y0
        loX = ax < loX ? ax : loX; hiX = bx > hiX ? bx : hiX
        loY = ay < loY ? ay : loY; hiY = by > hiY ? by : hiY
    }

    /// Bounds of the edges in 24.8 fixed point (valid when count > 0).
    var minX: Int32 { EdgeBuilder.fixed(loX) }
    var minY: Int32 { EdgeBuilder.fixed(loY) }
    var maxX: Int32 { EdgeBuilder.fixed(hiX) }
    var maxY: Int32 { EdgeBuilder.fixed(hiY) }

    /// v·256 rounded to nearest (ties to even). Valid for |v| < 2²² (clipped coordinates).
    @inline(__always) static func fixed(_ v: Double) -> Int32 {
        FastRounding.int32(v * 256)
    }

    mutating func grow() {
        let newCapacity = Swift.max(64, capacity * 2)
        let n = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: newCapacity)
        n.moveInitialize(from: edges, count: count)
        edges.deallocate()
        edges = n; capacity = newCapacity
    }
}
