import Geometry

/// Turns a path and a `StrokeStyle` into the outline of its stroke, in user space: filling the
/// outline with the nonzero rule paints the stroke (cairo's semantics for joins, caps, miter
/// limit, degenerate subpaths and dashes).
///
/// Every curve is flattened first, so the outline is made of straight segments. Each subpath
/// becomes one contour (open) or two (closed) that run along one side of the polyline, around
/// the end, and back along the other side; inner corners are routed through the vertex. That
/// contour is, as a chain, the sum of one positively wound quad per segment, one wedge per
/// outer join and one piece per cap, so its winding number is ≥ 1 exactly on the stroke and
/// never negative: overlaps add up instead of cancelling under the nonzero rule.
public enum Stroker {
    /// - Parameters:
    ///   - path: the centre line, in user units.
    ///   - style: width, caps, joins, miter limit and dashes (user units).
    ///   - tolerance: the largest distance, in user units, between a curve or round join/cap
    ///     and its polygon (a renderer passes its device tolerance divided by the CTM's scale).
    /// - Returns: a closed, line-only path; empty for a non-positive or non-finite width.
    public static func outline(of path: Path, style: StrokeStyle, tolerance: Double) -> Path {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite, !path.isEmpty else { return Path() }
        var builder = Builder(style: style, tolerance: tolerance)
        builder.stroke(path)
        return builder.output
    }
}
