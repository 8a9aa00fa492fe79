import Geometry

/// The interactive chart: venue, index, view state, the selected tribune and seats, and the
/// event's availability. Taps follow SportFan: a tap inside the selected tribune toggles the
/// seat under the finger; a tap on another tribune selects it and fits it into the safe area
/// (`ChartViewState.fittedPlacement`); a tap outside every tribune goes home.
public struct SeatingChart: Sendable {
    /// The venue in the language shown (`showLanguage`); its geometry never changes.
    public private(set) var venue: Venue
    /// The venue as read, with its plain names and their translations.
    public let venueAsRead: Venue
    public let index: VenueIndex
    public var view: ChartViewState
    public var selectedTribune: Int?
    public var selection: SeatSelection
    public var availability: EventAvailability

    /// What a tap did.
    public enum TapOutcome: Hashable, Sendable {
        case seatSelected(Int)
        case seatDeselected(Int)
        case seatRefused(Int, SelectionRefusal)
        /// Inside the selected tribune but between seats.
        case missedSeat
        case tribuneSelected(Int)
        case zoomedOut
    }

    public init(venue: Venue, viewSize: Size, selection: SeatSelection = SeatSelection()) {
        self.venue = venue
        venueAsRead = venue
        index = VenueIndex(venue: venue)
        view = ChartViewState(viewSize: viewSize, chartSize: venue.size)
        view.seatSize = Self.medianSeatSize(venue)
        self.selection = selection
        availability = EventAvailability(seatCount: venue.seats.count)
    }

    /// Names the venue, its categories and tribunes in `languageTag` where the venue file
    /// translates them, else with their plain names (`Venue.localized(for:)`); seats, index,
    /// view and selection stay.
    public mutating func showLanguage(_ languageTag: String) {
        venue = venueAsRead.localized(for: languageTag)
    }

    /// Home: the whole stadium in the safe area at the home rotation, no tribune selected
    /// (seats stay selected).
    public mutating func home() {
        selectedTribune = nil
        view.goHome()
    }

    /// The median of the seats' sizes, venue units (0 without seats): the seat the zoom
    /// limits are about.
    static func medianSeatSize(_ venue: Venue) -> Double {
        guard !venue.seats.isEmpty else { return 0 }
        var sizes = venue.seats.map(\.size)
        sizes.sort()
        return sizes[sizes.count / 2]
    }

    /// Handles a tap at `screenPoint` (screen points) at time `now` (seconds).
    ///
    /// Differences from the design: seats and tribunes are found by their shapes, not bounding
    /// boxes, and a tap on empty space while zoomed zooms out (the design zooms to 25 with no
    /// tribune selected).
    public mutating func tap(atScreen screenPoint: Point, now: Double = 0) -> TapOutcome {
        let c = view.chartPoint(fromScreen: screenPoint)
        if let t = selectedTribune, venue.tribunes[t].contains(c) {
            guard let seat = index.seat(at: c, inTribune: t, of: venue) else { return .missedSeat }
            do {
                let on = try selection.toggle(seat, venue: venue, availability: availability, now: now)
                return on ? .seatSelected(seat) : .seatDeselected(seat)
            } catch {
                return .seatRefused(seat, error)
            }
        }
        if let u = index.tribune(at: c, in: venue) {
            selectedTribune = u
            view.place(view.fittedPlacement(outline: venue.tribunes[u].path, tap: screenPoint))
            return .tribuneSelected(u)
        }
        home()
        return .zoomedOut
    }
}
