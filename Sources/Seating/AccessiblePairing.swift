/// The venue's wheelchair spaces and the companion seat that goes with each: the filter behind
/// "accessible seating", and the rule that a wheelchair space is sold with its companion seat.
///
/// Pairing: a companion seat belongs to a wheelchair space next to it in the same row (seat
/// order, no gap). Each row is walked in seat order and every wheelchair space takes the free-
/// to-pair companion seat just before it, else the one just after it; a companion seat pairs
/// with at most one space. (On a line this greedy walk pairs as many spaces as any rule can;
/// in generated venues it pairs seat 1 with seat 2 and the last seat with the one before it.)
/// A space with no companion seat beside it is listed unpaired; a companion seat with no space
/// beside it pairs with nothing. Depends on the venue only: build it once per venue.
public struct AccessiblePairing: Sendable {
    /// A wheelchair space and its companion seat (indices of `Venue.seats`).
    public struct Pair: Hashable, Sendable {
        public var space: Int
        /// Nil when no companion seat sits beside the space.
        public var companion: Int?
        public init(space: Int, companion: Int?) { self.space = space; self.companion = companion }
    }

    /// Every wheelchair space of the venue, in seat order, with its companion seat.
    public let pairs: [Pair]

    public init(venue: Venue) {
        var pairs: [Pair] = []
        venue.seats.withUnsafeBufferPointer { seats in
            for row in venue.rows {
                let r = row.seats
                var lastPairedCompanion = -1
                for i in r where seats[i].flags.contains(.wheelchair) {
                    var companion: Int? = nil
                    if i - 1 >= r.lowerBound && seats[i - 1].flags.contains(.companion) && lastPairedCompanion != i - 1 {
                        companion = i - 1
                    } else if i + 1 < r.upperBound && seats[i + 1].flags.contains(.companion) {
                        companion = i + 1
                    }
                    if let companion { lastPairedCompanion = companion }
                    pairs.append(Pair(space: i, companion: companion))
                }
            }
        }
        self.pairs = pairs
    }

    /// The pair whose space is `space`, or nil when `space` is not a wheelchair space.
    public func pair(ofSpace space: Int) -> Pair? {
        let k = lowerBound(space)
        return k < pairs.count && pairs[k].space == space ? pairs[k] : nil
    }

    /// The companion seat that goes with wheelchair space `space`, or nil.
    public func companion(of space: Int) -> Int? { pair(ofSpace: space)?.companion }

    /// The wheelchair space that companion seat `companion` goes with, or nil.
    public func space(of companion: Int) -> Int? {
        // Its space sits right before or right after it.
        for s in [companion - 1, companion + 1] where self.companion(of: s) == companion { return s }
        return nil
    }

    /// True when `seat` is a wheelchair space or a paired companion seat: what the accessible
    /// filter shows.
    public func isAccessible(_ seat: Int) -> Bool { pair(ofSpace: seat) != nil || space(of: seat) != nil }

    /// The pairs a visitor can take now: the space free, and its companion seat free (or none).
    public func available(in vacancy: SeatVacancy) -> [Pair] {
        pairs.filter { vacancy.isFree($0.space) && ($0.companion.map(vacancy.isFree) ?? true) }
    }

    /// Index of the first pair whose space is ≥ `space` (pairs are in seat order).
    func lowerBound(_ space: Int) -> Int {
        var lo = 0, hi = pairs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if pairs[mid].space < space { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
