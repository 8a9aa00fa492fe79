import Seating

extension AvailabilityDocument {
    /// The feed as a `Seating` delta for the chart's `EventAvailability`: `since` is the revision
    /// the request asked from (nil for a full snapshot). Changes are ordered by seat id. The feed
    /// does not say whose hold a seat is in, so held seats carry an empty hold id and no expiry
    /// (the server frees them).
    public func seatingDelta(since: Int64?) -> AvailabilityDelta {
        let changes = seats.keys.sorted().map { id -> AvailabilityDelta.Change in
            let status: SeatStatus = switch seats[id] {
            case "held": .held(hold: "", until: .infinity)
            case "sold": .sold
            case "blocked": .blocked
            default: .available
            }
            return AvailabilityDelta.Change(seatID: id, status: status)
        }
        return AvailabilityDelta(baseRevision: Int(full ? 0 : (since ?? 0)), revision: Int(revision), full: full, changes: changes)
    }
}

extension PurchaseClient {
    /// The event's layout as the chart's venue model (the layout is a pretix seating plan).
    public func venue() async throws -> Venue {
        let document = try await layoutDocument()
        return try PretixSeatingPlan.importPlan(Array(document), id: event?.layoutID ?? "layout")
    }
}
