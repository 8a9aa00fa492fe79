import Geometry

/// Turns a path and a `StrokeStyle` into the outline of its stroke, in user space: filling the
/// outline with the nonzero rule paints the stroke.
///
/// (Placeholder until the stroker lands: returns an empty outline.)
public enum Stroker {
    /// - Parameter tolerance: the flattening tolerance in user units.
    public static func outline(of path: Path, style: StrokeStyle, tolerance: Double) -> Path {
        Path()
    }
}
