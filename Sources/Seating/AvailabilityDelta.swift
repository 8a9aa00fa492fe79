/// A change of seat states between two revisions of an event's availability, as the box
/// office's availability feed sends it (`?since=rev`).
///
/// A delta applies to exactly one revision (`baseRevision`) and produces `revision`. A `full`
/// delta is a snapshot: every seat not listed is available, and it applies on top of any
/// older revision.
public struct AvailabilityDelta: Hashable, Sendable {
    public struct Change: Hashable, Sendable {
        public var seatID: String
        public var status: SeatStatus
        public init(seatID: String, status: SeatStatus) { self.seatID = seatID; self.status = status }
    }

    public var baseRevision: Int
    public var revision: Int
    public var full: Bool
    public var changes: [Change]

    public init(baseRevision: Int, revision: Int, full: Bool = false, changes: [Change]) {
        self.baseRevision = baseRevision; self.revision = revision; self.full = full; self.changes = changes
    }
}

/// Why a delta was not applied.
public enum AvailabilityDeltaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The delta's revision is not newer than what we have.
    case stale(deltaRevision: Int, currentRevision: Int)
    /// The delta starts from a revision we do not have (one was missed or they arrived out of
    /// order).
    case outOfOrder(baseRevision: Int, currentRevision: Int)
    /// The delta does not move forward (revision ≤ base).
    case notForward(baseRevision: Int, revision: Int)
    /// A seat id the venue does not have.
    case unknownSeat(String)

    public var description: String {
        switch self {
        case .stale(let d, let c):
            "stale delta: revision \(d) is not newer than the current revision \(c); ignored"
        case .outOfOrder(let b, let c):
            "out-of-order delta: it applies to revision \(b) but the current revision is \(c); fetch a full snapshot or the missing deltas"
        case .notForward(let b, let r):
            "malformed delta: revision \(r) must be greater than its base revision \(b)"
        case .unknownSeat(let id):
            "delta names seat \"\(id)\", which this venue does not have; nothing applied"
        }
    }
}
