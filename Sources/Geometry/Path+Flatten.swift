extension Path {
    /// Flattens the path into polylines after mapping it through `transform`, so the tolerance
    /// is measured in the output space (device pixels for a renderer).
    ///
    /// - Parameters:
    ///   - tolerance: the largest distance, in output units, between a curve and its polyline.
    ///   - transform: applied to the control points before flattening.
    ///   - sink: receives `moveTo` / `lineTo` / `endPolyline(closed:)` calls. A close emits the
    ///     segment back to the subpath's start (when it is not already there) before
    ///     `endPolyline(closed: true)`.
    @inlinable
    public func flatten<S: PolylineSink>(tolerance: Double, transform t: AffineTransform = .identity,
                                          into sink: inout S) {
        let tol = tolerance > 1e-9 && tolerance.isFinite ? tolerance : 0.1
        var i = 0
        var start = Point.zero, last = Point.zero
        var open = false
        points.withUnsafeBufferPointer { pts in
            for v in verbs {
                switch v {
                case .move:
                    if open { sink.endPolyline(closed: false) }
                    start = pts[i].applying(t); last = start
                    sink.moveTo(start); open = true
                case .line:
                    last = pts[i].applying(t); sink.lineTo(last)
                case .quad:
                    let c = pts[i].applying(t), p = pts[i + 1].applying(t)
                    Path.flattenQuad(last, c, p, tolerance: tol, into: &sink)
                    last = p
                case .cubic:
                    let c1 = pts[i].applying(t), c2 = pts[i + 1].applying(t), p = pts[i + 2].applying(t)
                    Path.flattenCubic(last, c1, c2, p, tolerance: tol, into: &sink)
                    last = p
                case .close:
                    if last != start { sink.lineTo(start) }
                    sink.endPolyline(closed: true)
                    last = start; open = false
                }
                i += v.pointCount
            }
        }
        if open { sink.endPolyline(closed: false) }
    }

    /// Emits a quadratic Bézier (p0 is the current point, already emitted) as line segments,
    /// using the fewest uniform steps whose error stays within `tolerance`: the maximum
    /// deviation of an n-step chord approximation of a quadratic is |p0 − 2c + p2| / (4n²).
    @inlinable
    static func flattenQuad<S: PolylineSink>(_ p0: Point, _ c: Point, _ p2: Point, tolerance: Double,
                                             into sink: inout S) {
        let ddx = p0.x - 2 * c.x + p2.x, ddy = p0.y - 2 * c.y + p2.y
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let nf = (dd / (4 * tolerance)).squareRoot().rounded(.up)
        let n = nf.isFinite ? Swift.max(1, Swift.min(Int(nf), 4096)) : 1
        if n > 1 {
            let step = 1.0 / Double(n)
            for k in 1..<n {
                let u = Double(k) * step, v = 1 - u
                sink.lineTo(Point(x: v * v * p0.x + 2 * u * v * c.x + u * u * p2.x,
                                  y: v * v * p0.y + 2 * u * v * c.y + u * u * p2.y))
            }
        }
        sink.lineTo(p2)
    }

    /// Emits a cubic Bézier as line segments with Wang's formula for the step count:
    /// n = ⌈√(3·M / (4·tolerance))⌉ with M the largest second difference of the control polygon.
    @inlinable
    static func flattenCubic<S: PolylineSink>(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point,
                                              tolerance: Double, into sink: inout S) {
        let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
        let bx = c1.x - 2 * c2.x + p3.x, by = c1.y - 2 * c2.y + p3.y
        let m = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let nf = (3 * m / (4 * tolerance)).squareRoot().rounded(.up)
        let n = nf.isFinite ? Swift.max(1, Swift.min(Int(nf), 4096)) : 1
        if n > 1 {
            let step = 1.0 / Double(n)
            for k in 1..<n {
                let u = Double(k) * step, v = 1 - u
                let b0 = v * v * v, b1 = 3 * u * v * v, b2 = 3 * u * u * v, b3 = u * u * u
                sink.lineTo(Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x,
                                  y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y))
            }
        }
        sink.lineTo(p3)
    }

    /// The path with every curve replaced by line segments within `tolerance` of it.
    public func flattened(tolerance: Double) -> Path {
        var sink = PathBuildingSink()
        flatten(tolerance: tolerance, into: &sink)
        return sink.path
    }
}

/// A `PolylineSink` that collects the polylines into a `Path`.
@usableFromInline struct PathBuildingSink: PolylineSink {
    @usableFromInline var path = Path()
    @usableFromInline init() {}
    @inlinable mutating func moveTo(_ p: Point) { path.move(to: p) }
    @inlinable mutating func lineTo(_ p: Point) { path.addLine(to: p) }
    @inlinable mutating func endPolyline(closed: Bool) { if closed { path.closeSubpath() } }
}
