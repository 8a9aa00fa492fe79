import Geometry

/// Turns a path and a `StrokeStyle` into the outline of its stroke, in user space: filling the
/// outline with the nonzero rule paints the stroke, with cairo 1.16's semantics (checked
/// against renders of it):
/// - joins miter/round/bevel; a miter is drawn when 1/sin(ψ/2) ≤ `miterLimit` (ψ the angle
///   between the segments), else a bevel; vertices inside a curve are joined round;
/// - caps butt/round/square; closed subpaths are joined at their start instead of capped;
/// - zero-length segments are dropped; a subpath of zero length draws a disc with round caps
///   and nothing with butt or square caps; a lone move draws nothing;
/// - dashes follow arc length from each subpath's start (odd patterns repeat twice; negative,
///   non-finite or all-zero patterns draw solid); each dash is capped, joined at vertices it
///   spans, and a closed subpath's last dash is joined to its first when both touch the start;
///   zero-length dashes draw caps turned along the path; a dash starting exactly at a vertex
///   is joined there, and on paths of only horizontal/vertical lines with miter joins and
///   butt caps a dash ending exactly at a vertex keeps the corner (cairo's box stroker).
///
/// Every curve is flattened first, so the outline is made of straight segments; a vertex next
/// to each end of a curve turns the join or cap there along the curve's tangent. Each subpath
/// becomes one contour (open) or two (closed) that run along one side of the polyline, around
/// the end, and back along the other side. Routed through the vertex at inner corners, that
/// contour is, as a chain, the sum of one positively wound quad per segment, one wedge per
/// outer join and one piece per cap, so its winding number is ≥ 1 exactly on the stroke and
/// never negative: overlaps add up instead of cancelling under the nonzero rule. Where the
/// inner offset lines meet within both segments the corner is cut there instead, which only
/// lowers the winding from 2 to 1 in the overlap of the two segments.
public enum Stroker {
    /// - Parameters:
    ///   - path: the centre line, in user units.
    ///   - style: width, caps, joins, miter limit and dashes (user units).
    ///   - tolerance: the largest distance, in user units, between a curve or round join/cap
    ///     and its polygon (a renderer passes its device tolerance divided by the CTM's scale).
    ///   - exact: held to issue 29's truth (`DrawingContext` asks for it at its exact
    ///     tolerance): more vertices next to each curve's ends, so a wide stroke's chords there
    ///     stay within it behind a butt or square cap or a bevel or miter join, and dashed curves
    ///     flattened 16 times finer, so dashes fall where the curve's length puts them.
    /// - Returns: a closed, line-only path; empty for a non-positive or non-finite width.
    public static func outline(of path: Path, style: StrokeStyle, tolerance: Double, exact: Bool = false) -> Path {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite, !path.isEmpty else { return Path() }
        var builder = Builder(style: style, tolerance: tolerance, exact: exact)
        builder.stroke(path)
        return builder.output
    }
}
