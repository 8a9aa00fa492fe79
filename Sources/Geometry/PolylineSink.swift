/// Receives a path flattened into straight segments (see `Path.flatten(tolerance:transform:into:)`).
/// Renderers implement it to build edges without an intermediate array; generic use keeps the
/// calls specialized and inlined.
public protocol PolylineSink {
    /// Starts a new polyline at `p`.
    mutating func moveTo(_ p: Point)
    /// Adds a straight segment from the previous point to `p`.
    mutating func lineTo(_ p: Point)
    /// Ends the current polyline; `closed` tells whether the path closed it explicitly (the
    /// segment back to the start has already been emitted as a `lineTo` when needed).
    mutating func endPolyline(closed: Bool)
    /// Adds a straight segment to each of `points` mapped through `transform`, in order: the
    /// same as `lineTo(p.applying(transform))` for each (the default), for sinks that handle a
    /// polygon's sides in one loop.
    mutating func lineTo(contentsOf points: UnsafeBufferPointer<Point>, transform: AffineTransform)
    /// A closed polygon: `points[0]` and the rest mapped through `transform`, as `moveTo` of
    /// the first, `lineTo(contentsOf:transform:)` of the rest, the segment back to the first
    /// (unless `closesPolylines` or the last is already there) and `endPolyline(closed: true)`
    /// (the default), for sinks that handle a whole polygon in one loop. `points` is not empty.
    mutating func polygon(_ points: UnsafeBufferPointer<Point>, transform: AffineTransform)
    /// True when `endPolyline(closed: true)` adds the segment back to the polyline's start
    /// itself (as a fill's edges do): `Path.flatten` then does not emit it as a `lineTo` first.
    /// False by default.
    static var closesPolylines: Bool { get }
}

extension PolylineSink {
    @inlinable
    public mutating func lineTo(contentsOf points: UnsafeBufferPointer<Point>, transform: AffineTransform) {
        for p in points { lineTo(p.applying(transform)) }
    }

    @inlinable
    public mutating func polygon(_ points: UnsafeBufferPointer<Point>, transform: AffineTransform) {
        let start = points[0].applying(transform)
        moveTo(start)
        lineTo(contentsOf: UnsafeBufferPointer(rebasing: points.dropFirst()), transform: transform)
        if !Self.closesPolylines && points[points.count - 1].applying(transform) != start { lineTo(start) }
        endPolyline(closed: true)
    }

    @inlinable public static var closesPolylines: Bool { false }
}
