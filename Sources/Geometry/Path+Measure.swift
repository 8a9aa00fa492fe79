extension Path {
    /// The total arc length in path units: lines exactly, curves by adaptive quadrature; a
    /// `closeSubpath()` adds the straight segment back to the subpath's start, moves add
    /// nothing. An empty path has length 0. For repeated queries build one `PathMeasure`.
    public var length: Double { PathMeasure(self).length }

    /// The part of the path between two fractions of its length, with SwiftUI's semantics:
    /// fractions are clamped to 0…1, `from ≥ to` gives an empty path, 0…1 the path itself.
    /// Curves are split exactly (they stay curves); closing segments count toward the length
    /// and a piece of one is emitted as a line; a range spanning subpaths gives one subpath
    /// per piece. See `PathMeasure.trimmedPath(fromDistance:toDistance:)`.
    public func trimmedPath(from: Double, to: Double) -> Path {
        PathMeasure(self).trimmedPath(from: from, to: to)
    }

    /// The position and unit tangent at `fraction` of the length (clamped to 0…1); nil for a
    /// path without length. See `PathMeasure.point(atFraction:)`.
    public func point(atFraction fraction: Double) -> PathPoint? {
        PathMeasure(self).point(atFraction: fraction)
    }
}
