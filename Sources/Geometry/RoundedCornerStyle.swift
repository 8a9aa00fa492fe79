/// How the corners of a rounded rectangle are shaped, like SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Each corner is a quarter of an ellipse (a circle when the corner size is square).
    case circular
    /// Apple's "continuous" corners: the curvature ramps up smoothly from the straight edge,
    /// so the corner starts about 1.53 corner radii away from the rect's corner along each
    /// edge (see `Path.addRoundedRect(in:cornerSize:style:transform:)`).
    case continuous
}
