extension Path {
    /// The smallest rect containing every point the path passes through: end points, lone
    /// moves, and the extrema of curves (found by solving where each coordinate's derivative
    /// vanishes), like SwiftUI's `boundingRect` / `CGPathGetPathBoundingBox`.
    ///
    /// `Rect.null` for an empty path; a zero-size rect for a path that is a single point.
    public var boundingRect: Rect {
        guard !verbs.isEmpty else { return .null }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        @inline(__always) func include(_ x: Double, _ y: Double) {
            x0 = Swift.min(x0, x); x1 = Swift.max(x1, x); y0 = Swift.min(y0, y); y1 = Swift.max(y1, y)
        }
        var i = 0
        var last = Point.zero
        for v in verbs {
            switch v {
            case .move, .line:
                last = points[i]; include(last.x, last.y)
            case .quad:
                let c = points[i], p = points[i + 1]
                include(p.x, p.y)
                if let t = BezierRoots.quadStationary(last.x, c.x, p.x) {
                    include(BezierRoots.quad(last.x, c.x, p.x, t), last.y)
                }
                if let t = BezierRoots.quadStationary(last.y, c.y, p.y) {
                    include(last.x, BezierRoots.quad(last.y, c.y, p.y, t))
                }
                last = p
            case .cubic:
                let c1 = points[i], c2 = points[i + 1], p = points[i + 2]
                include(p.x, p.y)
                let rx = BezierRoots.cubicStationary(last.x, c1.x, c2.x, p.x)
                for k in 0..<rx.count {
                    include(BezierRoots.cubic(last.x, c1.x, c2.x, p.x, k == 0 ? rx.t0 : rx.t1), last.y)
                }
                let ry = BezierRoots.cubicStationary(last.y, c1.y, c2.y, p.y)
                for k in 0..<ry.count {
                    include(last.x, BezierRoots.cubic(last.y, c1.y, c2.y, p.y, k == 0 ? ry.t0 : ry.t1))
                }
                last = p
            case .close:
                // Returns to the subpath's first point, which is already included.
                break
            }
            i += v.pointCount
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rect containing every stored point, control points included (like
    /// `CGPathGetBoundingBox`). Never smaller than `boundingRect`; `Rect.null` when empty.
    public var controlPointBounds: Rect {
        guard let first = points.first else { return .null }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points {
            x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x); y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
