import Geometry

/// A block of seats with an outline you can tap: a rectangle along a straight side or an
/// annular sector in a corner (SportFan's `RectTribune` / `ArcTribune`).
public struct Tribune: Hashable, Sendable {
    /// How the outline is described.
    public enum Outline: Hashable, Sendable {
        /// An axis-aligned rectangle, in venue units.
        case rect(Rect)
        /// An annular sector.
        case arc(ArcSector)
    }

    /// The kind of tribune, as written in venue files.
    public enum Kind: String, Hashable, Sendable { case rect, arc }

    /// Stable id (e.g. "R0-N03"); seat ids start with it in generated venues.
    public var id: String
    /// Human-readable label (e.g. "Ring 1 · North 3").
    public var label: String
    /// `label` in other languages (the file's optional `labels`).
    public var labels: LocalizedNames
    public var outline: Outline
    /// Rows of this tribune: a contiguous range of `Venue.rows`, row 1 (nearest the field) first.
    public var rows: Range<Int>
    /// Seats of this tribune: a contiguous range of `Venue.seats`.
    public var seats: Range<Int>

    public init(id: String, label: String, labels: LocalizedNames = [:], outline: Outline, rows: Range<Int>,
                seats: Range<Int>) {
        self.id = id; self.label = label; self.labels = labels; self.outline = outline; self.rows = rows; self.seats = seats
    }

    public var kind: Kind {
        if case .arc = outline { return .arc }
        return .rect
    }

    /// The outline as a closed path (the shape a tap must land in).
    public var path: Path {
        switch outline {
        case .rect(let r):
            var p = Path(); p.addRect(r); return p
        case .arc(let a):
            return a.path
        }
    }

    /// True when `p` is inside the outline: half-open for rects (like `Rect.contains`), closed
    /// for arcs.
    @inlinable public func contains(_ p: Point) -> Bool {
        switch outline {
        case .rect(let r): return r.contains(p)
        case .arc(let a): return a.contains(p)
        }
    }

    /// The outline's bounding box.
    public var bounds: Rect {
        switch outline {
        case .rect(let r): return r.standardized
        case .arc(let a): return a.bounds
        }
    }
}
