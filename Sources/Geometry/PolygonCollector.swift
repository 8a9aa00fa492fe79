/// Collects flattened polylines (`Path.flatten(tolerance:transform:into:)`) as closed contours
/// of `Float` points, in one contiguous buffer: contour k is `points[starts[k] ..< starts[k + 1]]`
/// once `finish()` has appended the end sentinel. Inlinable: `flatten` is, and the seat-mask
/// generation calls these per point.
public struct PolygonCollector: PolylineSink {
    public var points: [SIMD2<Float>] = []
    public var starts: [Int32] = []

    @inlinable public init() {}

    @inlinable public mutating func moveTo(_ p: Point) {
        starts.append(Int32(points.count))
        points.append(SIMD2(Float(p.x), Float(p.y)))
    }
    @inlinable public mutating func lineTo(_ p: Point) { points.append(SIMD2(Float(p.x), Float(p.y))) }
    @inlinable public mutating func endPolyline(closed: Bool) {
        // A closing segment back to the start is implied; drop a duplicated start point.
        if let s = starts.last, points.count - Int(s) > 1, points.last == points[Int(s)] { points.removeLast() }
    }
    /// Appends the end sentinel: contour k is `starts[k] ..< starts[k + 1]`.
    @inlinable public mutating func finish() { starts.append(Int32(points.count)) }
}
