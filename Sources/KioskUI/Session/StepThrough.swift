import Geometry

/// Step-through selection (`AccessibilityOptions.stepThrough`): where the visitor is in the
/// lists that replace the map's taps — how many seats (party size first), then section → row →
/// seats — and which page of the current list shows. The map stays above or beside the list
/// and follows it (`KioskSession+StepThrough`). A fresh value is where a new visitor starts.
struct StepThrough: Equatable {
    /// One list.
    enum Level: Hashable, Sendable {
        /// "How many seats?": one item per party size (party size first).
        case partySize
        /// The sections (tribunes), after Best seats and the accessible filter.
        case sections
        /// The rows of section `section` (an index of `Venue.tribunes`).
        case rows(section: Int)
        /// The seats of row `row` (an index of `Venue.rows`).
        case seats(row: Int)
    }

    /// The list shown (party size first starts at `.partySize` until a size is picked).
    var level: Level = .sections
    /// The page of the list shown, from 0.
    var page = 0
}

/// One entry of the step-through list as the visitor meets it, in reading order: the list's
/// items, then Back, Previous and More. Each has a frame on screen (px), a spoken `label` that
/// says all it shows, and the action a tap or a screen reader's double-tap performs
/// (`KioskSession.activateStepList(_:)`). `KioskSession.stepListEntries` is the ordered array.
public struct StepListEntry: Hashable, Sendable {
    /// What activating an entry does.
    public enum Action: Hashable, Sendable {
        /// Sets the party to this many seats and goes on to the sections.
        case partySize(Int)
        /// The party's chip: the party-size list again.
        case changePartySize
        /// The best block for the party: in `section`, or anywhere (nil); taken and flown to.
        case bestSeats(section: Int?)
        /// Turns the wheelchair-access filter on or off (the lists keep only sections and rows
        /// with wheelchair spaces while it is on).
        case accessibleFilter
        /// Opens section `Int` (an index of `Venue.tribunes`): its rows; the map flies there.
        case section(Int)
        /// Opens row `Int` (an index of `Venue.rows`): its seats; the map points it out.
        case row(Int)
        /// Chooses seat `Int` (an index of `Venue.seats`): the party is placed there
        /// (`PartyPlacement`), or, without party size first, the seat is toggled.
        case seat(Int)
        /// The list one level up.
        case back
        /// The page before, and the page after.
        case previousPage
        case nextPage
    }

    /// Where it is on screen, px.
    public var frame: Rect
    /// Everything it shows, as one sentence for speech ("North 2, 42 seats free, €29.00 – €65.00").
    public var label: String
    public var action: Action
}
