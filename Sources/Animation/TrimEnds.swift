import Geometry

/// The visible part of a path as fractions of its length, animatable: animate `end` from 0
/// to 1 and the path draws itself in (the seats' entrance). A renderer strokes
/// `path.trimmedPath(from: start, to: end)`, or calls `apply(to:)`.
public struct TrimEnds: Animatable, Hashable, Sendable {
    /// Fractions of the path's length, 0…1 (clamped when applied).
    public var start: Double
    public var end: Double

    @inlinable public init(start: Double = 0, end: Double = 1) { self.start = start; self.end = end }

    /// Nothing drawn yet: the starting state of a draw-in.
    public static let hidden = TrimEnds(start: 0, end: 0)
    /// The whole path.
    public static let full = TrimEnds(start: 0, end: 1)

    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(start, end) }
        set { start = newValue.first; end = newValue.second }
    }

    /// True when the whole path shows (no trimming needed).
    @inlinable public var isFull: Bool { start <= 0 && end >= 1 }

    /// The part of `path` between the ends; the path itself when nothing is trimmed.
    public func apply(to path: Path) -> Path {
        if isFull { return path }
        let s = start.isFinite ? min(max(start, 0), 1) : 0
        let e = end.isFinite ? min(max(end, 0), 1) : 1
        if e <= s { return Path() }
        return path.trimmedPath(from: s, to: e)
    }
}
