import Seating

extension SeatLook.Status {
    /// Seat `seat`'s status in `chart` at `now` (s): selected when the visitor chose it, else
    /// from the availability (a hold that has run out is free again).
    public init(_ chart: SeatingChart, seat: Int, now: Double) {
        if chart.selection.contains(seat) { self = .selected; return }
        switch chart.availability.status(seat, at: now) {
        case .available: self = .free(category: Int(chart.venue.seats[seat].category))
        case .held: self = .held
        case .sold: self = .sold
        case .blocked: self = .blocked
        }
    }
}
