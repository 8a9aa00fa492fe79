import Foundation
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
    /// The event's layout as the chart's venue model. The box office serves the document the
    /// event was created with: a Tribune venue file (read in full: rotations, arcs, prices,
    /// flags) or a pretix seating plan (imported; see docs/venue-format.md for what it lacks).
    public func venue() async throws -> Venue {
        let document = try await layoutDocument()
        if Self.isTribuneVenue(document) { return try VenueFile.decode(Array(document)) }
        return try PretixSeatingPlan.importPlan(Array(document), id: event?.layoutID ?? "layout")
    }

    /// Whether a layout document declares `"format": "tribune-venue"` (the first key, as
    /// `VenueFile` writes it; looked for in the opening bytes so a large plan is not parsed twice).
    static func isTribuneVenue(_ document: Data) -> Bool {
        let head = String(decoding: document.prefix(256), as: UTF8.self)
        guard let format = head.range(of: "\"format\"") else { return false }
        let rest = head[format.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == ":" }
        return rest.hasPrefix("\"\(VenueFile.format)\"")
    }
}
