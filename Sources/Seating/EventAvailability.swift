/// The status of every seat of a venue for one event, at one revision of the box office's
/// availability feed. Flat: one status byte per seat plus a small table of holds.
public struct EventAvailability: Sendable {
    /// The revision of the feed this state reflects (0 = nothing received: all available).
    public private(set) var revision: Int = 0
    /// Counts `set` calls: local changes leave `revision` alone, so whoever keeps seat colours
    /// (the chart renderer) compares both to know when to look again.
    public private(set) var localEdits: Int = 0
    /// Per seat, a `StatusCode`.
    var codes: [UInt8]
    /// For held seats, the index into `holds`.
    var holdOf: [Int32]
    /// Distinct holds seen (id, until), in order of first appearance.
    var holds: [(id: String, until: Double)] = []
    /// (id, until) → index into `holds`, so a snapshot with thousands of holds stays linear.
    var holdIndex: [HoldKey: Int32] = [:]

    struct HoldKey: Hashable { var id: String; var until: Double }

    public init(seatCount: Int) {
        codes = [UInt8](repeating: 0, count: seatCount)
        holdOf = [Int32](repeating: -1, count: seatCount)
    }

    public var seatCount: Int { codes.count }

    /// The values of `statusCodes`.
    public enum StatusCode {
        public static let available: UInt8 = 0
        public static let held: UInt8 = 1
        public static let sold: UInt8 = 2
        public static let blocked: UInt8 = 3
    }

    /// Every seat's stored status as a `StatusCode`, indexed by seat: for scans over all seats
    /// (a held seat's expiry is `holdExpiry(_:)`).
    public var statusCodes: [UInt8] { codes }

    /// When seat `i`'s hold ends (seconds on the event's clock), or nil when it is not held.
    public func holdExpiry(_ i: Int) -> Double? {
        guard i >= 0, i < codes.count, codes[i] == StatusCode.held else { return nil }
        return holds[Int(holdOf[i])].until
    }

    /// The stored status of seat `i`.
    public func status(_ i: Int) -> SeatStatus {
        switch codes[i] {
        case StatusCode.held:
            let h = holds[Int(holdOf[i])]
            return .held(hold: h.id, until: h.until)
        case StatusCode.sold: return .sold
        case StatusCode.blocked: return .blocked
        default: return .available
        }
    }

    /// The status at time `now`: a hold whose `until` has passed counts as available (lazy
    /// expiry, as the box office treats it).
    public func status(_ i: Int, at now: Double) -> SeatStatus {
        if case .held(_, let until) = status(i), until <= now { return .available }
        return status(i)
    }

    /// Sets one seat directly (local state, e.g. tests or an offline demo).
    public mutating func set(_ i: Int, _ s: SeatStatus) {
        localEdits &+= 1
        switch s {
        case .available: codes[i] = StatusCode.available; holdOf[i] = -1
        case .held(let id, let until):
            codes[i] = StatusCode.held
            let key = HoldKey(id: id, until: until)
            if let k = holdIndex[key] {
                holdOf[i] = k
            } else {
                holds.append((id, until)); holdOf[i] = Int32(holds.count - 1); holdIndex[key] = holdOf[i]
            }
        case .sold: codes[i] = StatusCode.sold; holdOf[i] = -1
        case .blocked: codes[i] = StatusCode.blocked; holdOf[i] = -1
        }
    }

    /// Applies a delta, all or nothing. Refused when stale (revision not newer), out of order
    /// (base ≠ current revision, unless `full`), malformed, or naming an unknown seat.
    public mutating func apply(_ delta: AvailabilityDelta, lookup: SeatLookup) throws(AvailabilityDeltaError) {
        guard delta.revision > delta.baseRevision || (delta.full && delta.revision > revision) else {
            throw .notForward(baseRevision: delta.baseRevision, revision: delta.revision)
        }
        guard delta.revision > revision else {
            throw .stale(deltaRevision: delta.revision, currentRevision: revision)
        }
        if !delta.full && delta.baseRevision != revision {
            throw .outOfOrder(baseRevision: delta.baseRevision, currentRevision: revision)
        }
        var resolved: [(Int, SeatStatus)] = []
        resolved.reserveCapacity(delta.changes.count)
        for c in delta.changes {
            guard let i = lookup.index(of: c.seatID), i < codes.count else { throw .unknownSeat(c.seatID) }
            resolved.append((i, c.status))
        }
        if delta.full {
            for i in codes.indices { codes[i] = 0; holdOf[i] = -1 }
            holds.removeAll(); holdIndex.removeAll()
        }
        for (i, s) in resolved { set(i, s) }
        revision = delta.revision
    }
}
