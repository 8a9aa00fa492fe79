/// The buttons a visitor can press, named for scripts and tests (`KioskSession.frame(of:)`).
public enum KioskControl: String, Hashable, Sendable, CaseIterable {
    /// Buy Tickets in the bottom bar (disabled with no seats or without a box office).
    case buy
    /// The round zoom-out button, top left, while zoomed.
    case zoomOut
    /// Ok in the confirmation or purchase-failed dialog.
    case dialogOK
    /// The cart in the header (shows what is in it as a toast).
    case cart
    /// Continue in the "Still there?" prompt.
    case idleContinue
    /// The legend's entries: a tap highlights the entry's seats on the map (`tapLegend`).
    case legend
    /// Opens and closes the legend's panel where the legend folds (`KioskLayout.legendFolds`).
    case legendToggle
    /// Party size first: the picker's size buttons (which one from where the finger was).
    case partySize
    /// The party's chip in the strip: opens the picker again.
    case partyChange
    /// Best seats in the party strip (`BestAvailable` for the party).
    case bestSeats
    /// The accessible filter in the party strip: wheelchair spaces and companion seats.
    case accessibleFilter
}
