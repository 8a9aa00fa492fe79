/// A `PolylineSink` that collects the polylines into a `Path`.
@usableFromInline struct PathBuildingSink: PolylineSink {
    @usableFromInline var path = Path()
    @usableFromInline init() {}
    @inlinable mutating func moveTo(_ p: Point) { path.move(to: p) }
    @inlinable mutating func lineTo(_ p: Point) { path.addLine(to: p) }
    @inlinable mutating func endPolyline(closed: Bool) { if closed { path.closeSubpath() } }
}
