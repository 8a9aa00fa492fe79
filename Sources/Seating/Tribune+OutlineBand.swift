import Geometry

extension Tribune {
    /// A stroked outline drawn as two fills: `outer` (the tribune grown by half the line
    /// width) in the outline's colour, then `inner` (shrunk by as much; empty when nothing is
    /// left) in the tribune's. Together they paint the picture of filling the tribune and then
    /// stroking its path with round joins (pixels where edges meet mix the three colours a few
    /// levels differently), with two edges instead of three and no overlapping pieces to
    /// resolve: the chart's cold 4K frames spent a fifth of their time on the outline strokes.
    public struct OutlineBand: Sendable {
        public var outer: Path
        public var inner: Path
    }

    /// The band of an outline `halfWidth` (venue units) each side of the path, or nil for a
    /// shape it is not exact for (an arc wider than a half turn or with an inner radius within
    /// `halfWidth` of its centre, a non-positive width): those are drawn as fill and stroke.
    public func outlineBand(halfWidth d: Double) -> OutlineBand? {
        guard d > 0, d.isFinite else { return nil }
        switch outline {
        case .rect(let raw):
            let r = raw.standardized
            guard r.width > 0, r.height > 0, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else {
                return nil
            }
            let outer = Path(roundedRect: r.insetBy(dx: -d, dy: -d), cornerRadius: d)
            var inner = Path()
            if r.width > 2 * d && r.height > 2 * d { inner.addRect(r.insetBy(dx: d, dy: d)) }
            return OutlineBand(outer: outer, inner: inner)
        case .arc(let a):
            guard let outer = a.dilatedPath(by: d), let inner = a.erodedPath(by: d) else { return nil }
            return OutlineBand(outer: outer, inner: inner)
        }
    }
}
