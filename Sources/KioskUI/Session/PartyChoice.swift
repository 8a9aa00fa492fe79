import Seating

/// The visitor's party, apart from the seats: how many seats they want (nil until picked),
/// whether the picker is open, and whether the accessible filter is on. A fresh value is the
/// state a new visitor meets: the picker open, no size, the filter off.
struct PartyChoice: Equatable {
    /// Seats wanted, 1…the order's maximum; nil until the visitor picks.
    var size: Int?
    /// The picker is shown until a size is picked, and again when the visitor taps the chip.
    var pickerOpen = true
    /// Wheelchair spaces and their companion seats are picked out on the map, and Best seats
    /// looks for an accessible block.
    var accessibleOnly = false
    /// The category of the venue's wheelchair spaces, found when the filter is first used
    /// (-1: the venue has none); the venue does not change, so a reset may keep it.
    var accessibleCategory: Int?
}
